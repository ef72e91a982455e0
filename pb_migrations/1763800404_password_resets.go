package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// resetRateLimits guard the password reset routes per IP.
var resetRateLimits = []core.RateLimitRule{
	{Label: "POST /api/auth/forgot-password", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/auth/reset-password", MaxRequests: 10, Duration: 60},
}

// Password reset tokens: one hour, one use, stored only as SHA-256 hashes.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("password_resets")
		c.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "tokenHash", Required: true, Max: 128},
			&core.DateField{Name: "expiresAt", Required: true},
			&core.DateField{Name: "usedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_password_resets_hash", true, "tokenHash", "")
		c.AddIndex("idx_password_resets_user", false, "user", "")
		if err := app.Save(c); err != nil {
			return err
		}
		s := app.Settings()
		s.RateLimits.Rules = append(s.RateLimits.Rules, resetRateLimits...)
		return app.Save(s)
	}, func(app core.App) error {
		return deleteCollections(app, "password_resets")
	})
}
