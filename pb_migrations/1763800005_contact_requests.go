package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Messages sent through the contact form, worked by admins.
func init() {
	m.Register(func(app core.App) error {
		c := core.NewBaseCollection("contact_requests")
		c.Fields.Add(
			&core.TextField{Name: "name", Required: true, Max: 200},
			&core.EmailField{Name: "email", Required: true},
			&core.TextField{Name: "subject", Required: true, Max: 200},
			&core.TextField{Name: "message", Required: true, Max: 5000},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1,
				Values: []string{"New", "InProgress", "Resolved", "Closed"}},
			&core.TextField{Name: "adminNotes", Max: 5000},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		c.AddIndex("idx_contact_requests_created", false, "created", "")
		c.AddIndex("idx_contact_requests_status_created", false, "status, created", "")
		return app.Save(c)
	}, func(app core.App) error {
		return deleteCollections(app, "contact_requests")
	})
}
