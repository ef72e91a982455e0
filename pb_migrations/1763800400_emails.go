package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The e-mail outbox (package shop/mail): each e-mail is written in the
// transaction of the change that causes it and sent after the commit by a
// worker. eventKey is unique, so one event never yields two e-mails;
// claimedBy/claimedUntil let one worker at a time own a send.
func init() {
	m.Register(func(app core.App) error {
		zero := 0.0
		c := core.NewBaseCollection("emails")
		c.Fields.Add(
			&core.TextField{Name: "kind", Required: true, Max: 40},
			&core.TextField{Name: "to", Required: true, Max: 255},
			&core.TextField{Name: "language", Max: 5},
			&core.TextField{Name: "subject", Max: 500},
			&core.TextField{Name: "html", Max: 500000},
			&core.TextField{Name: "text", Max: 200000},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"queued", "sent", "failed"}},
			&core.NumberField{Name: "attempts", OnlyInt: true, Min: &zero},
			&core.TextField{Name: "lastError", Max: 2000},
			&core.DateField{Name: "nextAttemptAt"},
			&core.DateField{Name: "sentAt"},
			&core.TextField{Name: "eventKey", Required: true, Max: 300},
			&core.TextField{Name: "claimedBy", Max: 64},
			&core.DateField{Name: "claimedUntil"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		c.AddIndex("idx_emails_event", true, "eventKey", "")
		c.AddIndex("idx_emails_status_next", false, "status, nextAttemptAt", "")
		c.AddIndex("idx_emails_created", false, "created", "")
		return app.Save(c)
	}, func(app core.App) error {
		return deleteCollections(app, "emails")
	})
}
