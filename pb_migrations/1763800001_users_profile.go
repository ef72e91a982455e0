// Package migrations holds StageShop's schema as Go migrations. Each file is
// one change; later changes get a new file with a newer timestamp. A landed
// migration never changes what it does (its up and its down), because
// databases out there already ran it: its code may be refactored (the steps
// the migrations share are in helpers.go) only while TestSchemaGolden's
// record of what every migration does (testdata/schema.golden) stays as it
// is. Only a new migration adds to that file.
package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The users auth collection is created by PocketBase itself; the shop adds
// its profile fields and locks the collection to superusers (our /api/auth
// routes are the only way in for shoppers).
func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "users", func(users *core.Collection) {
			users.Fields.Add(
				&core.TextField{Name: "firstName", Max: 100},
				&core.TextField{Name: "lastName", Max: 100},
				&core.JSONField{Name: "roles", MaxSize: 2000},
				&core.DateField{Name: "lastLoginAt"},
			)
			users.ListRule = nil
			users.ViewRule = nil
			users.CreateRule = nil
			users.UpdateRule = nil
			users.DeleteRule = nil
			// Shoppers sign in with e-mail and password through /api/auth/login.
			users.PasswordAuth.Enabled = true
			users.PasswordAuth.IdentityFields = []string{"email"}
			// Access tokens are short-lived; refresh tokens (our own) carry sessions.
			users.AuthToken.Duration = 3600
		})
	}, func(app core.App) error {
		return removeFields(app, "users", "firstName", "lastName", "roles", "lastLoginAt")
	})
}
