package replica

import (
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/role"
	"stageshop/internal/sqlitecache"
)

// Register makes a replica (Detect on data.db's directory, which is
// STAGESHOP_DB_DIR's LiteFS mount when set) start without writing to
// data.db (Start) and forward what Forwarded picks to the primary. The wrap
// goes around the whole mux once serve has built it, so even requests no
// route matches are forwarded. On the primary it does nothing.
func Register(app core.App) {
	app.OnBootstrap().Bind(&hook.Handler[*core.BootstrapEvent]{
		Id:       "stageshopReplicaStart",
		Priority: -1000, // before anything opens or writes data.db
		Func: func(e *core.BootstrapEvent) error {
			r, _ := Detect(dbDir(e.App)) // serve says what a replica without a primary lacks
			if !r.Replica {
				return e.Next()
			}
			return Start(e)
		},
	})
	app.OnBootstrapClear().BindFunc(func(e *core.BootstrapEvent) error {
		restoreMigrations()
		return e.Next()
	})
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id:       "stageshopReplicaForward",
		Priority: -1000, // first: its Next builds the mux the wrap goes around
		Func: func(e *core.ServeEvent) error {
			if role.Primary(e.App) {
				return e.Next()
			}
			restoreMigrations() // serve ran its (empty) migrations already
			r, err := Detect(dbDir(e.App))
			if err != nil {
				return err
			}
			if err := e.Next(); err != nil {
				return err
			}
			// The crons (PocketBase's, the shop's cleanups, payment, hire
			// and quote jobs) all write: on a replica none runs.
			e.App.Cron().Stop()
			// The primary's writes reach data.db without a hook here.
			Refresh(e.App) // notes the collections' and settings' stamp
			w, err := newWatcher(e.App)
			if err != nil {
				return err
			}
			stop := make(chan struct{})
			go w.run(pollInterval(), stop)
			e.App.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
				close(stop)
				return te.Next()
			})
			f, err := NewForwarder(r.Primary)
			if err != nil {
				return err
			}
			var local http.Handler = e.Server.Handler
			e.Server.Handler = f.Wrap(local)
			e.App.Logger().Info("read replica: writes, logins and realtime go to the primary", "primary", r.Primary)
			return nil
		},
	})
}

// dbDir is the directory data.db opens in.
func dbDir(app core.App) string {
	return filepath.Dir(sqlitecache.Resolve(filepath.Join(app.DataDir(), "data.db")))
}

// held are the migration lists Start set aside while PocketBase's
// bootstrap and serve run theirs (nil when none are held).
var held struct {
	sync.Mutex
	system, app *core.MigrationsList
}

// restoreMigrations puts back what Start set aside.
func restoreMigrations() {
	held.Lock()
	defer held.Unlock()
	if held.system != nil {
		core.SystemMigrations, core.AppMigrations = *held.system, *held.app
		held.system, held.app = nil, nil
	}
}

// ErrBehindPrimary is Start's error when this binary has a migration the
// primary has not applied: the replica's data.db is the primary's, so the
// primary (the only one that can write) must be upgraded first.
var ErrBehindPrimary = errors.New("replica: the primary has not applied this build's migrations (upgrade the primary first)")

// Start bootstraps e.App as a read replica, without one write to data.db
// (a LiteFS replica's mount refuses them: "disk I/O error (778)", "wal
// error: read only replica"):
//
//   - data.db is opened read-only (sqlitecache.SetReadOnly: query_only on
//     every connection, transactions begin deferred), so no later code path
//     can write to it either;
//   - PocketBase's system migrations and the shop's run at every bootstrap
//     and again at serve; each is recorded in data.db's _migrations, and
//     the auxiliary database's (its _logs table) is re-applied, and its row
//     in _migrations written again, whenever the local auxiliary.db lacks
//     it, which a new replica's always does. The migration lists are set
//     aside while PocketBase runs them (core.SystemMigrations and
//     core.AppMigrations are PocketBase's registries, filled by init
//     functions), then every migration is checked to be in data.db's
//     _migrations (ErrBehindPrimary otherwise), and the auxiliary ones are
//     applied to the local auxiliary.db only;
//   - the settings are read, never saved (ReloadSettings saves them only
//     when data.db has none, which the primary's always has).
func Start(e *core.BootstrapEvent) error {
	app := e.App
	sqlitecache.SetReadOnly(filepath.Join(app.DataDir(), "data.db"), true)
	role.SetReplica(app, true)
	held.Lock()
	if held.system == nil {
		sys, appM := core.SystemMigrations, core.AppMigrations
		held.system, held.app = &sys, &appM
		core.SystemMigrations, core.AppMigrations = core.MigrationsList{}, core.MigrationsList{}
	}
	sys, appM := *held.system, *held.app
	held.Unlock()
	if err := e.Next(); err != nil {
		return err
	}
	var files []string
	if err := app.DB().NewQuery("SELECT file FROM _migrations").Column(&files); err != nil {
		return fmt.Errorf("replica: reading the primary's migrations: %w", err)
	}
	applied := make(map[string]bool, len(files))
	for _, f := range files {
		applied[f] = true
	}
	for _, m := range append(sys.Items(), appM.Items()...) {
		if !applied[m.File] {
			return fmt.Errorf("%w: %s", ErrBehindPrimary, m.File)
		}
	}
	runner := core.NewMigrationsRunner(app, sys)
	for _, m := range sys.Items() {
		if m.ReapplyCondition == nil || m.Up == nil {
			continue
		}
		again, err := m.ReapplyCondition(app, runner, m.File)
		if err != nil {
			return err
		}
		if again {
			if err := m.Up(app); err != nil {
				return fmt.Errorf("replica: migration %s on the local auxiliary database: %w", m.File, err)
			}
		}
	}
	return nil
}
