package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/contact"
	"stageshop/shop/wire"
)

// registerContact binds /api/contact: the public form and the admin's
// handling of the requests.
func registerContact(se *core.ServeEvent) {
	g := shopGroup(se, "/api/contact")
	g.POST("/submit", submitContact)
	admin := g.Group("/admin")
	admin.Bind(staffOnly())
	admin.GET("/requests", adminListContacts)
	admin.PUT("/requests/{id}/status", adminSetContactStatus)
	admin.GET("/stats", adminContactStats)
	admin.DELETE("/requests/{id}", adminDeleteContact)
	admin.POST("/requests/{id}/reply", adminReplyContact)
}

// submitContact: language (the app's UI language) is optional; without it
// the visitor's language is taken from the request (visitorLanguage).
func submitContact(e *core.RequestEvent) error {
	var in contact.Input
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if in.Language == "" {
		in.Language = visitorLanguage(e)
	}
	id, err := contact.Submit(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, wire.ContactSent{ID: id, Message: "Message sent successfully!"})
}

func adminListContacts(e *core.RequestEvent) error {
	list, err := contact.List(e.App, contact.Query{Page: pageParam(e, "page", 1, 0),
		PageSize: pageParam(e, "pageSize", contact.DefaultPageSize, 0), Status: queryText(e, "status")})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminSetContactStatus(e *core.RequestEvent) error {
	var in contact.StatusInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	req, err := contact.SetStatus(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, req)
}

func adminContactStats(e *core.RequestEvent) error {
	stats, err := contact.GetStats(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, stats)
}

func adminDeleteContact(e *core.RequestEvent) error {
	if err := contact.Delete(e.App, e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Contact request deleted successfully"})
}
