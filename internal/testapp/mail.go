package testapp

import (
	"context"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"stageshop/shop/mail"
)

// Deliver sends whatever the outbox holds, as the worker of a serving app
// would (SMTP is switched on first), and returns every message the test
// app's mailer has sent so far, oldest first.
func Deliver(t testing.TB, app *tests.TestApp) []*mailer.Message {
	t.Helper()
	if !app.Settings().SMTP.Enabled {
		UpdateSettings(t, app, func(s *core.Settings) { s.SMTP.Enabled, s.SMTP.Host = true, "smtp.invalid" })
	}
	w, err := mail.NewWorker(app)
	if err != nil {
		t.Fatal(err)
	}
	// A serving app's own worker may hold some of them: wait for it.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := w.SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		n, err := app.CountRecords(mail.Collection, dbx.HashExp{"status": mail.StatusQueued, "nextAttemptAt": ""})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 || time.Now().After(deadline) {
			return app.TestMailer.Messages()
		}
	}
}

var sentResetLink = regexp.MustCompile(`/reset-password\?token=([A-Za-z0-9_%-]+)`)

// SentResetToken delivers the outbox and returns the token of the newest
// password-reset link sent to email: what the user gets, which the outbox
// itself never keeps.
func SentResetToken(t testing.TB, app *tests.TestApp, email string) string {
	t.Helper()
	msgs := Deliver(t, app)
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if len(m.To) != 1 || m.To[0].Address != email {
			continue
		}
		if found := sentResetLink.FindStringSubmatch(m.Text); found != nil {
			token, err := url.QueryUnescape(found[1])
			if err != nil {
				t.Fatal(err)
			}
			return token
		}
	}
	t.Fatalf("no reset link was sent to %s", email)
	return ""
}
