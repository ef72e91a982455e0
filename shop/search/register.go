package search

import (
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/db"
	"stageshop/internal/role"
	"stageshop/shop"
	"stageshop/shop/catalog"
)

// syncBuildLimit: a catalog up to this size is indexed before the server
// answers (a second or two); a larger one in the background, while
// searches fall back to the plain list (ErrNotReady).
const syncBuildLimit = 20000

// handle is what the app's state keeps: the index, opened once.
type handle struct {
	once   sync.Once
	opened atomic.Bool // once has run
	x      *Index
	err    error
	stop   chan struct{}
}

// opened returns app's index if something has opened it already.
func opened(app core.App) *Index {
	h := handleOf(app)
	if !h.opened.Load() {
		return nil
	}
	return h.x
}

func handleOf(app core.App) *handle {
	return appstate.Of(app, func() *handle { return &handle{stop: make(chan struct{})} })
}

// Refresh brings app's index, if open, up to date with the change log:
// on a read replica, whose data.db the primary changes and no hook sees
// (internal/replica calls it when data.db moved).
func Refresh(app core.App) error {
	x := opened(app)
	if x == nil {
		return nil
	}
	if err := x.CatchUp(); err != nil && !errors.Is(err, ErrNotReady) {
		return err
	}
	return nil
}

// Of returns app's search index, opening it on first use: an index on disk
// of this layout that the change log can bring up to date is opened;
// otherwise (missing, another layout, a data directory restored or copied
// without it, a crash that lost the log's tail) it is rebuilt.
func Of(app core.App) (*Index, error) {
	h := handleOf(app)
	h.once.Do(func() {
		defer h.opened.Store(true)
		h.x, h.err = newIndex(app)
		if h.err != nil {
			return
		}
		if h.x.openExisting() && h.x.inStep() {
			h.x.startPrune(h.stop)
			return
		}
		var n int
		_ = app.DB().Select("COUNT(*)").From(catalog.ProductsCollection).Row(&n)
		build := func() {
			if err := h.x.Rebuild(); err != nil {
				app.Logger().Error("search index rebuild failed", "error", err)
				return
			}
			if err := h.x.CatchUp(); err != nil {
				app.Logger().Error("search index catch-up failed", "error", err)
			}
		}
		if n <= syncBuildLimit {
			build()
		} else {
			app.Logger().Info("search index: rebuilding in the background", "products", n)
			go build()
		}
		h.x.startPrune(h.stop)
	})
	return h.x, h.err
}

// startPrune runs pruneLoop on the primary: a read replica's change log
// is the primary's, pruned there.
func (x *Index) startPrune(stop <-chan struct{}) {
	if role.Primary(x.app) {
		go x.pruneLoop(stop)
	}
}

// pruneLoop deletes, every few minutes, the change rows the index applied
// one round before: by then bleve has written them to disk, so a crash
// cannot lose a row the index still needs.
func (x *Index) pruneLoop(stop <-chan struct{}) {
	t := time.NewTicker(5 * time.Minute)
	defer t.Stop()
	var last int64
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if last > 0 {
				if err := x.prune(last); err != nil {
					x.app.Logger().Warn("search change log prune failed", "error", err)
				}
			}
			last = x.applied.Load()
		}
	}
}

// Register opens the index when the server starts, closes it when the app
// stops, keeps it out of backups (it is rebuilt from the database after a
// restore) and brings it up to date after every committed write of a
// product or an order (orders move stock by plain SQL).
func Register(app core.App) {
	// Opened when the server starts with products to search (an empty shop,
	// such as a test's, opens it on its first search).
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		var n int
		_ = app.DB().Select("COUNT(*)").From(catalog.ProductsCollection).Row(&n)
		if n > 0 {
			if _, err := Of(app); err != nil {
				return err
			}
		}
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		h := handleOf(app)
		h.once.Do(func() { h.opened.Store(true) }) // never open an index just to close it
		if h.x != nil {
			select {
			case <-h.stop:
			default:
				close(h.stop)
			}
			if err := h.x.Close(); err != nil {
				e.App.Logger().Error("search index close failed", "error", err)
			}
		}
		return e.Next()
	})
	app.OnBackupCreate().BindFunc(func(e *core.BackupEvent) error {
		for _, d := range []string{DirName, DirName + ".new"} {
			if !slices.Contains(e.Exclude, d) {
				e.Exclude = append(e.Exclude, d)
			}
		}
		return e.Next()
	})
	// app, not e.App: after a transaction's commit e.App is the finished
	// transaction's app.
	// An index not opened yet replays the log when it opens.
	catchUp := func(e *core.RecordEvent) error {
		if x := opened(app); x != nil {
			if err := x.CatchUp(); err != nil && !errors.Is(err, ErrNotReady) {
				e.App.Logger().Error("search index catch-up failed", "error", err)
			}
		}
		return e.Next()
	}
	// After the commit (a rolled-back write feeds nothing), before the
	// workers and live clients hear of it (db.AfterCommitIndex).
	db.OnCommitted(app, "stageshop.search.catchUp", db.AfterCommitIndex, catchUp, catalog.ProductsCollection, shop.OrdersCollection)
}
