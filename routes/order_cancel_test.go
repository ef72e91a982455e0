package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// A customer cancels their own order while it is Created: the units go back
// to stock exactly once, the history records it, and a second cancel, a
// later status or someone else's order is refused.
func TestCustomerCancelsOwnCreatedOrder(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	alice := testapp.NewUser(t, h.App, false)
	bob := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 5})
	addLine(t, c, alice.Token, p.Id, 3)
	o := placeOrder(t, c, alice.Token, usBody("standard"))
	cancel := func(token, id string) testapp.Response {
		return c.Do("POST", "/api/checkout/orders/"+id+"/cancel", nil, testapp.Auth(token)...)
	}

	refused := func(name, token, id string, status int, code string) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: "/api/checkout/orders/" + id + "/cancel", Token: token,
			ExpectedStatus: status, ExpectedCode: code, ExpectedRecords: map[string]int{"orders:update": 0}}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		refused("signed out", "", o.ID, http.StatusUnauthorized, "*"),
		// Someone else's order is not found, as for reading it (no hint it exists).
		refused("someone else's order", bob.Token, o.ID, http.StatusNotFound, "not_found"),
		refused("an unknown order", alice.Token, "nosuchorder12345", http.StatusNotFound, "not_found"),
	})
	if testapp.Stock(t, h.App, p.Id) != 2 {
		t.Fatal("a refused cancel moved stock")
	}

	r := cancel(alice.Token, o.ID)
	var got orderJSON
	r.JSON(t, &got)
	if r.Status != http.StatusOK || got.Status != "Cancelled" || len(got.History) != 2 ||
		got.History[0].Status != "Created" || got.History[1].Status != "Cancelled" || got.History[1].At == "" {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	if s := testapp.Stock(t, h.App, p.Id); s != 5 {
		t.Fatalf("stock after cancel %d, want 5", s)
	}
	// The admins see the customer's cancel: in the list by status, and in the order's timed history.
	admin := testapp.NewUser(t, h.App, true)
	var listed []orderJSON
	c.Do("GET", "/api/checkout/admin/orders?status=Cancelled", nil, testapp.Auth(admin.Token)...).JSON(t, &listed)
	var seen orderJSON
	c.Do("GET", "/api/checkout/admin/orders/"+o.ID, nil, testapp.Auth(admin.Token)...).JSON(t, &seen)
	if len(listed) != 1 || listed[0].ID != o.ID || seen.Status != "Cancelled" || len(seen.History) != 2 || seen.History[1].At != got.History[1].At {
		t.Fatalf("admin view of the cancel: list %+v, detail %+v", listed, seen)
	}
	expectErr(t, cancel(alice.Token, o.ID), http.StatusConflict, "not_cancellable")
	if s := testapp.Stock(t, h.App, p.Id); s != 5 {
		t.Fatalf("stock after a second cancel %d, want 5", s)
	}

	// Once the shop is processing it, only an admin can cancel.
	addLine(t, c, alice.Token, p.Id, 1)
	o2 := placeOrder(t, c, alice.Token, usBody("standard"))
	if _, err := shop.UpdateOrderStatus(h.App, o2.ID, shop.StatusUpdate{Status: shop.StatusProcessing}); err != nil {
		t.Fatal(err)
	}
	expectErr(t, cancel(alice.Token, o2.ID), http.StatusConflict, "not_cancellable")
	if s := testapp.Stock(t, h.App, p.Id); s != 4 {
		t.Fatalf("stock %d, want 4", s)
	}
}

// Every status change is kept with its time, however the order is saved:
// the admin route (with a tracking number) and a direct record save as the
// dashboard does.
func TestOrderHistoryAndTrackingNumber(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 5})
	addLine(t, c, u.Token, p.Id, 1)
	o := placeOrder(t, c, u.Token, usBody("standard"))
	url := "/api/checkout/admin/orders/" + o.ID + "/status"

	expectErr(t, c.Do("PUT", url, map[string]any{"status": "Shipped"}), http.StatusUnauthorized, "")
	expectErr(t, c.Do("PUT", url, map[string]any{"status": "Shipped"}, testapp.Auth(u.Token)...), http.StatusForbidden, "")
	long := make([]byte, 101)
	for i := range long {
		long[i] = 'X'
	}
	e := expectErr(t, c.Do("PUT", url, map[string]any{"status": "Shipped", "trackingNumber": string(long)}, testapp.Auth(admin.Token)...), http.StatusBadRequest, "validation_failed")
	if e.Errors["trackingNumber"] == "" {
		t.Errorf("errors %v", e.Errors)
	}
	expectErr(t, c.Do("PUT", url, map[string]any{"status": "Shipped", "trackingNumber": 7}, testapp.Auth(admin.Token)...), http.StatusBadRequest, "")

	r := c.Do("PUT", url, map[string]any{"status": "Shipped", "trackingNumber": " 1Z999AA10123456784 "}, testapp.Auth(admin.Token)...)
	var got orderJSON
	r.JSON(t, &got)
	if r.Status != 200 || got.TrackingNumber != "1Z999AA10123456784" || len(got.History) != 2 || got.History[1].Status != "Shipped" {
		t.Fatalf("shipped: %d %s", r.Status, r.Body)
	}

	rec, _ := h.App.FindRecordById("orders", o.ID)
	rec.Set("status", "Delivered")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	rec.Set("customerName", "Renamed") // not a status change: no entry
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...).JSON(t, &got)
	if len(got.History) != 3 || got.History[2].Status != "Delivered" || got.TrackingNumber != "1Z999AA10123456784" {
		t.Fatalf("history after a dashboard save: %+v", got.History)
	}
}
