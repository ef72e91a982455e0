package mail

import "github.com/pocketbase/pocketbase/core"

// currentSettings is a copy of the app's settings taken under their lock:
// the dashboard (or a test) can reload them at any moment while the worker
// and requests read them from other goroutines.
func currentSettings(app core.App) *core.Settings {
	if s, err := app.Settings().Clone(); err == nil {
		return s
	}
	return app.Settings()
}
