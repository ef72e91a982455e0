package routes_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/hire"
)

// The hire shop both sides of BenchmarkCheckoutWithHire run on: a
// catalog of hireProducts products for hire (a fleet of hireFleet each,
// one buffer day), each with hireSeeded bookings already made over the
// past year and the next hireHorizon days.
const (
	hireProducts = 20
	hireFleet    = 24
	hireSeeded   = 100
	hireHorizon  = 180
)

// benchHireShop makes the hire shop and returns its products.
func benchHireShop(b *testing.B, h testapp.Harness) []*core.Record {
	b.Helper()
	today, err := hire.Today(h.App)
	if err != nil {
		b.Fatal(err)
	}
	order := testapp.NewOrder(b, h.App)
	products := make([]*core.Record, hireProducts)
	variants := make([]string, hireProducts)
	for i := range products {
		products[i], variants[i] = testapp.NewHireProduct(b, h.App, testapp.Hire{Fleet: hireFleet, DayCents: 2500,
			DepositCents: 10000, BufferDays: 1, HireOnly: true})
	}
	// Plain rows, written outside the timer: what matters is what the
	// availability query reads, not how the rows got there.
	err = db.Write(h.App, func(tx core.App) error {
		q := tx.DB().NewQuery(`INSERT INTO hire_bookings (id, orderRef, product, variant, kitBooking, quantity, startDate, endDate, status, fees, created, updated)
			VALUES ({:id}, {:order}, {:product}, {:variant}, '', 1, {:start}, {:end}, {:status}, '[]', '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z')`)
		for i, p := range products {
			for j := range hireSeeded {
				// Spread evenly from a year ago to the horizon, 1-7 days
				// each: at most a few units of the fleet on any day.
				start := today.AddDays(-365 + j*(365+hireHorizon)/hireSeeded + i%5)
				status := hire.StatusReserved
				if start.Before(today) {
					status = hire.StatusReturned
				}
				_, err := q.Bind(map[string]any{"id": fmt.Sprintf("bench%05d%05d", i, j), "order": order,
					"product": p.Id, "variant": variants[i], "start": start.String(),
					"end": start.AddDays(j % 7).String(), "status": status}).Execute()
				if err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return products
}

// cpuTime is the CPU this process has used (user and system).
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// countStatements counts the SQL statements app runs from now to the end
// of the benchmark.
func countStatements(b *testing.B, app core.App) *atomic.Int64 {
	var n atomic.Int64
	for _, builder := range []dbx.Builder{app.ConcurrentDB(), app.NonconcurrentDB()} {
		d := builder.(*dbx.DB)
		prevQ, prevE := d.QueryLogFunc, d.ExecLogFunc
		d.QueryLogFunc = func(context.Context, time.Duration, string, *sql.Rows, error) { n.Add(1) }
		d.ExecLogFunc = func(context.Context, time.Duration, string, sql.Result, error) { n.Add(1) }
		b.Cleanup(func() { d.QueryLogFunc, d.ExecLogFunc = prevQ, prevE })
	}
	return &n
}

// BenchmarkCheckoutWithHire places orders through POST
// /api/checkout/create-order side by side: two sale lines, and a sale
// line with a hire line (the hire checked and booked in the order's
// transaction, its deposit kept). Issue 46 wants the second at no less
// than 90 % of the first's orders/s. Each order is a new customer's cart,
// filled outside the timer. Both sides run on the same hire shop
// (benchHireShop); the hires are 2 units for 3 days of one of its
// products, in turn, starting on days spread over the next hireHorizon
// days, so each product's bookings grow as a shop's do: 1,000 orders
// are 50 new bookings per product over the horizon (its fleet would be
// full on some day after some 10,000 orders). Run each side in its own
// process, alternating (bench/RESULTS.md, section 16): cpu-ms/order is
// the process's CPU over the timed requests, which the machine's other
// load disturbs less than orders/s; statements/order counts what each
// order asks of SQLite.
func BenchmarkCheckoutWithHire(b *testing.B) {
	for _, withHire := range []bool{false, true} {
		name := "sale"
		if withHire {
			name = "sale-and-hire"
		}
		b.Run(name, func(b *testing.B) {
			h := testapp.NewHarness(b)
			d := hireDates(b, h)
			p1 := testapp.NewProduct(b, h.App, testapp.Product{PriceCents: 4000, Stock: 1_000_000})
			p2 := testapp.NewProduct(b, h.App, testapp.Product{PriceCents: 2500, Stock: 1_000_000})
			hired := benchHireShop(b, h)
			var took, cpu time.Duration
			statements := countStatements(b, h.App)
			var counted int64
			n := 0
			for b.Loop() {
				b.StopTimer()
				u := testapp.NewUser(b, h.App, false)
				addLine(b, h.Client, u.Token, p1.Id, 1)
				if withHire {
					// 37 is prime to hireHorizon: the starts visit every
					// day of the horizon before one repeats.
					start := 7 + (n/hireProducts*37)%hireHorizon
					r := h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": hired[n%hireProducts].Id, "quantity": 2,
						"hire": map[string]any{"start": d(start), "end": d(start + 2)}}, testapp.Auth(u.Token)...)
					if r.Status != http.StatusOK {
						b.Fatalf("hire line (order %d): %d %s", n, r.Status, r.Body)
					}
				} else {
					addLine(b, h.Client, u.Token, p2.Id, 2)
				}
				n++
				b.StartTimer()
				start, cpu0, s0 := time.Now(), cpuTime(b), statements.Load()
				r := h.Client.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(u.Token)...)
				took += time.Since(start)
				cpu += cpuTime(b) - cpu0
				counted += statements.Load() - s0
				if r.Status != http.StatusCreated {
					b.Fatalf("create-order: %d %s", r.Status, r.Body)
				}
			}
			b.ReportMetric(float64(b.N)/took.Seconds(), "orders/s")
			b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/order")
			b.ReportMetric(float64(counted)/float64(b.N), "statements/order")
		})
	}
}
