package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// freeMissing is the methods answer's freeShippingMissing as sent: "" when
// absent.
func freeMissing(t *testing.T, c testapp.Client, query string, headers ...string) string {
	t.Helper()
	r := c.Do("GET", "/api/shipping/methods"+query, nil, headers...)
	if r.Status != http.StatusOK {
		t.Fatalf("%s: %d %s", query, r.Status, r.Body)
	}
	_, after, ok := strings.Cut(string(r.Body), `"freeShippingMissing":`)
	if !ok {
		return ""
	}
	end := strings.IndexAny(after, ",}")
	return after[:end]
}

// What a subtotal still lacks for free home shipping is the server's
// figure (the cart's and checkout's "Add $53.40 for free US shipping"): the
// query's subtotal, or the caller's own cart's with ?cart=1; 0 at and above
// the threshold; absent when the shop ships nowhere free.
func TestFreeShippingMissingIsTheServers(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	for q, want := range map[string]string{
		"":                          "500.00",
		"?subtotal=446.6":           "53.40",
		"?subtotal=499.99":          "0.01",
		"?subtotal=500":             "0.00",
		"?subtotal=900&country=GB":  "0.00",
		"?country=US&subtotal=0.30": "499.70",
	} {
		if got := freeMissing(t, c, q); got != want {
			t.Errorf("%q: freeShippingMissing %s, want %s", q, got, want)
		}
	}

	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 12000, Stock: 5})
	guest := sess("session_1700000000000_freeshipping")
	if r := c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, guest...); r.Status != http.StatusOK {
		t.Fatalf("add: %d %s", r.Status, r.Body)
	}
	if got := freeMissing(t, c, "?cart=1&country=US&subtotal=499", guest...); got != "260.00" {
		t.Errorf("the cart's 240.00: freeShippingMissing %s, want 260.00", got)
	}

	recs, _ := h.App.FindAllRecords("shop_settings")
	recs[0].Set("shippingZones", nil)
	recs[0].Set("freeShippingThresholdCents", 0)
	if err := h.App.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
	if got := freeMissing(t, c, "?subtotal=10"); got != "" {
		t.Errorf("no free shipping: freeShippingMissing %s, want it absent", got)
	}
}
