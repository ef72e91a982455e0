package routes_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// updateSettings changes app's settings the way the dashboard does (a
// saved copy, reloaded under the settings' lock), so goroutines already
// running, such as the mail worker, never read a half-written value.
func updateSettings(t *testing.T, app core.App, change func(*core.Settings)) {
	t.Helper()
	s, err := app.Settings().Clone()
	if err != nil {
		t.Fatal(err)
	}
	change(s)
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
}
