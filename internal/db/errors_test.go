package db_test

import (
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/migrated"
)

// A second account with a taken e-mail that slips past the record's
// validation (a concurrent registration) comes back from PocketBase as a
// field error on email (which routes answer as email_taken), not as a
// driver message to match; and it is not taken for a busy database.
func TestUniqueEmailIsAFieldError(t *testing.T) {
	app := migrated.NewApp(t)
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	newUser := func() *core.Record {
		u := core.NewRecord(users)
		u.SetEmail("twice@example.com")
		u.SetPassword("Secret123")
		return u
	}
	if err := app.Save(newUser()); err != nil {
		t.Fatal(err)
	}
	err = app.SaveNoValidate(newUser())
	var verrs validation.Errors
	if !errors.As(err, &verrs) || verrs["email"] == nil {
		t.Fatalf("duplicate e-mail: %v, want a field error on email", err)
	}
	if db.IsBusy(err) {
		t.Fatalf("a unique violation taken for a busy database: %v", err)
	}
}

// A write while another connection holds the write lock is SQLITE_BUSY,
// which Write retries.
func TestBusyByDriverCode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "busy.db")
	open := func() *sql.DB {
		db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		db.SetMaxOpenConns(1)
		return db
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
	if err == nil || !db.IsBusy(err) {
		t.Fatalf("write under another's lock: %v, want busy", err)
	}
}
