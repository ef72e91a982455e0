package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The customers' address books: saved addresses with a label, at most one
// default per user (a partial unique index keeps that true whoever writes),
// deleted with their user. Closed to the records API: the shop's routes
// are the only way in.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("addresses")
		c.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "label", Max: 100},
			&core.TextField{Name: "firstName", Max: 200},
			&core.TextField{Name: "lastName", Max: 200},
			&core.TextField{Name: "address", Max: 200},
			&core.TextField{Name: "city", Max: 200},
			&core.TextField{Name: "state", Max: 200},
			&core.TextField{Name: "zipCode", Max: 200},
			&core.TextField{Name: "country", Max: 2},
			&core.TextField{Name: "phone", Max: 200},
			&core.BoolField{Name: "isDefault"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		c.AddIndex("idx_addresses_user", false, "user, created", "")
		c.AddIndex("idx_addresses_one_default", true, "user", "isDefault = TRUE")
		return app.Save(c)
	}, func(app core.App) error {
		return deleteCollections(app, "addresses")
	})
}
