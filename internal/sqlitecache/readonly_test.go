package sqlitecache

import (
	"path/filepath"
	"strings"
	"testing"
)

// SetReadOnly refuses every write on the connections already open (in a
// transaction or not) and on new ones, leaves reads and other databases
// alone, and is undone by SetReadOnly(false).
func TestSetReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.db")
	dbx, err := Connect(path)
	if err != nil {
		t.Fatal(err)
	}
	defer dbx.Close()
	db := dbx.DB()
	db.SetMaxOpenConns(3)
	mustExec(t, db, `CREATE TABLE t (id INTEGER PRIMARY KEY)`)
	mustExec(t, db, `INSERT INTO t (id) VALUES (1)`)
	other := open(t) // another database of the same process

	SetReadOnly(path, true)
	defer SetReadOnly(path, false)
	if _, err := db.Exec(`INSERT INTO t (id) VALUES (2)`); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Fatalf("insert on a read-only database: %v, want SQLITE_READONLY", err)
	}
	// A transaction begins (deferred: IMMEDIATE's write lock is refused)
	// and reads; its writes are refused.
	tx, err := db.Begin()
	if err != nil {
		t.Fatalf("begin on a read-only database: %v", err)
	}
	var in int
	if err := tx.QueryRow(`SELECT COUNT(*) FROM t`).Scan(&in); err != nil || in != 1 {
		t.Fatalf("read in a transaction on a read-only database: %d rows, %v", in, err)
	}
	_, err = tx.Exec(`UPDATE t SET id = 3 WHERE id = 1`)
	_ = tx.Rollback()
	if err == nil {
		t.Fatal("an update in a transaction went through on a read-only database")
	}
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM t`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("read on a read-only database: %d rows, %v", n, err)
	}
	mustExec(t, other, `INSERT INTO t (id, name) VALUES (99, 'other')`)

	SetReadOnly(path, false)
	mustExec(t, db, `INSERT INTO t (id) VALUES (2)`)
}

// STAGESHOP_DB_DIR moves data.db only (a LiteFS mount holds database files
// alone), and SetReadOnly follows it there.
func TestDBDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("STAGESHOP_DB_DIR", dir)
	data := t.TempDir()
	if got := Resolve(filepath.Join(data, "data.db")); got != filepath.Join(dir, "data.db") {
		t.Errorf("data.db opens at %s, want in STAGESHOP_DB_DIR", got)
	}
	if got := Resolve(filepath.Join(data, "auxiliary.db")); got != filepath.Join(data, "auxiliary.db") {
		t.Errorf("auxiliary.db opens at %s, want in the data dir", got)
	}
	db, err := Connect(filepath.Join(data, "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustExec(t, db.DB(), `CREATE TABLE t (id INTEGER PRIMARY KEY)`)
	SetReadOnly(filepath.Join(data, "data.db"), true)
	defer SetReadOnly(filepath.Join(data, "data.db"), false)
	if _, err := db.DB().Exec(`INSERT INTO t (id) VALUES (1)`); err == nil {
		t.Error("SetReadOnly on the data dir's data.db did not reach the one in STAGESHOP_DB_DIR")
	}
}
