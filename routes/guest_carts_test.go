package routes_test

import (
	"fmt"
	"net/http"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/routes"
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
