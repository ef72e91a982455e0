package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// One customer may put at most maxUnitsPerLine units (20 unless the owner
// changes it) of one item on a line: 409 line_limit with the figure, the
// cart unchanged; admins may take more (issue 43 item 3: one bank-transfer
// order took every unit of three products).
func TestLineLimitStopsHoarding(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 100})
	c, p := s.c, s.product
	user := testapp.Auth(s.user.Token)
	add := func(qty int, hdr []string) testapp.Response {
		return c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": qty}, hdr...)
	}
	var e struct {
		errJSON
		Limit int `json:"limit"`
	}
	r := add(100, user)
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Code != "line_limit" || e.Limit != 20 {
		t.Fatalf("100 of a product: %d %s, want 409 line_limit, limit 20", r.Status, r.Body)
	}
	wantStatus(t, add(20, user), http.StatusOK, nil)
	if r := add(1, user); r.Status != http.StatusConflict {
		t.Fatalf("a 21st unit: %d %s", r.Status, r.Body)
	}
	guest := sess("session_hoarder_12345")
	if r := add(21, guest); r.Status != http.StatusConflict {
		t.Fatalf("a guest's 21: %d %s", r.Status, r.Body)
	}
	o := placeOrder(t, c, s.user.Token, orderBody())
	if left := testapp.Stock(t, s.h.App, p.Id); left != 80 || o.ItemCount != 20 {
		t.Fatalf("after the order %d units left (%d ordered), want 80", left, o.ItemCount)
	}

	// The owner lowers it in Settings > Payments: the cart's update is held to it.
	admin := testapp.Auth(s.admin.Token)
	var settings map[string]any
	wantStatus(t, c.Do("GET", "/api/admin/settings/payments", nil, admin...), http.StatusOK, &settings)
	if settings["maxUnitsPerLine"] != float64(20) {
		t.Fatalf("settings %v, want maxUnitsPerLine 20", settings)
	}
	settings["maxUnitsPerLine"] = 5
	wantStatus(t, c.Do("PUT", "/api/admin/settings/payments", settings, admin...), http.StatusOK, nil)
	wantStatus(t, add(5, user), http.StatusOK, nil)
	var cart struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	wantStatus(t, c.Do("GET", "/api/cart", nil, user...), http.StatusOK, &cart)
	r = c.Do("PUT", "/api/cart/items/"+cart.Items[0].ID, map[string]any{"quantity": 6}, user...)
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Limit != 5 {
		t.Fatalf("update to 6: %d %s, want 409 limit 5", r.Status, r.Body)
	}
	for _, bad := range []any{-1, 10001, "x"} {
		settings["maxUnitsPerLine"] = bad
		if r := c.Do("PUT", "/api/admin/settings/payments", settings, admin...); r.Status != http.StatusBadRequest {
			t.Errorf("maxUnitsPerLine %v: %d", bad, r.Status)
		}
	}
	// Admins take larger orders.
	wantStatus(t, add(50, admin), http.StatusOK, nil)
}

// The limit holds at placement too: a line made before the owner lowered
// it is 409 line_limit at checkout, nothing ordered and the stock left as
// it was.
func TestLineLimitHeldAtPlacement(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 100})
	c, p := s.c, s.product
	addLine(t, c, s.user.Token, p.Id, 20)
	admin := testapp.Auth(s.admin.Token)
	var settings map[string]any
	wantStatus(t, c.Do("GET", "/api/admin/settings/payments", nil, admin...), http.StatusOK, &settings)
	settings["maxUnitsPerLine"] = 5
	wantStatus(t, c.Do("PUT", "/api/admin/settings/payments", settings, admin...), http.StatusOK, nil)
	r := c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(s.user.Token)...)
	var e struct {
		errJSON
		Limit int `json:"limit"`
	}
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Code != "line_limit" || e.Limit != 5 {
		t.Fatalf("checkout of 20 with a limit of 5: %d %s, want 409 line_limit, limit 5", r.Status, r.Body)
	}
	if left := testapp.Stock(t, s.h.App, p.Id); left != 100 || testapp.Count(t, s.h.App, "orders") != 0 {
		t.Fatalf("%d units left, %d orders; want 100 and none", left, testapp.Count(t, s.h.App, "orders"))
	}
}
