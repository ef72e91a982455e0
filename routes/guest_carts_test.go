package routes_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/routes"
	"stageshop/shop"
)

func strongSession(i int) string {
	return fmt.Sprintf("session_1763800000_%016x", uint64(i+1)*0x9e3779b97f4a7c15)
}

// One IP makes at most the rule's number of new guest carts per window;
// carts it has keep working, and signed-in shoppers are not counted.
func TestNewGuestCartsLimitedPerIP(t *testing.T) {
	h := newLimitedHarness(t)
	c := h.Client
	rule, ok := h.App.Settings().RateLimits.FindRateLimitRule([]string{routes.NewGuestCartRule})
	if !ok || rule.MaxRequests != 30 || rule.Duration != 3600 {
		t.Fatalf("rule %+v %v, want 30 an hour", rule, ok)
	}
	p := testapp.NewProduct(t, h.App, testapp.Product{Stock: 100})
	add := func(headers ...string) testapp.Response {
		return c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, headers...)
	}
	for i := 0; i < 30; i++ {
		decodeCart(t, add(sess(strongSession(i))...))
	}
	r := add(sess(strongSession(30))...)
	expectErr(t, r, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") != "3600" {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if n := testapp.Count(t, h.App, "carts"); n != 30 {
		t.Fatalf("%d carts stored, want 30", n)
	}
	decodeCart(t, add(sess(strongSession(0))...)) // an existing cart
	u := testapp.NewUser(t, h.App, false)
	decodeCart(t, add(testapp.Auth(u.Token)...))
}

// Ids that are obviously easy to guess cannot start a cart; the contract's
// format still admits them elsewhere (an empty cart to read).
func TestWeakSessionIDsRefusedForNewCarts(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{Stock: 100})
	for _, id := range []string{"aaaaaaaa", "abababab", "12345678", "87654321", "session_1763800000_00000000", "session_0000_abcdefgh"} {
		expectErr(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(id)...), http.StatusBadRequest, "weak_session_id")
		decodeCart(t, c.Do("GET", "/api/cart", nil, sess(id)...))
	}
	if n := testapp.Count(t, h.App, "carts"); n != 0 {
		t.Fatalf("%d carts stored for weak ids", n)
	}
	for _, id := range []string{"abc-_123", "session_1763800000_x-Y_z", strongSession(1)} {
		decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(id)...))
	}
}

// age moves a record's updated time back by d (the autodate field cannot be
// set through a save).
func age(t *testing.T, app core.App, table, id string, d time.Duration) {
	t.Helper()
	_, err := app.DB().Update(table, dbx.Params{"updated": time.Now().Add(-d).UTC().Format("2006-01-02 15:04:05.000Z")},
		dbx.HashExp{"id": id}).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

// The daily cron job deletes guest carts untouched for 30 days (lines
// included) and nothing else.
func TestGuestCartCleanupCron(t *testing.T) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	routes.Register(app, testapp.Site)
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer app.ResetBootstrapState()
	if err := app.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	p := testapp.NewProduct(t, app, testapp.Product{Stock: 100})
	user := testapp.NewUser(t, app, false)
	cart := func(owner shop.CartOwner) (cartID, lineID string) {
		c, err := shop.AddToCart(app, owner, p.Id, 1)
		if err != nil {
			t.Fatal(err)
		}
		return c.ID, c.Items[0].ID
	}
	oldID, oldLine := cart(shop.CartOwner{SessionID: strongSession(1)})
	age(t, app, "carts", oldID, 31*24*time.Hour)
	age(t, app, "cart_items", oldLine, 31*24*time.Hour)
	touchedID, _ := cart(shop.CartOwner{SessionID: strongSession(2)}) // its line changed lately
	age(t, app, "carts", touchedID, 31*24*time.Hour)
	freshID, _ := cart(shop.CartOwner{SessionID: strongSession(3)})
	userID, userLine := cart(shop.CartOwner{UserID: user.ID()})
	age(t, app, "carts", userID, 90*24*time.Hour)
	age(t, app, "cart_items", userLine, 90*24*time.Hour)

	var job func()
	for _, j := range app.Cron().Jobs() {
		if j.Id() == "stageshopPruneGuestCarts" {
			job = j.Run
		}
	}
	if job == nil {
		t.Fatal("no guest cart clean-up job scheduled")
	}
	job()
	for id, kept := range map[string]bool{oldID: false, touchedID: true, freshID: true, userID: true} {
		if _, err := app.FindRecordById("carts", id); (err == nil) != kept {
			t.Errorf("cart %s kept=%v, want %v", id, err == nil, kept)
		}
	}
	if _, err := app.FindRecordById("cart_items", oldLine); err == nil {
		t.Error("the deleted cart's line is still there")
	}
}
