package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The outbox counts what it recently sent to one address (a contact form's
// copies are capped per address and day) and finds queued account-security
// mail ahead of the rest (issue 27): indexes on the recipient and time, and
// on the kind and status.
func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "emails", func(c *core.Collection) {
			c.AddIndex("idx_emails_to_created", false, "`to`, created", "")
			c.AddIndex("idx_emails_kind_status", false, "kind, status", "")
		})
	}, func(app core.App) error {
		return updateCollection(app, "emails", func(c *core.Collection) {
			c.RemoveIndex("idx_emails_to_created")
			c.RemoveIndex("idx_emails_kind_status")
		})
	})
}
