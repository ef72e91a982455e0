package sqlitecache

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// open returns a database in a temporary directory through Connect, with
// one connection so every call below meets the same cache.
func open(t *testing.T) *sql.DB {
	t.Helper()
	db, err := Connect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	db.DB().SetMaxOpenConns(1)
	mustExec(t, db.DB(), `CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)`)
	for i := 1; i <= 5; i++ {
		mustExec(t, db.DB(), `INSERT INTO t (id, name) VALUES (?, ?)`, i, fmt.Sprintf("n%d", i))
	}
	return db.DB()
}

func mustExec(t *testing.T, db interface {
	Exec(string, ...any) (sql.Result, error)
}, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// cached reports how many statements the pool's one connection keeps.
func cached(t *testing.T, db *sql.DB) int {
	t.Helper()
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	n := -1
	err = c.Raw(func(dc any) error {
		n = len(dc.(*conn).stmts)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func name(t *testing.T, db *sql.DB, id int) string {
	t.Helper()
	var s string
	if err := db.QueryRow(`SELECT name FROM t WHERE id = ?`, id).Scan(&s); err != nil {
		t.Fatalf("select %d: %v", id, err)
	}
	return s
}

func TestConnectKeepsPocketBasePragmas(t *testing.T) {
	dir := t.TempDir()
	ours, err := Connect(filepath.Join(dir, "ours.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer ours.Close()
	theirs, err := core.DefaultDBConnect(filepath.Join(dir, "theirs.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer theirs.Close()
	for _, p := range []string{"busy_timeout", "journal_mode", "journal_size_limit", "synchronous", "foreign_keys", "temp_store", "cache_size"} {
		var a, b string
		if err := ours.NewQuery("PRAGMA " + p).Row(&a); err != nil {
			t.Fatal(err)
		}
		if err := theirs.NewQuery("PRAGMA " + p).Row(&b); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("PRAGMA %s = %q, PocketBase's default connection has %q", p, a, b)
		}
	}
}

func TestStatementsAreKeptAndReused(t *testing.T) {
	db := open(t)
	before := cached(t, db)
	for i := 1; i <= 5; i++ {
		if got, want := name(t, db, i), fmt.Sprintf("n%d", i); got != want {
			t.Fatalf("row %d: %q, want %q", i, got, want)
		}
	}
	if got := cached(t, db); got != before+1 {
		t.Fatalf("five runs of one query keep %d new statements, want 1", got-before)
	}
	for i := 0; i < 3; i++ {
		mustExec(t, db, `UPDATE t SET name = ? WHERE id = ?`, fmt.Sprintf("m%d", i), 2)
	}
	if got := name(t, db, 2); got != "m2" {
		t.Fatalf("after three updates through one statement: %q", got)
	}
}

// A query run again while rows of the same text are still open on the same
// connection (a nested loop inside a transaction) gets a statement of its
// own; both read their own rows.
func TestSameQueryWhileRowsAreOpen(t *testing.T) {
	db := open(t)
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	q := `SELECT id FROM t WHERE id >= ? ORDER BY id`
	a, err := tx.Query(q, 4)
	if err != nil {
		t.Fatal(err)
	}
	b, err := tx.Query(q, 1) // same text, same connection, a still open
	if err != nil {
		t.Fatal(err)
	}
	read := func(r *sql.Rows) []int {
		var ids []int
		for r.Next() {
			var id int
			if err := r.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		return ids
	}
	gotB, gotA := read(b), read(a)
	if fmt.Sprint(gotA) != "[4 5]" || fmt.Sprint(gotB) != "[1 2 3 4 5]" {
		t.Fatalf("interleaved rows: a %v, b %v", gotA, gotB)
	}
	// Both are done: the statement is free again for the next run.
	c, err := tx.Query(q, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got := read(c); fmt.Sprint(got) != "[5]" {
		t.Fatalf("rerun after both closed: %v", got)
	}
}

func TestSchemaChangesAreSeenByKeptStatements(t *testing.T) {
	db := open(t)
	cols := func() []string {
		r, err := db.Query(`SELECT * FROM t WHERE id = ?`, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		c, err := r.Columns()
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if got := fmt.Sprint(cols()); got != "[id name]" {
		t.Fatalf("columns %s", got)
	}
	mustExec(t, db, `ALTER TABLE t ADD COLUMN stock INTEGER NOT NULL DEFAULT 7`)
	if got := fmt.Sprint(cols()); got != "[id name stock]" {
		t.Fatalf("after ALTER TABLE the kept SELECT * gives %s", got)
	}
}

func TestErrorsLeaveStatementsUsable(t *testing.T) {
	db := open(t)
	ins := `INSERT INTO t (id, name) VALUES (?, ?)`
	if _, err := db.Exec(ins, 9, "n1"); err == nil {
		t.Fatal("duplicate name inserted")
	}
	mustExec(t, db, ins, 9, "n9") // the same statement, after its failure
	if got := name(t, db, 9); got != "n9" {
		t.Fatalf("row 9: %q", got)
	}
	if _, err := db.Exec(`INSERT INTO nowhere VALUES (1)`); err == nil {
		t.Fatal("insert into a missing table succeeded")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := db.QueryContext(ctx, `SELECT name FROM t WHERE id = ?`, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled query: %v", err)
	}
	if got := name(t, db, 1); got != "n1" {
		t.Fatalf("after a cancelled run: %q", got)
	}
}

func TestCacheIsBounded(t *testing.T) {
	db := open(t)
	for i := 0; i < maxStatements+50; i++ {
		var n int
		if err := db.QueryRow(fmt.Sprintf(`SELECT count(*) + %d FROM t`, i)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 5+i {
			t.Fatalf("query %d answered %d", i, n)
		}
	}
	if got := cached(t, db); got > maxStatements {
		t.Fatalf("%d statements kept, at most %d allowed", got, maxStatements)
	}
}

// Many goroutines on a small pool: each connection's cache is used by one
// goroutine at a time (go test -race checks it).
func TestConcurrentUse(t *testing.T) {
	db := open(t)
	db.SetMaxOpenConns(4)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				id := 1 + (g+i)%5
				var s string
				if err := db.QueryRow(`SELECT name FROM t WHERE id = ?`, id).Scan(&s); err != nil {
					t.Error(err)
					return
				}
				if s == "" {
					t.Errorf("empty name for %d", id)
				}
			}
		}(g)
	}
	wg.Wait()
}

// A transaction that reads, then writes, succeeds although another process
// (Litestream at a checkpoint) wanted to commit meanwhile: it holds the
// write lock from its start, and the other writer waits for it. Begun
// DEFERRED, its write failed with "database is locked" whatever the busy
// timeout.
func TestWriteAfterAnotherProcessCommitted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.db")
	ours, err := Connect(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ours.Close()
	mustExec(t, ours.DB(), `CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)`)
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	tx, err := ours.DB().Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	var n int
	if err := tx.QueryRow(`SELECT COUNT(*) FROM t`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	otherDone := make(chan error, 1)
	go func() {
		_, err := other.Exec(`INSERT INTO t (name) VALUES ('theirs')`)
		otherDone <- err
	}()
	time.Sleep(200 * time.Millisecond) // the other commits now, or waits for us
	if _, err := tx.Exec(`INSERT INTO t (name) VALUES ('ours')`); err != nil {
		t.Fatalf("write after another process's commit: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-otherDone; err != nil {
		t.Fatalf("the other process's write: %v", err)
	}
	if err := ours.DB().QueryRow(`SELECT COUNT(*) FROM t`).Scan(&n); err != nil || n != 2 {
		t.Errorf("%d rows (%v), want both writes", n, err)
	}
}
