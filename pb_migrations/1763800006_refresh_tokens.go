package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Refresh tokens, stored only as hashes. A family is one sign-in and all the
// tokens rotated from it; reuse of a retired token revokes the family.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("refresh_tokens")
		c.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "tokenHash", Required: true, Max: 128},
			&core.TextField{Name: "familyId", Required: true, Max: 64},
			&core.DateField{Name: "expiresAt", Required: true},
			&core.DateField{Name: "usedAt"},
			&core.DateField{Name: "revokedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_refresh_tokens_hash", true, "tokenHash", "")
		c.AddIndex("idx_refresh_tokens_family", false, "familyId", "")
		c.AddIndex("idx_refresh_tokens_user", false, "user", "")
		return app.Save(c)
	}, func(app core.App) error {
		return deleteCollections(app, "refresh_tokens")
	})
}
