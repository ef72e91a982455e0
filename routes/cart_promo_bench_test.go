package routes_test

import (
	"fmt"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/promo"
)

// BenchmarkCartReadWithPromotions reads a cart (GET /api/cart) and its
// checkout estimate (with an address and a method) through the routes,
// with three automatic promotions live and a code on the cart (and, side by
// side, with none), at 1 and 30 lines: the time per read and the SQL
// statements per read (queries/op), which must not grow with the lines.
// Figures: bench/RESULTS.md, section 14.
func BenchmarkCartReadWithPromotions(b *testing.B) {
	b.Run("none", func(b *testing.B) { benchCartReads(b, false) })
	b.Run("promotions", func(b *testing.B) { benchCartReads(b, true) })
}

// benchCartReads is BenchmarkCartReadWithPromotions on a new shop, with
// the promotions (and the cart's code) or without.
func benchCartReads(b *testing.B, promotions bool) {
	h := testapp.NewHarness(b)
	terms := []promo.Terms{
		{Automatic: true, Kind: promo.Percentage, Value: "10", Combinable: true},
		{Automatic: true, Kind: promo.Fixed, Value: "5", MinSubtotal: "50", Combinable: true},
		{Automatic: true, Kind: promo.FreeShipping, Combinable: true},
		{Code: "TOURING25", Kind: promo.Fixed, Value: "25", Combinable: true},
	}
	if !promotions {
		terms = nil
	}
	for _, t := range terms {
		t.Name, t.Target = []byte(`{"en":"Bench"}`), promo.TargetOrder
		if _, err := promo.Create(h.App, t); err != nil {
			b.Fatal(err)
		}
	}
	for _, lines := range []int{1, 30} {
		session := fmt.Sprintf("session_bench_promo_%d", lines)
		for i := 0; i < lines; i++ {
			p := testapp.NewProduct(b, h.App, testapp.Product{PriceCents: 5000, Stock: 100})
			h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(session)...)
		}
		if promotions {
			if r := h.Client.Do("POST", "/api/cart/discount", map[string]any{"code": "TOURING25"}, sess(session)...); r.Status != 200 {
				b.Fatalf("code: %s", r.Body)
			}
		}
		for _, read := range []struct{ name, path string }{
			{"cart", "/api/cart"},
			{"estimate", "/api/cart?country=US&state=IL&shippingMethod=standard"},
		} {
			b.Run(fmt.Sprintf("%s/%dlines", read.name, lines), func(b *testing.B) {
				var queries int64
				for b.Loop() {
					queries += countQueries(h.App, func() {
						if r := h.Client.Do("GET", read.path, nil, sess(session)...); r.Status != 200 {
							b.Fatalf("read: %s", r.Body)
						}
					})
				}
				b.ReportMetric(float64(queries)/float64(b.N), "queries/op")
			})
		}
	}
}
