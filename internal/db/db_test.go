package db_test

import (
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/db"
	"stageshop/internal/migrated"
)

// busyError is a real SQLITE_BUSY: a write while another connection holds
// the write lock.
func busyError(t *testing.T) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), "busy.db")
	open := func() *sql.DB {
		conn, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		conn.SetMaxOpenConns(1)
		return conn
	}
	a, b := open(), open()
	if _, err := a.Exec("CREATE TABLE t (n INTEGER)"); err != nil {
		t.Fatal(err)
	}
	tx, err := a.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec("INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	_, err = b.Exec("INSERT INTO t VALUES (2)")
	if !db.IsBusy(err) {
		t.Fatalf("write under another's lock: %v, want busy", err)
	}
	return err
}

func newApp(t *testing.T) core.App {
	t.Helper()
	app, err := tests.NewTestApp(migratedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	return app
}

// A transaction SQLite answered busy runs again; any other failure, and a
// hook's transaction, runs once.
func TestWriteRetriesBusyOnly(t *testing.T) {
	app := newApp(t)
	busy := busyError(t)
	runs := 0
	err := db.Write(app, func(txApp core.App) error {
		if runs++; runs == 1 {
			return busy
		}
		return nil
	})
	if err != nil || runs != 2 {
		t.Fatalf("busy once: err %v after %d runs, want nil after 2", err, runs)
	}
	runs = 0
	other := errors.New("refused")
	if err := db.Write(app, func(core.App) error { runs++; return other }); !errors.Is(err, other) || runs != 1 {
		t.Fatalf("other error: %v after %d runs, want it after 1", err, runs)
	}
	runs = 0
	e := &core.RecordEvent{App: app}
	err = db.InHook(e, func(txApp core.App) error {
		if !txApp.IsTransactional() || e.App != txApp {
			t.Error("the hook's app is not the transaction while fn runs")
		}
		runs++
		return busy
	})
	if !db.IsBusy(err) || runs != 1 || e.App != app {
		t.Fatalf("hook: %v after %d runs (app restored %v), want busy after 1", err, runs, e.App == app)
	}
}

// Work after the commit runs once the transaction committed, with the app
// outside it; after a rollback it does not run; outside a transaction it
// runs at once.
func TestAfterCommit(t *testing.T) {
	app := newApp(t)
	var ran []core.App
	note := func(a core.App) { ran = append(ran, a) }
	err := db.Write(app, func(txApp core.App) error {
		db.AfterCommit(txApp, note)
		return db.Write(txApp, func(inner core.App) error {
			db.AfterCommit(inner, note)
			if len(ran) != 0 {
				t.Error("ran before the commit")
			}
			return nil
		})
	})
	if err != nil || len(ran) != 2 || ran[0] != app || ran[1] != app {
		t.Fatalf("after a commit: %v, ran %d times (with the app outside: %v)", err, len(ran), len(ran) == 2 && ran[0] == app)
	}
	ran = nil
	_ = db.Write(app, func(txApp core.App) error {
		db.AfterCommit(txApp, note)
		return errors.New("roll back")
	})
	if len(ran) != 0 {
		t.Fatal("ran after a rollback")
	}
	db.AfterCommit(app, note)
	if len(ran) != 1 || ran[0] != app {
		t.Fatal("outside a transaction: did not run at once with the app")
	}
}

// A transaction PocketBase opened itself hands the app Register was given
// to the work after its commit.
func TestAfterCommitOfPocketBasesTransaction(t *testing.T) {
	app := newApp(t)
	db.Register(app)
	var got core.App
	err := app.RunInTransaction(func(txApp core.App) error {
		db.AfterCommit(txApp, func(a core.App) { got = a })
		return nil
	})
	if err != nil || got != app {
		t.Fatalf("%v; ran with the registered app: %v", err, got == app)
	}
}

// migratedDir is the shared template with every migration applied: a copy
// of it opens in a fraction of the time a fresh dir takes to migrate (with
// -race, 1 s against 25-35 s per app).
func migratedDir(t *testing.T) string {
	t.Helper()
	dir, err := migrated.Dir()
	if err != nil {
		t.Fatalf("migrated data dir: %v", err)
	}
	return dir
}
