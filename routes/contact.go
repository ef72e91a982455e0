package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// registerContact binds /api/contact: the public form and the admin's
// handling of the requests.
func registerContact(se *core.ServeEvent) {
	g := shopGroup(se, "/api/contact")
	g.POST("/submit", submitContact)
	admin := g.Group("/admin")
	admin.Bind(adminOnly())
	admin.GET("/requests", adminListContacts)
	admin.PUT("/requests/{id}/status", adminSetContactStatus)
	admin.GET("/stats", adminContactStats)
	admin.DELETE("/requests/{id}", adminDeleteContact)
	admin.POST("/requests/{id}/reply", adminReplyContact)
}

// contactBody is the body of POST /api/contact/submit. language (the
// app's UI language) is optional: without it the visitor's language is
// taken from the request (visitorLanguage).
type contactBody struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Subject  string `json:"subject"`
	Message  string `json:"message"`
	Language string `json:"language"`
}

func submitContact(e *core.RequestEvent) error {
	var body contactBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	if body.Language == "" {
		body.Language = visitorLanguage(e)
	}
	id, err := shop.SubmitContact(e.App, shop.ContactInput(body))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, wire.ContactSent{ID: id, Message: "Message sent successfully!"})
}

func adminListContacts(e *core.RequestEvent) error {
	list, err := shop.ListContactRequests(e.App, pageParam(e, "page", 1),
		pageParam(e, "pageSize", shop.DefaultContactPageSize), queryText(e, "status"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

// contactStatusBody is the body of the admin's status change.
type contactStatusBody struct {
	Status     string  `json:"status"`
	AdminNotes *string `json:"adminNotes"`
}

func adminSetContactStatus(e *core.RequestEvent) error {
	var body contactStatusBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	req, err := shop.SetContactStatus(e.App, e.Request.PathValue("id"), body.Status, body.AdminNotes)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, req)
}

func adminContactStats(e *core.RequestEvent) error {
	stats, err := shop.GetContactStats(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, stats)
}

func adminDeleteContact(e *core.RequestEvent) error {
	if err := shop.DeleteContact(e.App, e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Contact request deleted successfully"})
}
