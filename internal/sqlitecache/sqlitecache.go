// Package sqlitecache opens PocketBase's SQLite databases through a thin
// wrapper of the modernc.org/sqlite driver that keeps each connection's
// prepared statements for reuse.
//
// Why: database/sql with this driver compiles every query from its text on
// every call, and PocketBase sends the same few hundred statement texts over
// and over (record look-ups, saves, the shop's own queries). Under the
// checkout load, compiling SQL was a fifth of the server's CPU. SQLite's
// prepared statements are made to be reset and run again; the driver already
// resets instead of finalizing when a statement is reused. The wrapper only
// decides which statement to reuse.
package sqlitecache

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"modernc.org/sqlite"
)

// driverName is the database/sql driver registered by this package.
const driverName = "sqlite_stmtcache"

// maxStatements bounds the statements kept per connection. PocketBase and
// the shop use far fewer distinct texts; the bound keeps memory small if
// something builds many (a statement costs a few kB of SQLite memory).
const maxStatements = 200

// pragmas are the connection settings of PocketBase's core.DefaultDBConnect
// (v0.39), kept the same: a busy timeout first, WAL, NORMAL sync, foreign
// keys, a 32 MB page cache. TestConnectKeepsPocketBasePragmas checks them.
//
// One addition: write transactions begin IMMEDIATE (_txlock; read-only ones
// stay deferred). A deferred transaction that reads and then writes fails
// at once with SQLITE_BUSY when another process committed in between, and
// no busy timeout helps: the transaction has to start over. PocketBase
// retries the statement instead, in the same transaction, for about 7 s,
// while every other write waits behind it. Inside one shop process the
// single writer connection never meets that, but Litestream commits to its
// own table at every checkpoint: under the checkout load the shop stalled
// for seconds and answered 500 (TestWriteAfterAnotherProcessCommitted,
// TestOpsLitestreamRestore). IMMEDIATE takes the write lock first, waiting
// with the busy timeout, so the transaction reads what is current.
const pragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)&_txlock=immediate"

func init() {
	sql.Register(driverName, &cachingDriver{inner: &sqlite.Driver{}})
}

// Connect opens the SQLite database at dbPath like PocketBase's default
// connector, through the statement-caching driver. It fits
// core.BaseAppConfig.DBConnect and pocketbase.Config.DBConnect.
//
// STAGESHOP_DB_DIR, when set, is where data.db is opened instead of the
// data dir (README, "Past one machine": a LiteFS mount holds only database
// files, so uploads, the search index and auxiliary.db stay in the data dir).
func Connect(dbPath string) (*dbx.DB, error) {
	return dbx.Open(driverName, Resolve(dbPath)+pragmas)
}

// Resolve is where Connect opens dbPath: data.db in STAGESHOP_DB_DIR when
// that is set, else dbPath.
func Resolve(dbPath string) string {
	if dir := os.Getenv("STAGESHOP_DB_DIR"); dir != "" && filepath.Base(dbPath) == "data.db" {
		return filepath.Join(dir, "data.db")
	}
	return dbPath
}

// cachingDriver opens connections of the inner driver wrapped in conn.
type cachingDriver struct{ inner driver.Driver }

// Open opens a connection.
func (d *cachingDriver) Open(name string) (driver.Conn, error) {
	c, err := d.inner.Open(name)
	if err != nil {
		return nil, err
	}
	return &conn{inner: c, stmts: make(map[string]*cachedStmt), fence: fenceOf(name)}, nil
}

// fences are the read-only switches by database path (the DSN without its
// pragmas): one per database, so that test apps in one process stay apart.
var fences sync.Map // string -> *atomic.Bool

// fenceOf is the switch of the database that dsn opens.
func fenceOf(dsn string) *atomic.Bool {
	path, _, _ := strings.Cut(dsn, "?")
	f, _ := fences.LoadOrStore(path, new(atomic.Bool))
	return f.(*atomic.Bool)
}

// SetReadOnly turns every connection to the database at dbPath read-only
// (SQLite's query_only: any write, from any code path, fails with
// SQLITE_READONLY) or back. A connection takes the change before its next
// statement or transaction, so a transaction already open finishes as it
// began. ops/ha fences a superseded primary with it.
func SetReadOnly(dbPath string, readOnly bool) { fenceOf(Resolve(dbPath)).Store(readOnly) }

// IsReadOnly reports whether SetReadOnly turned dbPath read-only.
func IsReadOnly(dbPath string) bool { return fenceOf(Resolve(dbPath)).Load() }

// innerConn is what the wrapper needs of the driver's connection; the
// modernc.org/sqlite connection has all of it.
type innerConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// innerStmt is what the wrapper needs of the driver's statements.
type innerStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

// cachedStmt is a prepared statement of one connection; busy while rows
// read from it are open (a second run of the same text meanwhile gets a
// statement of its own).
type cachedStmt struct {
	stmt innerStmt
	busy bool
}

// conn is a connection with its statement cache. database/sql uses a
// connection from one goroutine at a time, so the cache needs no lock.
type conn struct {
	inner driver.Conn
	stmts map[string]*cachedStmt
	fence *atomic.Bool // the database's read-only switch (SetReadOnly)
	// readOnly is query_only as last set on this connection.
	readOnly bool
}

