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

// submitContact: language (the app's UI language) is optional; without it
// the visitor's language is taken from the request (visitorLanguage).
func submitContact(e *core.RequestEvent) error {
	var in shop.ContactInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if in.Language == "" {
		in.Language = visitorLanguage(e)
	}
	id, err := shop.SubmitContact(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, wire.ContactSent{ID: id, Message: "Message sent successfully!"})
}

func adminListContacts(e *core.RequestEvent) error {
	list, err := shop.ListContactRequests(e.App, shop.ContactQuery{Page: pageParam(e, "page", 1, 0),
		PageSize: pageParam(e, "pageSize", shop.DefaultContactPageSize, 0), Status: queryText(e, "status")})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminSetContactStatus(e *core.RequestEvent) error {
	var in shop.ContactStatusInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	req, err := shop.SetContactStatus(e.App, e.Request.PathValue("id"), in)
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
