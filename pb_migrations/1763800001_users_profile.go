// Package migrations holds StageShop's schema as Go migrations. Each file is
// one change and is never edited after it has landed; later changes get a new
// file with a newer timestamp.
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
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
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
		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		for _, name := range []string{"firstName", "lastName", "roles", "lastLoginAt"} {
			users.Fields.RemoveByName(name)
		}
		return app.Save(users)
	})
}
