package ha_test

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/ops/ha"
)

// fileFence is a fence store in a directory of the test, and its URL.
func fileFence(t *testing.T) (*ha.Store, string) {
	t.Helper()
	url := "file://" + filepath.ToSlash(t.TempDir())
	s, err := ha.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, url
}

// The first primary claims epoch 1, again at every start; a data dir that
// was never primary cannot claim; after a promote the new one holds epoch
// 2 and the old one is refused for good.
func TestClaimAndPromote(t *testing.T) {
	s, _ := fileFence(t)
	primary, standby := t.TempDir(), t.TempDir()
	for range 2 {
		if e, err := ha.Claim(s, primary, "a"); err != nil || e != 1 {
			t.Fatalf("first primary's claim: epoch %d, %v", e, err)
		}
	}
	if _, err := ha.Claim(s, standby, "b"); !errors.Is(err, ha.ErrSuperseded) {
		t.Fatalf("a standby that was not promoted claimed: %v", err)
	}
	m, err := ha.Promote(s, standby, "b")
	if err != nil || m.Epoch != 2 || m.Node != "b" {
		t.Fatalf("promote: %+v, %v", m, err)
	}
	if e, err := ha.Claim(s, standby, "b"); err != nil || e != 2 {
		t.Fatalf("promoted standby's claim: epoch %d, %v", e, err)
	}
	_, err = ha.Claim(s, primary, "a")
	if !errors.Is(err, ha.ErrSuperseded) || !strings.Contains(err.Error(), "epoch 2 is held by b") {
		t.Fatalf("the old primary's claim after the promote: %v", err)
	}
}

// fenceEnv points the served app's fence at url with a fast check.
func fenceEnv(t *testing.T, url string) {
	t.Setenv("STAGESHOP_HA_FENCE", url)
	t.Setenv("STAGESHOP_HA_NODE", "primary")
	t.Setenv("STAGESHOP_HA_CHECK", "20ms")
	t.Setenv("STAGESHOP_HA_LEASE", "1s")
}

// A primary that is still running when a standby is promoted (it was only
// cut off from the load balancer) stops taking writes within a check:
// requests that write are 503 not_primary in the envelope, reads still
// answer, and a write by any other code path (a cron, the outbox) fails in
// SQLite itself. Its next start is refused.
func TestSupersededPrimaryTakesNoWrites(t *testing.T) {
	s, url := fileFence(t)
	fenceEnv(t, url)
	app := testapp.New(t)
	user := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{Stock: 5, PriceCents: 1000})
	c := testapp.Client{T: t, Handler: testapp.Server(t, app)}
	add := func() testapp.Response {
		return c.Do(http.MethodPost, "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, testapp.Auth(user.Token)...)
	}
	if r := add(); r.Status != http.StatusOK {
		t.Fatalf("primary's cart add: %d %s", r.Status, r.Body)
	}
	if e, _ := ha.LocalEpoch(app.DataDir()); e != 1 {
		t.Fatalf("serve claimed epoch %d, want 1", e)
	}

	if _, err := ha.Promote(s, t.TempDir(), "standby"); err != nil {
		t.Fatal(err)
	}
	r := add()
	for deadline := time.Now().Add(3 * time.Second); r.Status != http.StatusServiceUnavailable && time.Now().Before(deadline); r = add() {
		time.Sleep(10 * time.Millisecond)
	}
	if r.Status != http.StatusServiceUnavailable || r.Map(t)["code"] != "not_primary" {
		t.Fatalf("a write on the superseded primary: %d %s, want 503 not_primary", r.Status, r.Body)
	}
	if g := c.Do(http.MethodGet, "/api/products/"+p.Id, nil); g.Status != http.StatusOK {
		t.Errorf("a read on the superseded primary: %d %s", g.Status, g.Body)
	}
	p.Set("name", "Renamed")
	if err := app.Save(p); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Errorf("a save outside the HTTP routes on the superseded primary: %v, want SQLITE_READONLY", err)
	}
	if _, err := app.DB().NewQuery("UPDATE products SET name = name").Execute(); err == nil {
		t.Error("raw SQL wrote on the superseded primary")
	}
	if err := serveAgain(app); err == nil || !strings.Contains(err.Error(), "superseded") {
		t.Errorf("the superseded primary's next start: %v, want refused", err)
	}
}

// serveAgain runs the app's serve hooks once more, as a restart would.
func serveAgain(app core.App) error {
	router, err := apis.NewRouter(app)
	if err != nil {
		return err
	}
	return app.OnServe().Trigger(&core.ServeEvent{App: app, Router: router}, func(e *core.ServeEvent) error { return nil })
}

// A primary that cannot read the epoch object for longer than the lease
// (cut off from the bucket: it cannot know whether it was replaced, and
// its Litestream cannot ship) takes no writes until it reads it again.
func TestFenceLeaseLost(t *testing.T) {
	s, url := fileFence(t)
	app := testapp.New(t)
	if _, err := ha.Claim(s, app.DataDir(), "a"); err != nil {
		t.Fatal(err)
	}
	f := ha.NewFence(s, 1, filepath.Join(app.DataDir(), "data.db"), time.Second)
	t0 := time.Now()
	f.Check(t0)
	marker := filepath.Join(strings.TrimPrefix(url, "file://"), "epoch")
	if err := os.Rename(marker, marker+".away"); err != nil {
		t.Fatal(err)
	}
	f.Check(t0.Add(500 * time.Millisecond))
	if f.Fenced() {
		t.Fatal("fenced within the lease")
	}
	f.Check(t0.Add(1500 * time.Millisecond))
	if !f.Fenced() {
		t.Fatal("not fenced past the lease without the epoch object")
	}
	write := func() error {
		_, err := app.DB().NewQuery("UPDATE products SET name = name").Execute()
		return err
	}
	if write() == nil {
		t.Fatal("a write went through past the lease")
	}
	if err := os.Rename(marker+".away", marker); err != nil {
		t.Fatal(err)
	}
	f.Check(t0.Add(2 * time.Second))
	if f.Fenced() || write() != nil {
		t.Fatalf("still fenced once the epoch object reads again: %v", write())
	}
}
