// Package testapp makes real StageShop apps for tests: a PocketBase app on a
// fresh temporary data dir with every migration applied and the same hooks
// and routes that main registers. No database is mocked.
package testapp

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/hooks"
	"stageshop/internal/sqlitecache"
	_ "stageshop/pb_migrations"
	"stageshop/routes"
	"stageshop/shop/mail"
)

// Site stands in for the built web app in tests.
var Site = fstest.MapFS{
	"index.html":             {Data: []byte("<!doctype html><title>StageShop</title><div id=root></div>")},
	"assets/app-1a2b.js":     {Data: []byte(strings.Repeat("console.log('stage equipment');\n", 200))},
	"locales/en/common.json": {Data: []byte(`{"nav":{"products":"Products"}}`)},
	"favicon.png":            {Data: []byte("\x89PNG\r\n\x1a\n")},
}

// Factory returns a new app; the caller (or tests.ApiScenario) cleans it up.
// It fits tests.ApiScenario.TestAppFactory.
func Factory(t testing.TB) *tests.TestApp {
	t.Helper()
	app, err := newTestApp(t.TempDir())
	if err != nil {
		t.Fatalf("test app: %v", err)
	}
	// The migrations turn the rate limiter on; tests that check limits turn
	// it back on themselves, the rest never see a 429.
	app.Settings().RateLimits.Enabled = false
	hooks.Register(app)
	routes.Register(app, Site)
	mail.Register(app)
	return app
}

// newTestApp is tests.NewTestApp (a copy of dir) with the database opened
// as main opens it: through the statement cache.
func newTestApp(dir string) (*tests.TestApp, error) {
	return tests.NewTestAppWithConfig(core.BaseAppConfig{
		DataDir:       dir,
		EncryptionEnv: "pb_test_env",
		DBConnect:     sqlitecache.Connect,
	})
}

// New returns a new app that is cleaned up when the test ends.
func New(t testing.TB) *tests.TestApp {
	t.Helper()
	app := Factory(t)
	t.Cleanup(app.Cleanup)
	return app
}
