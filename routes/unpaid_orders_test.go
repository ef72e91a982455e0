package routes_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// Issue 27, 7: one customer emptied three products with one order each and
// Created orders never expire. A customer may hold at most
// maxUnpaidOrders (3) unpaid orders; the next is 409 and changes nothing.
// A cancelled or processed order frees its place, and so does a paid one.
func TestUnpaidOrdersPerCustomer(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 100})
	var orders []orderJSON
	for i := 0; i < 3; i++ {
		addLine(t, c, u.Token, p.Id, 10)
		orders = append(orders, placeOrder(t, c, u.Token, orderBody()))
	}
	addLine(t, c, u.Token, p.Id, 10)
	r := c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...)
	ae := wantError(t, r, http.StatusConflict, "too_many_unpaid_orders")
	if ae.Message == "" || testapp.Stock(t, h.App, p.Id) != 70 || testapp.Count(t, h.App, "orders") != 3 {
		t.Fatalf("refused order: %+v; stock %d, %d orders", ae, testapp.Stock(t, h.App, p.Id), testapp.Count(t, h.App, "orders"))
	}
	if cart := decodeCart(t, c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...)); cart.TotalItems != 10 {
		t.Fatalf("the refused order emptied the cart: %+v", cart)
	}
	// Another customer is not held back by this one.
	other := testapp.NewUser(t, h.App, false)
	addLine(t, c, other.Token, p.Id, 1)
	placeOrder(t, c, other.Token, orderBody())

	wantStatus(t, c.Do("POST", "/api/checkout/orders/"+orders[0].ID+"/cancel", nil, testapp.Auth(u.Token)...), 200, nil)
	placeOrder(t, c, u.Token, orderBody())
	addLine(t, c, u.Token, p.Id, 1)
	wantError(t, c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...), http.StatusConflict, "too_many_unpaid_orders")
	wantStatus(t, c.Do("PUT", "/api/checkout/admin/orders/"+orders[1].ID+"/status", map[string]any{"status": "Processing"},
		testapp.Auth(admin.Token)...), 200, nil)
	placeOrder(t, c, u.Token, orderBody())

	// A paid order still waiting to be shipped is not unpaid (before: it
	// counted while Created, so a customer who paid was refused).
	addLine(t, c, u.Token, p.Id, 1)
	wantError(t, c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...), http.StatusConflict, "too_many_unpaid_orders")
	paid := map[string]any{"amount": json.Number(fmt.Sprintf("%.2f", orders[2].TotalAmount))}
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+orders[2].ID+"/payments", paid, testapp.Auth(admin.Token)...), 201, nil)
	placeOrder(t, c, u.Token, orderBody())
}

// The limit is a shop setting a superuser changes in the dashboard, held to
// 1-1000 like the other settings.
func TestUnpaidOrdersSetting(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	su := superuserToken(t, h.App)
	recs, err := h.App.FindAllRecords("shop_settings")
	if err != nil || len(recs) != 1 || recs[0].GetInt("maxUnpaidOrders") != 3 {
		t.Fatalf("settings: %v %v", recs, err)
	}
	url := "/api/collections/shop_settings/records/" + recs[0].Id
	for _, bad := range []any{0, -1, 1001, 2.5} {
		if r := c.Do("PATCH", url, map[string]any{"maxUnpaidOrders": bad}, "Authorization", su); r.Status != http.StatusBadRequest {
			t.Errorf("maxUnpaidOrders %v: %d %s", bad, r.Status, r.Body)
		}
	}
	wantStatus(t, c.Do("PATCH", url, map[string]any{"maxUnpaidOrders": 1}, "Authorization", su), 200, nil)
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 10})
	addLine(t, c, u.Token, p.Id, 1)
	placeOrder(t, c, u.Token, orderBody())
	addLine(t, c, u.Token, p.Id, 1)
	wantError(t, c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...), http.StatusConflict, "too_many_unpaid_orders")
}
