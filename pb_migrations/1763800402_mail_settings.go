package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// pocketBaseDefaultAppName is what a fresh PocketBase calls itself.
const pocketBaseDefaultAppName = "Acme"

// The shop's name in the dashboard (Settings > Application) and as the
// sender of its e-mails, unless an operator already chose another. The
// application URL defaults to the serve address at run time (shop/mail).
func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		if s.Meta.AppName == pocketBaseDefaultAppName || s.Meta.AppName == "" {
			s.Meta.AppName = "StageShop"
		}
		if s.Meta.SenderName == "Support" || s.Meta.SenderName == "" {
			s.Meta.SenderName = "StageShop"
		}
		return app.Save(s)
	}, func(app core.App) error {
		return nil // names are harmless to keep
	})
}
