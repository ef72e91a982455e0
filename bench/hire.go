package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"stageshop/internal/db"
	"stageshop/shop/hire"
)

// The hire availability test (-only hire, section 15): p50 of
// GET /api/products/{id}/availability over 120 days for a product with
// 10,000 bookings, one connection after a warm-up. Two layouts: the
// bookings spread over two years around today (about a sixth meet the
// window), and all of them inside the window (every one read). Another
// 10,000 bookings of other products are beside them.

// hireLayout is one way of laying the product's bookings out.
type hireLayout struct {
	name       string
	from, span int // start days from today: from .. from+span
}

var hireLayouts = []hireLayout{
	{"10,000 bookings over two years around today", -365, 730},
	{"10,000 bookings all inside the 120-day window", 0, 113},
}

// runHireBench runs the test and writes its section of RESULTS.md.
func runHireBench(ctx context.Context, c config, bin, dir string) error {
	if err := prepareDataDir(bin, dir, false, true); err != nil {
		return err
	}
	var rows []string
	for i, l := range hireLayouts {
		productID, plan, err := hireSetup(dir, l, uint64(i))
		if err != nil {
			return err
		}
		st, err := timeAvailability(ctx, bin, dir, productID)
		if err != nil {
			return err
		}
		rows = append(rows, fmt.Sprintf("| %s | %d | %s | %s | %s | %s |", l.name, st.Requests,
			ms(st.pct(50)), ms(st.pct(90)), ms(st.pct(99)), plan))
	}
	var b strings.Builder
	b.WriteString("## 15. Hire availability (`GET /api/products/{id}/availability`, 120 days, 1 connection for 5s after 1s warm-up)\n\n")
	fmt.Fprintf(&b, "Measured %s. Target: p50 under 10 ms with 10,000 bookings of the product (and 10,000 of other products).\n\n", time.Now().Format(time.DateOnly))
	b.WriteString("| Bookings | Requests | p50 ms | p90 ms | p99 ms | Query plan |\n|---|---|---|---|---|---|\n")
	b.WriteString(strings.Join(rows, "\n") + "\n")
	b.WriteString("\nThe query groups the bookings by their dates and reads them from `idx_hire_bookings_live` (variant, endDate, startDate, quantity; live statuses only). Reading one row per booking into structs instead gave p50 58.81 ms for the window full of bookings (2026-12-01).\n")
	return writeSection(c.out, "## 15. Hire availability", b.String())
}

// hireSetup makes a product for hire (a fleet of 100, one buffer day)
// with 10,000 reserved bookings laid out as l, plus 10,000 of another
// product, and returns the product and the query's plan.
func hireSetup(dir string, l hireLayout, seed uint64) (string, string, error) {
	app, err := openApp(dir)
	if err != nil {
		return "", "", err
	}
	defer closeApp(app)
	var ids []string
	if err := app.DB().NewQuery("SELECT id FROM products ORDER BY created LIMIT 2 OFFSET {:o}").
		Bind(map[string]any{"o": 2 * seed}).Column(&ids); err != nil || len(ids) < 2 {
		return "", "", fmt.Errorf("hire products: %v", err)
	}
	today, err := hire.Today(app)
	if err != nil {
		return "", "", err
	}
	rng := rand.New(rand.NewPCG(46, seed))
	err = db.Write(app, func(tx core.App) error {
		order, err := hireOrder(tx)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := hireProduct(tx, id); err != nil {
				return err
			}
			if err := insertBookings(tx, id, order, today, l, rng); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", "", err
	}
	if err := optimize(app); err != nil {
		return "", "", err
	}
	plan := queryPlan(app, "SELECT startDate, endDate, SUM(quantity) FROM hire_bookings WHERE variant = 'x' AND status IN ('reserved', 'out') AND endDate >= '2026-01-01' AND startDate <= '2026-05-01' GROUP BY startDate, endDate")
	return ids[0], plan, nil
}

// hireProduct puts a product and its variants up for hire.
func hireProduct(tx core.App, id string) error {
	if _, err := tx.DB().NewQuery("UPDATE products SET hireEnabled = TRUE, hireBufferDays = 1 WHERE id = {:id}").
		Bind(map[string]any{"id": id}).Execute(); err != nil {
		return err
	}
	_, err := tx.DB().NewQuery("UPDATE product_variants SET hireQuantity = 100, hireDayCents = 5000 WHERE product = {:id}").
		Bind(map[string]any{"id": id}).Execute()
	return err
}

// hireOrder is an order for the bookings to name.
func hireOrder(tx core.App) (string, error) {
	id := security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789")
	_, err := tx.DB().NewQuery("INSERT INTO orders (id, orderNumber, status, created, updated) VALUES ({:id}, 'BENCH-HIRE-' || {:id}, 'Created', '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z')").
		Bind(map[string]any{"id": id}).Execute()
	return id, err
}

// insertBookings adds 10,000 reserved bookings of the product's default
// variant, 1-7 days each, starting as l lays them out.
func insertBookings(tx core.App, productID, order string, today hire.Date, l hireLayout, rng *rand.Rand) error {
	var variant string
	if err := tx.DB().NewQuery("SELECT defaultVariant FROM products WHERE id = {:id}").
		Bind(map[string]any{"id": productID}).Row(&variant); err != nil {
		return err
	}
	q := tx.DB().NewQuery(`INSERT INTO hire_bookings (id, orderRef, product, variant, kitBooking, quantity, startDate, endDate, status, fees, created, updated)
		VALUES ({:id}, {:order}, {:product}, {:variant}, '', 1, {:start}, {:end}, 'reserved', '[]', '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z')`)
	q.Prepare()
	defer q.Close()
	for range 10000 {
		start := today.AddDays(l.from + rng.IntN(l.span))
		_, err := q.Bind(map[string]any{"id": security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"),
			"order": order, "product": productID, "variant": variant,
			"start": start.String(), "end": start.AddDays(rng.IntN(7)).String()}).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}

// timeAvailability serves dir and times the product's availability from
// today over 120 days.
func timeAvailability(ctx context.Context, bin, dir, productID string) (*stats, error) {
	srv, err := startServer(bin, dir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	from := time.Now().Format(time.DateOnly)
	to := time.Now().AddDate(0, 0, 119).Format(time.DateOnly)
	path := "/api/products/" + productID + "/availability?from=" + from + "&to=" + to
	st := newStats("availability")
	for _, d := range []time.Duration{time.Second, 5 * time.Second} {
		st = newStats("availability")
		t0 := time.Now()
		for time.Since(t0) < d {
			code, body, took, err := call(ctx, http.DefaultClient, srv.url(""), nil, http.MethodGet, path, nil)
			if err != nil || code != http.StatusOK {
				return nil, fmt.Errorf("availability: %v %w", err, statusError("availability", code, body))
			}
			st.Requests++
			st.latencies = append(st.latencies, took)
		}
		st.Duration = time.Since(t0)
	}
	st.finish()
	return st, nil
}
