package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// E-mails are queued as what they say (the view: subject, greeting, lines,
// totals, links, as JSON) and rendered to HTML and text when the worker
// sends them (or an admin previews them): the templates no longer run
// inside the order's transaction. html and text keep what went out.
func init() {
	m.Register(fieldsMigration("emails", &core.JSONField{Name: "view", MaxSize: 1 << 20}))
}
