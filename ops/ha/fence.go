package ha

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/sqlitecache"
	"stageshop/shop/wire"
)

// Defaults of the fence's timing (STAGESHOP_HA_CHECK, STAGESHOP_HA_LEASE).
const (
	DefaultCheck = time.Second
	DefaultLease = 5 * time.Second
)

// Fence watches the epoch object while a primary serves and turns its
// database read-only once another node holds a later epoch (for good), or
// while the object could not be read for longer than the lease (until it
// can again: a primary cut off from the bucket cannot tell whether it was
// replaced, and its Litestream is not shipping either).
type Fence struct {
	store  *Store
	epoch  int
	dbPath string
	lease  time.Duration

	mu         sync.Mutex
	lastOK     time.Time
	superseded *Marker
	fenced     bool
	log        func(msg string, args ...any)
}

// NewFence watches store for the primary of epoch on the database dbPath.
func NewFence(store *Store, epoch int, dbPath string, lease time.Duration) *Fence {
	return &Fence{store: store, epoch: epoch, dbPath: dbPath, lease: lease, lastOK: time.Now(), log: func(string, ...any) {}}
}

// Check reads the epoch object once, at now, and fences or unfences.
func (f *Fence) Check(now time.Time) {
	m, found, err := f.store.Read()
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case err == nil && found && m.Epoch > f.epoch:
		if f.superseded == nil {
			f.superseded = &m
			f.log("ha: superseded, this node no longer takes writes", "epoch", f.epoch, "newEpoch", m.Epoch, "newPrimary", m.Node)
		}
		f.set(true)
	case err == nil && found:
		f.lastOK = now
		f.set(f.superseded != nil)
	case now.Sub(f.lastOK) > f.lease:
		if !f.fenced {
			f.log("ha: the epoch object cannot be read past the lease, this node takes no writes until it can", "lease", f.lease.String(), "error", fmt.Sprint(err), "found", found)
		}
		f.set(true)
	}
}

// set turns the database read-only or back; f.mu is held.
func (f *Fence) set(fenced bool) {
	if fenced != f.fenced {
		f.fenced = fenced
		sqlitecache.SetReadOnly(f.dbPath, fenced)
	}
}

// Fenced reports whether the node takes no writes now.
func (f *Fence) Fenced() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fenced
}

// Run checks every interval until stop is closed.
func (f *Fence) Run(interval time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			f.Check(now)
		}
	}
}

// middlewareID names the fence's middleware.
const middlewareID = "stageshopHAFence"

// Middleware answers every request that may write (any method but GET,
// HEAD and OPTIONS) 503 not_primary in the contract's envelope while the
// node is fenced, instead of the 500 its read-only database would give.
func (f *Fence) Middleware() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: middlewareID, Func: func(e *core.RequestEvent) error {
		switch e.Request.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return e.Next()
		}
		if !f.Fenced() {
			return e.Next()
		}
		e.Response.Header().Set("Retry-After", "5")
		p := wire.NewProblem(http.StatusServiceUnavailable, "not_primary", "This server no longer takes orders or changes; please try again in a moment.")
		return e.JSON(p.Status, p)
	}}
}

// Config is the fence's configuration from the environment.
type Config struct {
	URL   string        // STAGESHOP_HA_FENCE; "" when the shop runs alone
	Node  string        // STAGESHOP_HA_NODE, else the host name
	Check time.Duration // STAGESHOP_HA_CHECK
	Lease time.Duration // STAGESHOP_HA_LEASE
}

// ConfigFromEnv reads the configuration; a bad duration is an error.
func ConfigFromEnv() (Config, error) {
	c := Config{URL: os.Getenv("STAGESHOP_HA_FENCE"), Node: os.Getenv("STAGESHOP_HA_NODE"), Check: DefaultCheck, Lease: DefaultLease}
	if c.Node == "" {
		c.Node, _ = os.Hostname()
	}
	for name, d := range map[string]*time.Duration{"STAGESHOP_HA_CHECK": &c.Check, "STAGESHOP_HA_LEASE": &c.Lease} {
		if v := os.Getenv(name); v != "" {
			parsed, err := time.ParseDuration(v)
			if err != nil || parsed <= 0 {
				return c, fmt.Errorf("%s=%q is not a positive Go duration", name, v)
			}
			*d = parsed
		}
	}
	if c.Check >= c.Lease {
		return c, fmt.Errorf("STAGESHOP_HA_CHECK (%s) must be shorter than STAGESHOP_HA_LEASE (%s)", c.Check, c.Lease)
	}
	return c, nil
}

// Register fences app when STAGESHOP_HA_FENCE is set: `serve` claims the
// data dir's epoch before it listens (and stops with a clear error when the
// node was superseded), then the fence is checked every STAGESHOP_HA_CHECK
// while it serves. Other commands (migrate, promote) are not fenced.
func Register(app core.App) {
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		cfg, err := ConfigFromEnv()
		if err != nil {
			return err
		}
		if cfg.URL == "" {
			return e.Next()
		}
		store, err := Open(cfg.URL)
		if err != nil {
			return err
		}
		epoch, err := Claim(store, e.App.DataDir(), cfg.Node)
		if err != nil {
			return fmt.Errorf("not starting as the primary: %w", err)
		}
		f := NewFence(store, epoch, filepath.Join(e.App.DataDir(), "data.db"), cfg.Lease)
		f.log = e.App.Logger().Warn
		e.Router.Bind(f.Middleware())
		stop := make(chan struct{})
		var once sync.Once
		go f.Run(cfg.Check, stop)
		e.App.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
			once.Do(func() { close(stop); _ = store.Close() })
			return te.Next()
		})
		e.App.Logger().Info("ha: serving as the primary", "epoch", epoch, "node", cfg.Node)
		return e.Next()
	})
}
