package main

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"stageshop/internal/db"
	"stageshop/shop/account"
	"stageshop/shop/catalog"
)

// The admin overview test (run alone with -only overview): p50 of
// GET /api/admin/overview with 1k, 10k and 100k orders over the last year,
// one connection (an admin opening the page), after a warm-up.

// overviewRow is one order count of the test.
type overviewRow struct {
	orders       int
	ready        time.Duration
	d7, d30, d90 *stats
	plans        []string
	answerLen    int
	rollupOK     bool // the rollup tables equal a from-scratch aggregate
}

// overviewOrderStatuses are drawn for generated orders: mostly delivered,
// one in ten cancelled.
var overviewOrderStatuses = []string{"Delivered", "Delivered", "Delivered", "Delivered", "Shipped", "Processed", "Processing", "Created", "Created", "Cancelled"}

// The overview's SQL for the plans in the report (the same statements the
// shop runs, with literal bounds).
const (
	sqlOverviewDays = "SELECT day, revenueCents, orders FROM overview_days WHERE day >= '2026-01-01' AND day <= '2026-03-31'"
	sqlOverviewTop  = "SELECT productId, SUM(units) AS units, SUM(revenueCents) AS revenue FROM overview_day_products WHERE day >= '2026-01-01' AND day < '2026-04-01' GROUP BY productId HAVING SUM(lines) > 0 ORDER BY units DESC, revenue DESC, productId LIMIT 5"
	sqlOverviewStat = "SELECT status, orders FROM overview_statuses"
)

// rollupDiffs count the rows in which the overview's rollup tables
// (pb_migrations/init_overview.go, kept by triggers, so also by the plain INSERTs
// here) and the same figures aggregated from scratch differ, both ways.
var rollupDiffs = []string{
	`SELECT COUNT(*) FROM (
		SELECT day, orders, revenueCents FROM overview_days WHERE orders != 0
		EXCEPT SELECT substr(created, 1, 10), COUNT(*), SUM(amountPaidCents - amountRefundedCents) FROM orders WHERE status != 'Cancelled' GROUP BY 1)`,
	`SELECT COUNT(*) FROM (
		SELECT substr(created, 1, 10), COUNT(*), SUM(amountPaidCents - amountRefundedCents) FROM orders WHERE status != 'Cancelled' GROUP BY 1
		EXCEPT SELECT day, orders, revenueCents FROM overview_days)`,
	`SELECT COUNT(*) FROM (
		SELECT day, productId, lines, units, revenueCents FROM overview_day_products WHERE lines != 0
		EXCEPT SELECT substr(o.created, 1, 10), li.productId, COUNT(*), SUM(li.quantity), SUM(li.totalCents)
			FROM order_items li JOIN orders o ON o.id = li.orderRef WHERE o.status != 'Cancelled' GROUP BY 1, 2)`,
	`SELECT COUNT(*) FROM (
		SELECT substr(o.created, 1, 10), li.productId, COUNT(*), SUM(li.quantity), SUM(li.totalCents)
			FROM order_items li JOIN orders o ON o.id = li.orderRef WHERE o.status != 'Cancelled' GROUP BY 1, 2
		EXCEPT SELECT day, productId, lines, units, revenueCents FROM overview_day_products)`,
	`SELECT COUNT(*) FROM (SELECT status, COUNT(*) FROM orders GROUP BY 1
		EXCEPT SELECT status, orders FROM overview_statuses)`,
}

