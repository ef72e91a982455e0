package replica_test

import (
	"crypto/sha256"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/migrated"
	"stageshop/internal/replica"
	"stageshop/internal/role"
	"stageshop/internal/server"
	"stageshop/internal/sqlitecache"
	"stageshop/internal/testapp"
)

// replicaDir is a new replica's data dir: the primary's data.db (the
// migrated template), no auxiliary.db of its own yet.
func replicaDir(t *testing.T) string {
	t.Helper()
	tmpl, err := migrated.Dir()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"data.db", "data.db-wal"} {
		b, err := os.ReadFile(filepath.Join(tmpl, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// dataDigest is what data.db holds, its WAL included (a missing WAL is an
// empty one).
func dataDigest(t *testing.T, dir string) [32]byte {
	t.Helper()
	h := sha256.New()
	for _, name := range []string{"data.db", "data.db-wal"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		h.Write(b)
		io.WriteString(h, "|")
	}
	var d [32]byte
	copy(d[:], h.Sum(nil))
	return d
}

// replicaApp bootstraps the shop on dir as a replica of primary, as main
// does (server.Register, then Bootstrap).
func replicaApp(t *testing.T, dir, primary string) (*core.BaseApp, error) {
	t.Helper()
	t.Setenv("STAGESHOP_REPLICA", "1")
	t.Setenv("STAGESHOP_PRIMARY_URL", primary)
	t.Setenv("STAGESHOP_MAX_CONNS_PER_IP", "0") // no listener of its own
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env", DBConnect: sqlitecache.Connect})
	server.Register(app, testapp.Site)
	t.Cleanup(func() {
		_ = app.ResetBootstrapState()
		sqlitecache.SetReadOnly(filepath.Join(dir, "data.db"), false)
	})
	return app, app.Bootstrap()
}

// serve runs what `serve` runs before it listens (apis.Serve: the
// migrations, then the serve event) and returns the server's handler.
func serve(t *testing.T, app core.App) http.Handler {
	t.Helper()
	if err := app.RunAllMigrations(); err != nil {
		t.Fatalf("serve's migrations on a replica: %v", err)
	}
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{Router: router, Server: &http.Server{}}
	se.App = app
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		mux, err := e.Router.BuildMux()
		e.Server.Handler = mux
		return err
	})
	if err != nil {
		t.Fatalf("serve event on a replica: %v", err)
	}
	return se.Server.Handler
}

// A new replica starts and serves without one write to data.db (which a
// LiteFS replica's mount refuses): PocketBase's migrations (the auxiliary
// database's is re-applied on a new data dir and its row written to
// data.db) and settings are not written, the local auxiliary.db gets its
// _logs table, the catalog is read from data.db, writes reach the primary,
// no cron runs and the app says it is not the primary.
func TestReplicaStartsWithoutWritingDataDB(t *testing.T) {
	var mu sync.Mutex
	var forwarded []string
	primary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		forwarded = append(forwarded, r.Method+" "+r.URL.Path)
		mu.Unlock()
		w.WriteHeader(http.StatusCreated)
	}))
	defer primary.Close()
	dir := replicaDir(t)
	before := dataDigest(t, dir)

	app, err := replicaApp(t, dir, primary.URL)
	if err != nil {
		t.Fatalf("a replica's bootstrap: %v", err)
	}
	if role.Primary(app) {
		t.Fatal("the replica says it is the primary")
	}
	if !app.AuxHasTable("_logs") {
		t.Error("the replica's auxiliary.db has no _logs table")
	}
	h := serve(t, app)
	if app.Cron().HasStarted() {
		t.Error("the replica runs the crons")
	}

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/products", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("X-StageShop-Forwarded") != "" {
		t.Errorf("GET /api/products on the replica: %d (forwarded %q), want 200 from its own data.db: %s",
			rec.Code, rec.Header().Get("X-StageShop-Forwarded"), rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/orders", strings.NewReader("{}")))
	mu.Lock()
	got := strings.Join(forwarded, ",")
	mu.Unlock()
	if rec.Code != http.StatusCreated || got != "POST /api/orders" {
		t.Errorf("POST /api/orders on the replica: %d, primary saw %q", rec.Code, got)
	}
	if _, err := app.DB().NewQuery("DELETE FROM _migrations").Execute(); err == nil {
		t.Error("a write to the replica's data.db went through")
	}
	if dataDigest(t, dir) != before {
		t.Fatal("the replica's start wrote to data.db")
	}
}

