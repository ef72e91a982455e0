package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/mail"
)

// registerAdminEmails binds the admin's view of the e-mail outbox.
func registerAdminEmails(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/emails")
	g.Bind(staffOnly())
	g.GET("", adminListEmails)
	g.GET("/{id}", adminGetEmail)
	g.POST("/{id}/resend", adminResendEmail)
}

func adminListEmails(e *core.RequestEvent) error {
	list, err := mail.List(e.App, mail.ListQuery{Page: pageParam(e, "page", 1, 0),
		PageSize: pageParam(e, "pageSize", mail.DefaultPageSize, 0), Status: queryText(e, "status")})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

// adminGetEmail and adminResendEmail answer an unknown id with 404 through
// the one error path (mail.ErrNotFound is a 404 wire.Problem).
func adminGetEmail(e *core.RequestEvent) error {
	m, err := mail.Get(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, m)
}

func adminResendEmail(e *core.RequestEvent) error {
	m, err := mail.Resend(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, m)
}