// overviewTests grows one data dir from 1k to 100k orders (c.sizes) and
// times the overview at each size.
func overviewTests(ctx context.Context, c config, bin, dir string, res *results) error {
	log.Printf("overview data dir %s", dir)
	if err := prepareDataDir(bin, dir, false, true); err != nil {
		return err
	}
	admin, products, err := overviewSetup(dir)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(14, 20))
	have := 0
	for _, size := range c.sizes {
		t0 := time.Now()
		row := overviewRow{orders: size}
		if err := addOrders(dir, admin.ID, products, size-have, rng, &row); err != nil {
			return err
		}
		have = size
		row.ready = time.Since(t0)
		srv, err := startServer(bin, dir)
		if err != nil {
			return err
		}
		base := srv.url("")
		st, body, _, err := call(ctx, http.DefaultClient, base, &admin, http.MethodGet, "/api/admin/overview?days=90", nil)
		if err != nil || st != http.StatusOK {
			srv.stop()
			return fmt.Errorf("overview before the load: %v %w", err, statusError("overview", st, body))
		}
		row.answerLen = len(body)
		one := newClient(1)
		hammer(ctx, "warm", one, 1, c.warmup, 1<<40, overviewTarget(base, admin.Token, 30), is2xx)
		row.d7 = hammer(ctx, "overview 7 days", one, 1, c.growthPar, 1<<40, overviewTarget(base, admin.Token, 7), is2xx)
		row.d30 = hammer(ctx, "overview 30 days", one, 1, c.growthPar, 1<<40, overviewTarget(base, admin.Token, 30), is2xx)
		row.d90 = hammer(ctx, "overview 90 days", one, 1, c.growthPar, 1<<40, overviewTarget(base, admin.Token, 90), is2xx)
		one.CloseIdleConnections()
		srv.stop()
		log.Printf("overview: %d orders: p50 %s ms (7 days), %s ms (30 days), %s ms (90 days)", size,
			ms(row.d7.pct(50)), ms(row.d30.pct(50)), ms(row.d90.pct(50)))
		res.overview = append(res.overview, row)
	}
	return nil
}

// overviewTarget is the admin's GET of the overview for days.
func overviewTarget(base, token string, days int) target {
	return func(int, int) (*http.Request, error) {
		req, err := browserGet(fmt.Sprintf("%s/api/admin/overview?days=%d", base, days))
		if err == nil {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		return req, err
	}
}

// overviewSetup makes one admin (with a token) and returns the catalog's ids.
func overviewSetup(dir string) (customer, []string, error) {
	app, err := openApp(dir)
	if err != nil {
		return customer{}, nil, err
	}
	defer closeApp(app)
	list, err := createCustomers(app, "overview-admin", 1)
	if err != nil {
		return customer{}, nil, err
	}
	rec, err := app.FindRecordById("users", list[0].ID)
	if err != nil {
		return customer{}, nil, err
	}
	rec.Set("roles", []string{account.RoleAdmin, account.RoleCustomer})
	if err := app.Save(rec); err != nil {
		return customer{}, nil, err
	}
	var ids []string
	err = app.DB().Select("id").From(catalog.ProductsCollection).Column(&ids)
	return list[0], ids, err
}

// addOrders inserts n orders of the admin with 1-3 lines each, placed at
// random moments of the last 365 days, 1000 per transaction, with plain
// INSERTs (the bench measures reading them), then runs PRAGMA optimize as
// PocketBase's daily cron would and records the overview's query plans.
func addOrders(dir, userID string, products []string, n int, rng *rand.Rand, row *overviewRow) error {
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	defer closeApp(app)
	now := time.Now().UTC()
	for done := 0; done < n; done += 1000 {
		batch := min(1000, n-done)
		err := db.Write(app, func(tx core.App) error {
			for i := 0; i < batch; i++ {
				at := now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour))))
				if err := insertOrder(tx, userID, products, at, rng); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if err := optimize(app); err != nil {
		return err
	}
	for _, q := range []string{sqlOverviewDays, sqlOverviewTop, sqlOverviewStat} {
		row.plans = append(row.plans, fmt.Sprintf("`%s`", queryPlan(app, q)))
	}
	row.rollupOK, err = rollupMatches(app)
	return err
}

// rollupMatches reports whether the rollup tables equal the from-scratch
// aggregate (not timed: the check reads every order).
func rollupMatches(app core.App) (bool, error) {
	for _, q := range rollupDiffs {
		var n int
		if err := app.DB().NewQuery(q).Row(&n); err != nil {
			return false, err
		}
		if n != 0 {
			return false, nil
		}
	}
	return true, nil
}

// insertOrder writes one order and its lines.
func insertOrder(tx core.App, userID string, products []string, at time.Time, rng *rand.Rand) error {
	id := security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789")
	created := at.Format("2006-01-02 15:04:05.000Z")
	lines := 1 + rng.IntN(3)
	var total, count int64
	for l := 0; l < lines; l++ {
		qty, price := int64(1+rng.IntN(3)), int64(500+rng.IntN(200_000))
		total += qty * price
		count += qty
		_, err := tx.DB().NewQuery(`INSERT INTO order_items (id, orderRef, productId, productName, productImage, quantity, unitPriceCents, totalCents)
			VALUES ({:id}, {:order}, {:product}, '{"en":"Bench product"}', '', {:qty}, {:price}, {:total})`).
			Bind(map[string]any{"id": security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), "order": id,
				"product": pick(rng, products), "qty": qty, "price": price, "total": qty * price}).Execute()
		if err != nil {
			return err
		}
	}
	_, err := tx.DB().NewQuery(`INSERT INTO orders (id, orderNumber, user, customerName, customerEmail, status, totalCents, itemCount, shipping, billing, created, updated,
			paymentMethod, paymentStatus, amountDueCents, amountPaidCents)
		VALUES ({:id}, {:number}, {:user}, 'Bench Customer', 'bench@bench.local', {:status}, {:total}, {:count}, '{}', '{}', {:created}, {:created},
			'bank_transfer', 'paid', {:total}, {:total})`).
		Bind(map[string]any{"id": id, "number": "ORD-BENCH-" + strings.ToUpper(id), "user": userID, "status": pick(rng, overviewOrderStatuses),
			"total": total, "count": count, "created": created}).Execute()
	return err
}

