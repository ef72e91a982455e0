package routes

import (
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/mail"
)

// registerAdminEmails binds the admin's view of the e-mail outbox.
func registerAdminEmails(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/emails")
	g.Bind(adminOnly())
	g.GET("", adminListEmails)
	g.GET("/{id}", adminGetEmail)
	g.POST("/{id}/resend", adminResendEmail)
}

func adminListEmails(e *core.RequestEvent) error {
	errs := map[string]string{}
	page, ok := queryInt(e, "page", 1)
	if !ok || page < 1 {
		errs["page"] = "Page must be a whole number of at least 1"
	}
	size, ok := queryInt(e, "pageSize", mail.DefaultPageSize)
	if !ok || size < 1 || size > mail.MaxPageSize {
		errs["pageSize"] = "Page size must be a whole number from 1 to 100"
	}
	status := strings.TrimSpace(e.Request.URL.Query().Get("status"))
	if status != "" && !mail.IsStatus(status) {
		errs["status"] = "Status must be one of queued, sent, failed"
	}
	if len(errs) > 0 {
		return validationError(errs)
	}
	list, err := mail.List(e.App, page, size, status)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminGetEmail(e *core.RequestEvent) error {
	m, err := mail.Get(e.App, e.Request.PathValue("id"))
	if errors.Is(err, mail.ErrNotFound) {
		return notFound("E-mail not found")
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, m)
}

func adminResendEmail(e *core.RequestEvent) error {
	m, err := mail.Resend(e.App, e.Request.PathValue("id"))
	if errors.Is(err, mail.ErrNotFound) {
		return notFound("E-mail not found")
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, m)
}
