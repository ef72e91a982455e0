package routes

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
	"stageshop/shop/contact"
)

// replyBody is the body of POST /api/contact/admin/requests/{id}/reply.
type replyBody struct {
	Message string `json:"message"`
}

// adminReplyContact stores an admin's reply and e-mails it to the visitor;
// the answer is the request with every reply.
func adminReplyContact(e *core.RequestEvent) error {
	admin := e.Auth
	var body replyBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	name := strings.TrimSpace(admin.GetString("firstName") + " " + admin.GetString("lastName"))
	if name == "" {
		name = admin.Email()
	}
	req, err := contact.AddReply(e.App, e.Request.PathValue("id"),
		contact.ReplyInput{Message: body.Message, AdminID: admin.Id, AdminName: name})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, req)
}

// visitorLanguage is the language of a visitor who did not say: the one
// the app starts in (?lng, its i18next cookie, Accept-Language), else
// English.
func visitorLanguage(e *core.RequestEvent) string {
	return firstscreen.Language(e.Request)
}
