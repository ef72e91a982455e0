package server_test

import (
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/server"
	_ "stageshop/pb_migrations"
)

// `stageshop migrate up` on a new data dir runs every migration with the
// shop's hooks bound (server.Register, as main does): the first one seeds the information pages before the
// audit log exists (its page hooks then have nowhere to write and must not
// fail the install), and the hire page (issue 46) is seeded after it.
func TestMigrateUpWithHooksBound(t *testing.T) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer app.ResetBootstrapState()
	server.Register(app, fstest.MapFS{})
	if err := app.RunAllMigrations(); err != nil {
		t.Fatalf("migrate up: %v", err)
	}
	if _, err := app.FindFirstRecordByData("pages", "slug", "hire"); err != nil {
		t.Errorf("the hire page: %v", err)
	}
}
