package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The outbox counts what it recently sent to one address (a contact form's
// copies are capped per address and day, issue 27): an index on the
// recipient and the time.
func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "emails", func(c *core.Collection) {
			c.AddIndex("idx_emails_to_created", false, "`to`, created", "")
		})
	}, func(app core.App) error {
		return updateCollection(app, "emails", func(c *core.Collection) {
			c.RemoveIndex("idx_emails_to_created")
		})
	})
}
