package mail

import "github.com/pocketbase/pocketbase/core"

// currentSettings is a copy of the app's settings taken under their lock:
// the dashboard (or a test) can reload them at any moment while the worker
// and requests read them from other goroutines. Register refreshes the copy
// on every reload, so an e-mail queued inside an order does not pay for a
// JSON round trip of the whole settings (it was 20% of placing an order).
func currentSettings(app core.App) *core.Settings {
	if s := stateOf(app).settings.Load(); s != nil {
		return s
	}
	return copySettings(app)
}

// refreshSettings stores a fresh copy of the app's settings for
// currentSettings.
func refreshSettings(app core.App) {
	stateOf(app).settings.Store(copySettings(app))
}

// copySettings merges into a fresh value rather than calling
// Settings.Clone, which reads the source's new-record flag outside the
// lock (a data race with a reload in v0.39).
func copySettings(app core.App) *core.Settings {
	s := &core.Settings{}
	if err := s.Merge(app.Settings()); err == nil {
		return s
	}
	return app.Settings()
}
