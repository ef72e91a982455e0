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
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("emails")
		if err != nil {
			return err
		}
		c.Fields.Add(&core.JSONField{Name: "view", MaxSize: 1 << 20})
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("emails")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("view")
		return app.Save(c)
	})
}