// A replica whose binary has a migration the primary lacks refuses to
// start (its data.db is the primary's: only the primary can migrate it).
func TestReplicaBehindPrimaryRefusesToStart(t *testing.T) {
	dir := replicaDir(t)
	// The primary has not applied this build's last migration.
	last := core.AppMigrations.Items()[len(core.AppMigrations.Items())-1].File
	edit := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, DBConnect: sqlitecache.Connect})
	if err := edit.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	if _, err := edit.DB().NewQuery("DELETE FROM _migrations WHERE file = {:f}").Bind(map[string]any{"f": last}).Execute(); err != nil {
		t.Fatal(err)
	}
	_ = edit.ResetBootstrapState()
	_ = os.Remove(filepath.Join(dir, "auxiliary.db"))

	_, err := replicaApp(t, dir, "http://127.0.0.1:1")
	if !errors.Is(err, replica.ErrBehindPrimary) || !strings.Contains(err.Error(), last) {
		t.Fatalf("bootstrap of a replica behind its build: %v, want ErrBehindPrimary naming %s", err, last)
	}
}

// get is the replica's answer to a GET of path.
func get(h http.Handler, path string) (int, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Code, rec.Body.String()
}

// eventually waits (a generous bound: CI is slow) until ok holds.
func eventually(t *testing.T, what string, ok func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for deadline := start.Add(15 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the replica never showed %s", what)
		}
	}
	return time.Since(start)
}

// The primary's writes reach a replica's answers although no hook fires
// there: a new product shows in the catalog list and the search a replica
// had already answered (and cached), and a price the primary changed is the
// replica's within the poll. The primary is another app on the same
// data.db (as LiteFS's replica is another process's file).
func TestReplicaFollowsPrimaryWrites(t *testing.T) {
	t.Setenv("STAGESHOP_REPLICA", "")
	t.Setenv("STAGESHOP_REPLICA_POLL", "50ms")
	dir := replicaDir(t)
	primary := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env", DBConnect: sqlitecache.Connect})
	server.Register(primary, testapp.Site)
	if err := primary.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = primary.ResetBootstrapState() })
	testapp.NewProduct(t, primary, testapp.Product{Name: "Zebra fog machine", PriceCents: 10000, Stock: 5})

	// The replica's data dir is its own; its data.db is the primary's file
	// (by another path, so the replica's read-only switch is its own).
	rdir := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "data.db"), filepath.Join(rdir, "data.db")); err != nil {
		t.Fatal(err)
	}
	app, err := replicaApp(t, rdir, "http://127.0.0.1:1")
	if err != nil {
		t.Fatal(err)
	}
	h := serve(t, app)
	t.Cleanup(func() { _ = app.OnTerminate().Trigger(&core.TerminateEvent{App: app}) })

	if code, body := get(h, "/api/products?search=zebra"); code != 200 || !strings.Contains(body, "Zebra fog machine") {
		t.Fatalf("the replica's search before any change: %d %s", code, body)
	}
	if _, body := get(h, "/api/products?search=lantern"); strings.Contains(body, "Lantern") {
		t.Fatal("a product nobody made was found")
	}
	_, list := get(h, "/api/products")
	if strings.Contains(list, "Lantern") {
		t.Fatal("a product nobody made is listed")
	}

	p := testapp.NewProduct(t, primary, testapp.Product{Name: "Lantern haze", PriceCents: 4200, Stock: 3})
	eventually(t, "the primary's new product in its list", func() bool {
		_, body := get(h, "/api/products")
		return strings.Contains(body, "Lantern haze")
	})
	eventually(t, "the primary's new product in its search", func() bool {
		_, body := get(h, "/api/products?search=lantern")
		return strings.Contains(body, "Lantern haze")
	})
	p.Set("priceCents", 4999)
	if err := primary.Save(p); err != nil {
		t.Fatal(err)
	}
	lag := eventually(t, "the primary's new price", func() bool {
		_, body := get(h, "/api/products?search=lantern")
		return strings.Contains(body, "49.99")
	})
	t.Logf("a price change reached the replica in %v (poll 50ms)", lag)
}
