// Package migrated gives tests a data dir with every migration applied (the
// template), made once per machine and copied for each test app: copying
// it is much faster than migrating a fresh dir per test. Its users'
// passwords hash at bcrypt's lowest cost (cheapPasswords). internal/testapp
// builds the shop's test apps on it; package tests that cannot import
// testapp (shop's and shop/mail's own) take a bare app from NewApp.
package migrated

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"golang.org/x/crypto/bcrypt"

	_ "stageshop/pb_migrations" // the schema, as AppMigrations
)

// NewApp is tests.NewTestApp on a copy of the template: a PocketBase app
// with the shop's schema and nothing registered (no hooks, no routes),
// cleaned up when the test ends.
func NewApp(t testing.TB) *tests.TestApp {
	t.Helper()
	dir, err := Dir()
	if err != nil {
		t.Fatalf("migrated data dir: %v", err)
	}
	app, err := tests.NewTestApp(dir)
	if err != nil {
		t.Fatalf("test app: %v", err)
	}
	t.Cleanup(app.Cleanup)
	return app
}

// template is the data dir with every migration applied. It lives at a
// fixed path named after the registered migrations and the source they
// are built from, made once and shared by every test binary and run.
// (NewTestApp still applies any migration the copy lacks, but not a
// changed one: hence the source in the name.)
var template struct {
	once sync.Once
	dir  string
	err  error
}

// Dir is the template's path; it is made on the first call. Open copies
// of it only (tests.NewTestApp copies the dir it is given).
func Dir() (string, error) {
	template.once.Do(func() {
		h := sha256.New()
		for _, m := range core.SystemMigrations.Items() {
			fmt.Fprintln(h, "system", m.File)
		}
		for _, m := range core.AppMigrations.Items() {
			fmt.Fprintln(h, "app", m.File)
		}
		hashMigrationSources(h)
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("stageshop-testdata-%x", h.Sum(nil)[:8]))
		if _, err := os.Stat(filepath.Join(dir, "data.db")); err == nil {
			template.dir = dir
			return
		}
		built, err := buildTemplate()
		if err != nil {
			template.err = err
			return
		}
		// Another test binary may have won the race: then use its copy.
		if err := os.Rename(built, dir); err != nil {
			os.RemoveAll(built)
			if _, statErr := os.Stat(filepath.Join(dir, "data.db")); statErr != nil {
				template.err = err
				return
			}
		}
		template.dir = dir
	})
	return template.dir, template.err
}

// migrationSources are the module's directories whose files decide what
// the template holds: the migrations themselves (with the pages they
// seed), the Markdown renderer of those pages, and this package.
var migrationSources = []string{"pb_migrations", "shop/richtext", "internal/migrated"}

// hashMigrationSources adds the files of migrationSources (tests and
// testdata left out) to h, found from the test's working directory (a
// package directory inside the module), so that editing one makes a new
// template. Outside the module nothing is added.
func hashMigrationSources(h io.Writer) {
	dir, err := os.Getwd()
	if err != nil {
		return
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return
		}
		dir = parent
	}
	for _, src := range migrationSources {
		_ = filepath.WalkDir(filepath.Join(dir, src), func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil
			case d.IsDir() && d.Name() == "testdata":
				return filepath.SkipDir
			case d.IsDir() || strings.HasSuffix(path, "_test.go"):
				return nil
			}
			if data, err := os.ReadFile(path); err == nil {
				rel, _ := filepath.Rel(dir, path)
				fmt.Fprintln(h, rel)
				h.Write(data)
			}
			return nil
		})
	}
}

// buildTemplate migrates a fresh data dir and returns a closed copy of it.
func buildTemplate() (string, error) {
	empty, err := os.MkdirTemp("", "stageshop-empty-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(empty)
	app, err := tests.NewTestApp(empty)
	if err != nil {
		return "", err
	}
	defer app.Cleanup()
	if err := cheapPasswords(app); err != nil {
		return "", err
	}
	if err := app.ClearBootstrap(); err != nil {
		return "", err
	}
	return tests.TempDirClone(app.DataDir())
}

// cheapPasswords makes the users' passwords hash at bcrypt's lowest cost
// in the template (the shop keeps PocketBase's default): at the default
// cost, every registration, password change and sign-in of a test takes
// about a second under -race. The fixtures' users are hashed so too.
func cheapPasswords(app core.App) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	password, ok := users.Fields.GetByName("password").(*core.PasswordField)
	if !ok {
		return fmt.Errorf("users has no password field")
	}
	password.Cost = bcrypt.MinCost
	return app.Save(users)
}