// renderOverview is the report's section of the overview test.
func renderOverview(c config, r *results) string {
	if len(r.overview) == 0 {
		return ""
	}
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("## 8. Admin overview (`GET /api/admin/overview`, 1 connection for %s per period after %s warm-up)\n\n", c.growthPar, c.warmup)
	w("Orders spread over the last 365 days, 1-3 lines each, one in ten cancelled; the 25-product demo catalog. Every figure is an SQL aggregate (`shop.GetOverview`) over the rollup tables the order triggers keep (pb_migrations/init_overview.go: revenue is money paid); \"rollup = scratch\" is the check that they equal the same figures aggregated from the orders.\n\n")
	w("| Orders | data ready in | p50 / p99 ms (7 days) | p50 / p99 ms (30 days) | p50 / p99 ms (90 days) | answer bytes | errors | rollup = scratch |\n|---:|---:|---:|---:|---:|---:|---:|---|\n")
	for _, o := range r.overview {
		w("| %d | %s | %s / %s | %s / %s | %s / %s | %d | %d | %t |\n", o.orders, o.ready.Round(100*time.Millisecond),
			ms(o.d7.pct(50)), ms(o.d7.pct(99)), ms(o.d30.pct(50)), ms(o.d30.pct(99)), ms(o.d90.pct(50)), ms(o.d90.pct(99)),
			o.answerLen, o.d7.Errors+o.d30.Errors+o.d90.Errors, o.rollupOK)
	}
	last := r.overview[len(r.overview)-1]
	w("\nSQLite plans at %d orders (revenue by day; top products; orders by status):\n\n", last.orders)
	for _, p := range last.plans {
		w("- %s\n", p)
	}
	w("\n")
	return b.String()
}

// writeOverviewSection puts the overview section into the report at path,
// replacing the one there (a run of -only overview keeps the other tests'
// figures).
func writeOverviewSection(path string, section string) error {
	return writeSection(path, "## 8. Admin overview", section)
}

// writeSection replaces the section of the report at path that starts with
// heading (up to the next "## " heading) with section, or appends it.
func writeSection(path, heading, section string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	text := string(old)
	if i := strings.Index(text, heading); i >= 0 {
		end := len(text)
		if j := strings.Index(text[i+1:], "\n## "); j >= 0 {
			end = i + 1 + j + 1
		}
		text = text[:i] + section + text[end:]
	} else {
		text = strings.TrimRight(text, "\n") + "\n\n" + section
	}
	fmt.Print(section)
	return os.WriteFile(path, []byte(text), 0o644)
}
