package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A contact request remembers the visitor's language (its e-mails are
// written in it), and admins' replies are kept with who sent them.
func init() {
	m.Register(func(app core.App) error {
		requests, err := app.FindCollectionByNameOrId("contact_requests")
		if err != nil {
			return err
		}
		requests.Fields.Add(&core.SelectField{Name: "language", MaxSelect: 1, Values: []string{"en", "ru", "zh"}})
		if err := app.Save(requests); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("contact_replies")
		c.Fields.Add(
			&core.RelationField{Name: "request", CollectionId: requests.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			// The admin may be deleted later; the reply keeps their name.
			&core.RelationField{Name: "admin", CollectionId: users.Id, MaxSelect: 1},
			&core.TextField{Name: "adminName", Max: 250},
			&core.TextField{Name: "message", Required: true, Max: 5000},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_contact_replies_request", false, "request, created", "")
		return app.Save(c)
	}, func(app core.App) error {
		if err := deleteCollections(app, "contact_replies"); err != nil {
			return err
		}
		return removeFields(app, "contact_requests", "language")
	})
}
