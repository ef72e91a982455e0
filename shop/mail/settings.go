package mail

import "github.com/pocketbase/pocketbase/core"

// currentSettings is a copy of the app's settings taken under their lock:
// the dashboard (or a test) can reload them at any moment while the worker
// and requests read them from other goroutines. It merges into a fresh
// value rather than calling Settings.Clone, which reads the source's
// new-record flag outside the lock (a data race with a reload in v0.39).
func currentSettings(app core.App) *core.Settings {
	s := &core.Settings{}
	if err := s.Merge(app.Settings()); err == nil {
		return s
	}
	return app.Settings()
}
