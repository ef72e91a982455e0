package migrations_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	migrations "stageshop/pb_migrations"

	"stageshop/internal/testapp"
)

const initFile = "1763800000_init.go"

// A data dir made by an earlier `make run`, before the fold, ran the fifty
// old migrations, which made exactly the init's schema: `migrate up` takes
// it as it is, with its data, records the init as applied and forgets the
// old rows. One that ran only some of them is refused with what to do,
// and left as it was.
func TestInitAdoptsADataDirOfTheOldMigrations(t *testing.T) {
	app := testapp.New(t)
	testapp.NewProduct(t, app, testapp.Product{Name: "Par Can"})
	before := schemaSnapshot(t, app)
	setApplied(t, app, migrations.OldMigrations...)
	if err := app.RunAppMigrations(); err != nil {
		t.Fatalf("migrate up on the old migrations' data dir: %v", err)
	}
	if got := shopMigrations(t, app); !slices.Equal(got, []string{initFile}) {
		t.Fatalf("applied after adopting: %v", got)
	}
	if after := schemaSnapshot(t, app); !slices.Equal(after, before) {
		t.Fatalf("adopting changed the data dir:\n%s", strings.Join(lineDiff(before, after), "\n"))
	}

	older := migrations.OldMigrations[:len(migrations.OldMigrations)-1]
	setApplied(t, app, older...)
	err := app.RunAppMigrations()
	if err == nil || !strings.Contains(err.Error(), "make clean") {
		t.Fatalf("migrate up on a data dir of only %d old migrations: %v", len(older), err)
	}
	if got := shopMigrations(t, app); len(got) != len(older) || slices.Contains(got, initFile) {
		t.Fatalf("applied after refusing: %d rows, init %v", len(got), slices.Contains(got, initFile))
	}
}

// setApplied makes the shop's rows of _migrations files, as a data dir
// that ran those migrations has them.
func setApplied(t *testing.T, app core.App, files ...any) {
	t.Helper()
	all := append([]any{initFile}, migrations.OldMigrations...)
	if _, err := app.DB().Delete(core.DefaultMigrationsTable, dbx.In("file", all...)).Execute(); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		row := dbx.Params{"file": f, "applied": time.Now().UnixMicro()}
		if _, err := app.DB().Insert(core.DefaultMigrationsTable, row).Execute(); err != nil {
			t.Fatal(err)
		}
	}
}

// shopMigrations are the shop's applied migrations (not PocketBase's).
func shopMigrations(t *testing.T, app core.App) []string {
	t.Helper()
	var files []string
	err := app.DB().Select("file").From(core.DefaultMigrationsTable).
		Where(dbx.In("file", append([]any{initFile}, migrations.OldMigrations...)...)).OrderBy("file").Column(&files)
	if err != nil {
		t.Fatal(err)
	}
	return files
}