// followFence sets query_only on the connection when the database's switch
// moved since it was last set: one atomic load otherwise.
func (c *conn) followFence(ctx context.Context) error {
	want := c.fence.Load()
	if want == c.readOnly {
		return nil
	}
	q := "PRAGMA query_only = 0"
	if want {
		q = "PRAGMA query_only = 1"
	}
	st, err := c.base().PrepareContext(ctx, q)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, err := st.(innerStmt).ExecContext(ctx, nil); err != nil {
		return err
	}
	c.readOnly = want
	return nil
}

func (c *conn) base() innerConn { return c.inner.(innerConn) }

// statement returns a statement for query: the cached one when it is free,
// else a new one, cached if there is room. release must be called when the
// statement (and any rows read from it) is done.
func (c *conn) statement(ctx context.Context, query string) (s innerStmt, release func(), err error) {
	if cs := c.stmts[query]; cs != nil && !cs.busy {
		cs.busy = true
		return cs.stmt, func() { cs.busy = false }, nil
	}
	st, err := c.base().PrepareContext(ctx, query)
	if err != nil {
		return nil, nil, err
	}
	is, ok := st.(innerStmt)
	if !ok {
		_ = st.Close()
		return nil, nil, driver.ErrSkip
	}
	if _, taken := c.stmts[query]; taken || !c.makeRoom() {
		// One-off: closed when done.
		return is, func() { _ = is.Close() }, nil
	}
	cs := &cachedStmt{stmt: is, busy: true}
	c.stmts[query] = cs
	return is, func() { cs.busy = false }, nil
}

// makeRoom drops a free statement when the cache is full and reports
// whether there is room for one more.
func (c *conn) makeRoom() bool {
	if len(c.stmts) < maxStatements {
		return true
	}
	for q, cs := range c.stmts {
		if !cs.busy {
			_ = cs.stmt.Close()
			delete(c.stmts, q)
			return true
		}
	}
	return false
}

// ExecContext runs a statement that returns no rows.
func (c *conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if err := c.followFence(ctx); err != nil {
		return nil, err
	}
	s, release, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	defer release()
	return s.ExecContext(ctx, args)
}

// QueryContext runs a query; the statement stays busy until the rows close.
func (c *conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if err := c.followFence(ctx); err != nil {
		return nil, err
	}
	s, release, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	r, err := s.QueryContext(ctx, args)
	if err != nil {
		release()
		return nil, err
	}
	return &rows{Rows: r, release: release}, nil
}

// Prepare, PrepareContext: explicitly prepared statements belong to the
// caller (database/sql's Stmt) and are not cached.
func (c *conn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// PrepareContext prepares a statement owned by the caller.
func (c *conn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := c.followFence(ctx); err != nil {
		return nil, err
	}
	return c.base().PrepareContext(ctx, query)
}

// Begin starts a transaction.
//
// Deprecated: database/sql calls BeginTx.
func (c *conn) Begin() (driver.Tx, error) { //nolint:staticcheck // required by driver.Conn
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

// BeginTx starts a transaction. On a read-only database (SetReadOnly) it
// begins deferred, as a read-only transaction: BEGIN IMMEDIATE takes the
// write lock, which query_only refuses, so a fenced primary's or a read
// replica's transactions could not even read.
func (c *conn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if err := c.followFence(ctx); err != nil {
		return nil, err
	}
	if c.readOnly {
		opts.ReadOnly = true
	}
	return c.base().BeginTx(ctx, opts)
}

// Ping checks the connection.
func (c *conn) Ping(ctx context.Context) error { return c.base().Ping(ctx) }

// ResetSession is called before the pool hands the connection out again.
func (c *conn) ResetSession(ctx context.Context) error { return c.base().ResetSession(ctx) }

// IsValid reports whether the pool may keep the connection.
func (c *conn) IsValid() bool { return c.base().IsValid() }

// Close finalizes the kept statements, then closes the connection.
func (c *conn) Close() error {
	for q, cs := range c.stmts {
		_ = cs.stmt.Close()
		delete(c.stmts, q)
	}
	return c.inner.Close()
}

// rows frees its statement for reuse when closed. It passes on the column
// type methods of the driver's rows.
type rows struct {
	driver.Rows
	release func()
}

// Close closes the driver's rows (which resets the statement) and frees the
// statement.
func (r *rows) Close() error {
	err := r.Rows.Close()
	if r.release != nil {
		r.release()
		r.release = nil
	}
	return err
}

// ColumnTypeDatabaseTypeName passes on the driver's column type.
func (r *rows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

// ColumnTypeLength passes on the driver's column length.
func (r *rows) ColumnTypeLength(i int) (int64, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return t.ColumnTypeLength(i)
	}
	return 0, false
}

// ColumnTypeNullable passes on the driver's column nullability.
func (r *rows) ColumnTypeNullable(i int) (bool, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

// ColumnTypePrecisionScale passes on the driver's decimal size.
func (r *rows) ColumnTypePrecisionScale(i int) (int64, int64, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return t.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}

// ColumnTypeScanType passes on the driver's scan type.
func (r *rows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}
