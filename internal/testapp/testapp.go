// Package testapp makes real StageShop apps for tests: a PocketBase app on
// its own copy of a data dir with every migration applied (package
// migrated) and everything main registers (server.Register: hooks, routes, metrics,
// mail worker, crons). No database is mocked.
package testapp

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/migrated"
	"stageshop/internal/server"
	"stageshop/internal/sqlitecache"
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
	return newSite(t, Site)
}

// New returns a new app that is cleaned up when the test ends.
func New(t testing.TB) *tests.TestApp {
	t.Helper()
	app := Factory(t)
	t.Cleanup(app.Cleanup)
	return app
}

// newSite is Factory serving site as the built web app.
func newSite(t testing.TB, site fs.FS) *tests.TestApp {
	t.Helper()
	dir, err := migrated.Dir()
	if err != nil {
		t.Fatalf("template data dir: %v", err)
	}
	return newOn(t, dir, site)
}

// newOn is an app on a copy of data dir dir, serving site as the built
// web app; the caller cleans it up.
func newOn(t testing.TB, dir string, site fs.FS) *tests.TestApp {
	t.Helper()
	app, err := newTestApp(dir)
	if err != nil {
		t.Fatalf("test app: %v", err)
	}
	// The migrations turn the rate limiter on; tests that check limits turn
	// it back on themselves, the rest never see a 429.
	app.Settings().RateLimits.Enabled = false
	register(app, site)
	return app
}

// register wires app as main does, without PocketBase's cron scheduler:
// serving (tests do it to build the router) would start it, and a job due
// while a test runs would change what the test sees. Starting and stopping
// it again raced under load (the first tick could come in between), so the
// start hook is removed; tests run a job themselves (app.Cron().Jobs()).
func register(app core.App, site fs.FS) {
	server.Register(app, site)
	app.OnServe().Unbind("__pbCronStart__")
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
