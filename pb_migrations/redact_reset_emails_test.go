package migrations_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// Reset e-mails stored before issue 27 held the link; the migration takes
// the token out of every part and fails the ones not sent yet.
func TestRedactResetEmailsMigration(t *testing.T) {
	app := testapp.New(t)
	col, err := app.FindCollectionByNameOrId("emails")
	if err != nil {
		t.Fatal(err)
	}
	const link = "https://shop.example/reset-password?token=AbC123-secret_token"
	ids := map[string]string{}
	for i, status := range []string{"queued", "sent"} {
		rec := core.NewRecord(col)
		rec.Set("kind", "password_reset")
		rec.Set("to", "a@example.com")
		rec.Set("status", status)
		rec.Set("eventKey", "password_reset:old"+status)
		rec.Set("view", `{"Button":{"Label":"Reset","URL":"`+link+`"}}`)
		if i == 1 {
			rec.Set("html", `<a href="`+link+`">`+link+`</a>`)
			rec.Set("text", "Open "+link)
		}
		if err := app.SaveNoValidate(rec); err != nil {
			t.Fatal(err)
		}
		ids[status] = rec.Id
	}
	if err := migration(t, "1763801000_redact_reset_emails.go").Up(app); err != nil {
		t.Fatal(err)
	}
	for status, id := range ids {
		rec, err := app.FindRecordById("emails", id)
		if err != nil {
			t.Fatal(err)
		}
		all := rec.GetString("view") + rec.GetString("html") + rec.GetString("text")
		if strings.Contains(all, "AbC123") || !strings.Contains(rec.GetString("view"), "token=REDACTED") {
			t.Errorf("%s e-mail after the migration: %s", status, all)
		}
		want := map[string]string{"queued": "failed", "sent": "sent"}[status]
		if rec.GetString("status") != want {
			t.Errorf("%s e-mail is now %s", status, rec.GetString("status"))
		}
	}
}
