package migrations

import (
	"regexp"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// resetLinkToken matches the token of a password-reset link.
var resetLinkToken = regexp.MustCompile(`(reset-password\?token=)[A-Za-z0-9_%-]+`)

// Password-reset e-mails no longer keep their link in the outbox, where
// admins read it (issue 27): the token is held in memory until the e-mail
// is sent. This removes the tokens from the reset e-mails already stored;
// those still queued can no longer be sent with a working link, so they
// fail with a reason (the user asks again). Down changes nothing back: the
// tokens are gone.
func init() {
	m.Register(func(app core.App) error {
		var rows []struct {
			ID     string `db:"id"`
			View   string `db:"view"`
			HTML   string `db:"html"`
			Text   string `db:"text"`
			Status string `db:"status"`
		}
		err := app.DB().Select("id", "view", "html", "text", "status").From("emails").
			Where(dbx.HashExp{"kind": "password_reset"}).All(&rows)
		if err != nil {
			return err
		}
		for _, r := range rows {
			params := dbx.Params{}
			for field, value := range map[string]string{"view": r.View, "html": r.HTML, "text": r.Text} {
				params[field] = resetLinkToken.ReplaceAllString(value, "${1}REDACTED")
			}
			if r.Status == "queued" {
				params["status"] = "failed"
				params["lastError"] = "The reset link was withheld from the outbox; the user can ask for a new one."
			}
			if _, err := app.DB().Update("emails", params, dbx.HashExp{"id": r.ID}).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(core.App) error { return nil })
}
