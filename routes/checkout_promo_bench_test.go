package routes_test

import (
	"net/http"
	"slices"
	"syscall"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop/promo"
)

// benchPromotions are the three automatic promotions of issue 45's speed
// line (10 % off, $5 off from $50, free shipping) and a code.
func benchPromotions(b *testing.B, h testapp.Harness) {
	b.Helper()
	for _, t := range []promo.Terms{
		{Automatic: true, Kind: promo.Percentage, Value: "10", Combinable: true},
		{Automatic: true, Kind: promo.Fixed, Value: "5", MinSubtotal: "50", Combinable: true},
		{Automatic: true, Kind: promo.FreeShipping, Combinable: true},
		{Code: "TOURING25", Kind: promo.Fixed, Value: "25", Combinable: true},
	} {
		t.Name, t.Target = []byte(`{"en":"Bench"}`), promo.TargetOrder
		if _, err := promo.Create(h.App, t); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckoutWithPromotions places orders through POST
// /api/checkout/create-order (two lines, an address, a method), side by
// side on a shop without promotions and one with three automatic ones
// live: issue 45 wants the second at no less than 90 % of the first's
// orders/s. Each order is a new customer's cart, filled outside the timer.
// Beside orders/s it reports the process's CPU time per order (user and
// system, server and client are one process): on a shared machine the
// wall-clock figure swings with the neighbours' load, the CPU one much less.
// Figures: bench/RESULTS.md, section 14.
func BenchmarkCheckoutWithPromotions(b *testing.B) {
	for _, promotions := range []bool{false, true} {
		name := "none"
		if promotions {
			name = "three-automatic"
		}
		b.Run(name, func(b *testing.B) {
			h := testapp.NewHarness(b)
			if promotions {
				benchPromotions(b, h)
			}
			p1 := testapp.NewProduct(b, h.App, testapp.Product{PriceCents: 4000, Stock: 1_000_000})
			p2 := testapp.NewProduct(b, h.App, testapp.Product{PriceCents: 2500, Stock: 1_000_000})
			var took, cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				u := testapp.NewUser(b, h.App, false)
				addLine(b, h.Client, u.Token, p1.Id, 1)
				addLine(b, h.Client, u.Token, p2.Id, 2)
				b.StartTimer()
				start, cpuStart := time.Now(), processCPU()
				r := h.Client.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...)
				took, cpu = took+time.Since(start), cpu+processCPU()-cpuStart
				if r.Status != http.StatusCreated {
					b.Fatalf("create-order: %d %s", r.Status, r.Body)
				}
			}
			b.ReportMetric(float64(b.N)/took.Seconds(), "orders/s")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/order")
		})
	}
}

// processCPU is the user and system CPU time this process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkApplyCode puts TOURING25 on a three-line cart through POST
// /api/cart/discount (three automatic promotions live, 50 other codes)
// and reports the median (issue 45: p50 under 5 ms).
func BenchmarkApplyCode(b *testing.B) {
	h := testapp.NewHarness(b)
	benchPromotions(b, h)
	for i := range 50 {
		t := promo.Terms{Code: "OTHER" + string(rune('A'+i%26)) + string(rune('A'+i/26)), Kind: promo.Percentage, Value: "5",
			Name: []byte(`{"en":"Other"}`), Target: promo.TargetOrder}
		if _, err := promo.Create(h.App, t); err != nil {
			b.Fatal(err)
		}
	}
	u := testapp.NewUser(b, h.App, false)
	for range 3 {
		addLine(b, h.Client, u.Token, testapp.NewProduct(b, h.App, testapp.Product{PriceCents: 3000, Stock: 100}).Id, 1)
	}
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		r := h.Client.Do("POST", "/api/cart/discount", map[string]any{"code": "TOURING25"}, testapp.Auth(u.Token)...)
		took = append(took, time.Since(start))
		if r.Status != http.StatusOK {
			b.Fatalf("code: %d %s", r.Status, r.Body)
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*9/10].Microseconds())/1000, "p90-ms")
}
