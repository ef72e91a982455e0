package replica

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
	"stageshop/internal/sqlitecache"
	"stageshop/shop/catalog"
	"stageshop/shop/search"
)

// DefaultPoll is how often a replica looks whether data.db changed
// (STAGESHOP_REPLICA_POLL overrides it).
const DefaultPoll = 200 * time.Millisecond

// pollInterval is STAGESHOP_REPLICA_POLL, else DefaultPoll.
func pollInterval() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("STAGESHOP_REPLICA_POLL")); err == nil && d > 0 {
		return d
	}
	return DefaultPoll
}

// watcher notices the primary's writes on a replica: PocketBase's record
// hooks fire only in the process that writes, so the replica's caches and
// search index would never hear of them. It reads SQLite's data_version
// on a connection of its own (it moves whenever another connection or
// process, LiteFS applying the primary's transactions included, committed
// to the file) and, when it moved, Refresh runs.
type watcher struct {
	app  core.App
	db   *sql.DB
	conn *sql.Conn
	last int64
}

func newWatcher(app core.App) (*watcher, error) {
	dbx, err := sqlitecache.Connect(filepath.Join(app.DataDir(), "data.db"))
	if err != nil {
		return nil, err
	}
	w := &watcher{app: app, db: dbx.DB()}
	w.db.SetMaxOpenConns(1)
	if w.conn, err = w.db.Conn(context.Background()); err != nil {
		_ = w.db.Close()
		return nil, err
	}
	if w.last, err = w.version(); err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

func (w *watcher) version() (int64, error) {
	var v int64
	err := w.conn.QueryRowContext(context.Background(), "PRAGMA data_version").Scan(&v)
	return v, err
}

func (w *watcher) close() {
	_ = w.conn.Close()
	_ = w.db.Close()
}

// check runs Refresh when data.db changed since the last check.
func (w *watcher) check() {
	v, err := w.version()
	if err != nil {
		w.app.Logger().Warn("replica: reading data.db's version failed", "error", err)
		return
	}
	if v == w.last {
		return
	}
	w.last = v
	Refresh(w.app)
}

// run checks every interval until stop closes.
func (w *watcher) run(interval time.Duration, stop <-chan struct{}) {
	defer w.close()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			w.check()
		}
	}
}

// Refresh makes a replica's memory follow data.db after the primary
// changed it: the catalog's cached answers and totals, every value kept
// until its records change (keep), the settings and collections when
// theirs changed, and the search index from the primary's change log.
func Refresh(app core.App) {
	catalog.Invalidate(app)
	keep.DropAll(app)
	var stamp string
	_ = app.DB().NewQuery("SELECT COALESCE((SELECT MAX(updated) FROM _collections), '') || '|' || COALESCE((SELECT MAX(updated) FROM _params), '')").Row(&stamp)
	st := stateOf(app)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.schema != stamp {
		if st.schema != "" {
			if err := app.ReloadCachedCollections(); err != nil {
				app.Logger().Warn("replica: reloading the collections failed", "error", err)
			}
			if err := app.ReloadSettings(); err != nil {
				app.Logger().Warn("replica: reloading the settings failed", "error", err)
			}
		}
		st.schema = stamp
	}
	if err := search.Refresh(app); err != nil {
		app.Logger().Warn("replica: search index catch-up failed", "error", err)
	}
}

// state is what a replica remembers between refreshes: the collections'
// and settings' last change.
type state struct {
	mu     sync.Mutex
	schema string
}

func stateOf(app core.App) *state { return appstate.Of(app, func() *state { return &state{} }) }
