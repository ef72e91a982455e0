package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// Issue 27, 3: eight order-cancel cycles mailed a third party (the
// shipping e-mail) sixteen times in 0.15 s. The order e-mails go to the
// customer's account; placing and cancelling are limited per customer (10
// in 10 minutes) and per IP (20), with the rules in the dashboard's rate
// limits.
func TestOrderCancelCyclesAreLimitedAndMailTheAccount(t *testing.T) {
	h := newLimitedHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 1000})
	body := orderBody()
	body["shippingInfo"].(map[string]any)["email"] = "victim@third.example"
	cycle := func(u testapp.User) (int, int) {
		addLine(t, c, u.Token, p.Id, 1)
		r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
		if r.Status != http.StatusCreated {
			return r.Status, 0
		}
		var o orderJSON
		r.JSON(t, &o)
		return r.Status, c.Do("POST", "/api/checkout/orders/"+o.ID+"/cancel", nil, testapp.Auth(u.Token)...).Status
	}
	a, b, third := testapp.NewUser(t, h.App, false), testapp.NewUser(t, h.App, false), testapp.NewUser(t, h.App, false)
	for i := 0; i < 10; i++ {
		if placed, cancelled := cycle(a); placed != 201 || cancelled != 200 {
			t.Fatalf("cycle %d: %d %d", i+1, placed, cancelled)
		}
	}
	r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(a.Token)...)
	wantError(t, r, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") != "600" || testapp.Count(t, h.App, "orders") != 10 {
		t.Fatalf("the 11th order of one customer: Retry-After %q, %d orders", r.Header.Get("Retry-After"), testapp.Count(t, h.App, "orders"))
	}
	// Another customer on the same address has their own count, up to the
	// address's 20 attempts (the refused 11th counted).
	for i := 0; i < 9; i++ {
		if placed, cancelled := cycle(b); placed != 201 || cancelled != 200 {
			t.Fatalf("second customer, cycle %d: %d %d", i+1, placed, cancelled)
		}
	}
	wantError(t, c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(third.Token)...), http.StatusTooManyRequests, "rate_limited")

	if n := emailsTo(t, h, "order_placed", "victim@third.example") + emailsTo(t, h, "order_cancelled", "victim@third.example"); n != 0 {
		t.Fatalf("%d e-mails to the shipping address", n)
	}
	if emailsTo(t, h, "order_placed", a.Record.Email()) != 10 || emailsTo(t, h, "order_cancelled", a.Record.Email()) != 10 {
		t.Fatalf("the account got %d confirmations and %d cancellations, want 10 and 10",
			emailsTo(t, h, "order_placed", a.Record.Email()), emailsTo(t, h, "order_cancelled", a.Record.Email()))
	}
}

// The per-customer limit of cancelling is its own rule.
func TestCancellingIsLimitedPerCustomer(t *testing.T) {
	h := newLimitedHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	for i := 0; i < 10; i++ {
		wantError(t, c.Do("POST", "/api/checkout/orders/nosuchorder123/cancel", nil, testapp.Auth(u.Token)...), http.StatusNotFound, "")
	}
	wantError(t, c.Do("POST", "/api/checkout/orders/nosuchorder123/cancel", nil, testapp.Auth(u.Token)...), http.StatusTooManyRequests, "rate_limited")
}
