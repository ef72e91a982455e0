package shop_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/promo"
)

// The rollup tables (pb_migrations/init_overview.go) against the same figures
// aggregated from scratch over orders and order_items: rows with every
// figure 0 are what is left of a date or product whose orders all went
// away, and count as absent.
var rollupChecks = []struct{ name, rollup, scratch string }{
	{"days",
		`SELECT day || ' ' || orders || ' ' || CAST(revenueCents AS INTEGER) || ' ' || CAST(taxCents AS INTEGER) FROM overview_days
		 WHERE orders != 0 OR revenueCents != 0 OR taxCents != 0 ORDER BY day`,
		// Revenue is the money kept less the hire deposit still held.
		`WITH o AS (SELECT created, taxCents, totalCents - depositCents AS taxed,
		        amountPaidCents - amountRefundedCents - MAX(0, MIN(depositCents - depositSettledCents, amountPaidCents - amountRefundedCents)) AS revenue
		      FROM orders WHERE status != 'Cancelled')
		 SELECT substr(created, 1, 10) || ' ' || COUNT(*) || ' ' || CAST(SUM(revenue) AS INTEGER) || ' ' ||
		        CAST(SUM(CASE WHEN taxed > 0 THEN ROUND(COALESCE(taxCents, 0) * MIN(revenue, taxed) * 1.0 / taxed) ELSE 0 END) AS INTEGER)
		 FROM o GROUP BY substr(created, 1, 10) ORDER BY substr(created, 1, 10)`},
	{"day products",
		`SELECT day || ' ' || productId || ' ' || lines || ' ' || units || ' ' || CAST(revenueCents AS INTEGER)
		 FROM overview_day_products WHERE lines != 0 OR units != 0 OR revenueCents != 0 ORDER BY day, productId`,
		`SELECT substr(o.created, 1, 10) || ' ' || li.productId || ' ' || COUNT(*) || ' ' || SUM(li.quantity) || ' ' ||
		        CAST(SUM(li.totalCents - li.discountCents) AS INTEGER)
		 FROM order_items li JOIN orders o ON o.id = li.orderRef WHERE o.status != 'Cancelled'
		 GROUP BY substr(o.created, 1, 10), li.productId ORDER BY substr(o.created, 1, 10), li.productId`},
	// A line's revenue is what it was sold for: its total less its share of the discounts.
	{"day variants",
		`SELECT day || ' ' || productId || ' ' || variantId || ' ' || lines || ' ' || units || ' ' || CAST(revenueCents AS INTEGER)
		 FROM overview_day_variants WHERE lines != 0 OR units != 0 OR revenueCents != 0 ORDER BY day, productId, variantId`,
		`SELECT substr(o.created, 1, 10) || ' ' || li.productId || ' ' || li.variantId || ' ' || COUNT(*) || ' ' || SUM(li.quantity) || ' ' ||
		        CAST(SUM(li.totalCents - li.discountCents) AS INTEGER)
		 FROM order_items li JOIN orders o ON o.id = li.orderRef WHERE o.status != 'Cancelled'
		 GROUP BY substr(o.created, 1, 10), li.productId, li.variantId ORDER BY substr(o.created, 1, 10), li.productId, li.variantId`},
	{"statuses",
		`SELECT status || ' ' || orders FROM overview_statuses WHERE orders != 0 ORDER BY status`,
		`SELECT status || ' ' || COUNT(*) FROM orders GROUP BY status ORDER BY status`},
}

// checkRollup fails the test when a rollup table differs from the
// from-scratch aggregate; after is the operation just done.
func checkRollup(t *testing.T, app core.App, after string) {
	t.Helper()
	for _, c := range rollupChecks {
		var got, want []string
		if err := app.DB().NewQuery(c.rollup).Column(&got); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := app.DB().NewQuery(c.scratch).Column(&want); err != nil {
			t.Fatalf("%s from scratch: %v", c.name, err)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("after %s, %s:\n rollup  %q\n scratch %q", after, c.name, got, want)
		}
	}
}

// placeOrder puts qty units of each product in the user's cart and orders.
func placeOrder(t *testing.T, app core.App, userID string, lines map[*core.Record]int) *shop.OrderDetail {
	t.Helper()
	for p, qty := range lines {
		if _, err := cart.Add(app, cart.Owner{UserID: userID}, p.Id, "", qty); err != nil {
			t.Fatal(err)
		}
	}
	o, err := shop.PlaceOrder(app, userID, validInput())
	if err != nil {
		t.Fatal(err)
	}
	// The overview's revenue counts money paid: the bank transfer arrives.
	if o, err = shop.RecordPayment(app, nil, o.ID, shop.PaymentInput{Amount: o.TotalAmount}); err != nil {
		t.Fatal(err)
	}
	return o
}

// saveRecord changes a record the way the dashboard does: a plain save,
// which runs the record hooks (stock, history, e-mails) and the triggers.
func saveRecord(t *testing.T, app core.App, collection, id string, fields map[string]any) {
	t.Helper()
	rec, err := app.FindRecordById(collection, id)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range fields {
		rec.Set(k, v)
	}
	if err := app.Save(rec); err != nil {
		t.Fatalf("save %s %v: %v", collection, fields, err)
	}
}

func TestOverviewRollupMatchesOrders(t *testing.T) {
	app := testapp.New(t)
	u1, u2 := testapp.NewUser(t, app, false), testapp.NewUser(t, app, false)
	p1 := testapp.NewProduct(t, app, testapp.Product{Name: "Fog", PriceCents: 2500, Stock: 100})
	p2 := testapp.NewProduct(t, app, testapp.Product{Name: "Haze", PriceCents: 999, Stock: 100})
	checkRollup(t, app, "the migration's backfill")

	a := placeOrder(t, app, u1.ID(), map[*core.Record]int{p1: 2, p2: 1})
	b := placeOrder(t, app, u2.ID(), map[*core.Record]int{p2: 3})
	checkRollup(t, app, "placing two orders")
	midnight := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	c := orderAt(t, app, u1.ID(), shop.StatusDelivered, midnight.Add(-time.Millisecond), line{p1, 1, 700}, line{p2, 2, 50})
	d := orderAt(t, app, u1.ID(), shop.StatusCancelled, midnight, line{p1, 4, 100})
	checkRollup(t, app, "orders either side of a UTC midnight")

	steps := []struct {
		name string
		do   func() error
	}{
		{"a customer cancelling", func() error { _, err := shop.CancelOwnOrder(app, u2.ID(), b.ID); return err }},
		{"an admin shipping", func() error {
			_, err := shop.UpdateOrderStatus(app, a.ID, shop.StatusUpdate{Status: shop.StatusShipped})
			return err
		}},
		{"a dashboard cancel", func() error { return saveErr(app, shop.OrdersCollection, c.Id, "status", shop.StatusCancelled) }},
		{"a dashboard revive", func() error { return saveErr(app, shop.OrdersCollection, d.Id, "status", shop.StatusProcessing) }},
		{"a dashboard total edit", func() error { return saveErr(app, shop.OrdersCollection, d.Id, "totalCents", 123) }},
		{"moving an order across midnight", func() error { return moveOrder(app, d.Id, midnight.Add(-time.Second)) }},
		{"a dashboard line edit", func() error { return editFirstLine(app, d.Id, map[string]any{"quantity": 7, "totalCents": 700}) }},
		{"a line moved to another product", func() error { return editFirstLine(app, d.Id, map[string]any{"productId": p2.Id}) }},
		{"deleting a line", func() error { return deleteFirstLine(app, a.ID) }},
		{"deleting an order", func() error { return deleteRecord(app, shop.OrdersCollection, d.Id) }},
		{"a line written before its order", func() error { return rawOrder(app, u1.ID(), p1.Id, "2026-11-20 08:00:00.000Z") }},
		{"a line's discount edited", func() error { return editFirstLine(app, a.ID, map[string]any{"discountCents": 300}) }},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		checkRollup(t, app, s.name)
	}
}

// saveErr is saveRecord's error instead of a failed test.
func saveErr(app core.App, collection, id, field string, value any) error {
	rec, err := app.FindRecordById(collection, id)
	if err != nil {
		return err
	}
	rec.Set(field, value)
	return app.Save(rec)
}

// moveOrder stores the order as placed at another instant (Go code can).
func moveOrder(app core.App, orderID string, at time.Time) error {
	rec, err := app.FindRecordById(shop.OrdersCollection, orderID)
	if err != nil {
		return err
	}
	dt, err := types.ParseDateTime(at)
	if err != nil {
		return err
	}
	rec.SetRaw("created", dt)
	if err := app.Save(rec); err != nil {
		return err
	}
	var day string
	err = app.DB().NewQuery("SELECT substr(created, 1, 10) FROM orders WHERE id = {:id}").Bind(map[string]any{"id": orderID}).Row(&day)
	if err == nil && day != at.UTC().Format("2006-01-02") {
		err = fmt.Errorf("stored on %s", day)
	}
	return err
}

// editFirstLine saves the order's first line with fields changed.
func editFirstLine(app core.App, orderID string, fields map[string]any) error {
	rec, err := app.FindFirstRecordByData(shop.OrderItemsCollection, "orderRef", orderID)
	if err != nil {
		return err
	}
	for k, v := range fields {
		rec.Set(k, v)
	}
	return app.Save(rec)
}

// deleteFirstLine deletes the order's first line (the dashboard can).
func deleteFirstLine(app core.App, orderID string) error {
	rec, err := app.FindFirstRecordByData(shop.OrderItemsCollection, "orderRef", orderID)
	if err != nil {
		return err
	}
	return app.Delete(rec)
}

// deleteRecord deletes a record by id (an order takes its lines along).
func deleteRecord(app core.App, collection, id string) error {
	rec, err := app.FindRecordById(collection, id)
	if err != nil {
		return err
	}
	return app.Delete(rec)
}

// rawOrder writes an order with plain SQL, its line first (as the bench
// does): the line counts once the order row exists.
func rawOrder(app core.App, userID, productID, created string) error {
	id := fmt.Sprintf("raw%012d", time.Now().UnixNano()%1e12)
	_, err := app.DB().NewQuery(`INSERT INTO order_items (id, orderRef, productId, quantity, unitPriceCents, totalCents)
		VALUES ({:id}, {:order}, {:product}, 2, 300, 600)`).
		Bind(map[string]any{"id": id + "l", "order": id, "product": productID}).Execute()
	if err != nil {
		return err
	}
	_, err = app.DB().NewQuery(`INSERT INTO orders (id, orderNumber, user, status, totalCents, amountDueCents, amountPaidCents, itemCount, created, updated)
		VALUES ({:id}, {:id}, {:user}, 'Created', 600, 600, 600, 2, {:created}, {:created})`).
		Bind(map[string]any{"id": id, "user": userID, "created": created}).Execute()
	return err
}

func TestOverviewFollowsOrderChanges(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{Name: "Strobe", PriceCents: 10000, Stock: 20})
	o := placeOrder(t, app, u.ID(), map[*core.Record]int{p: 2})
	placed, err := time.Parse(time.RFC3339, o.CreatedAt)
	if err != nil {
		t.Fatal(err)
	}
	want := func(step string, revenue shop.Amount, orders, units int) {
		t.Helper()
		ov := overviewAt(t, app, 7, placed)
		last := ov.RevenueByDay[len(ov.RevenueByDay)-1]
		gotUnits := 0
		if len(ov.TopProducts) > 0 {
			gotUnits = ov.TopProducts[0].Units
		}
		if ov.Revenue.Today != revenue || last.Revenue != revenue || last.Orders != orders || ov.PeriodOrders != orders || gotUnits != units {
			t.Fatalf("after %s: today %d, chart %+v, period orders %d, top %v; want %d, %d orders, %d units",
				step, ov.Revenue.Today, last, ov.PeriodOrders, ov.TopProducts, revenue, orders, units)
		}
	}
	want("placing", o.TotalAmount, 1, 2)
	if _, err := shop.CancelOwnOrder(app, u.ID(), o.ID); err != nil {
		t.Fatal(err)
	}
	want("the customer's cancel", 0, 0, 0)
	saveRecord(t, app, shop.OrdersCollection, o.ID, map[string]any{"status": shop.StatusProcessing})
	want("the dashboard's revive", o.TotalAmount, 1, 2)
	if ov := overviewAt(t, app, 7, placed); ov.OrdersByStatus[shop.StatusProcessing] != 1 || ov.OrdersByStatus[shop.StatusCancelled] != 0 {
		t.Fatalf("by status %v", ov.OrdersByStatus)
	}
	saveRecord(t, app, shop.OrdersCollection, o.ID, map[string]any{"status": shop.StatusCancelled})
	want("the dashboard's cancel", 0, 0, 0)
}

func TestOverviewMidnightOrderCancelled(t *testing.T) {
	f := newOverviewFixture(t)
	// B (yesterday 23:59:59.999, 50.00) is cancelled in the dashboard:
	// yesterday loses it, today keeps A's 100.00.
	var bID string
	if err := f.app.DB().NewQuery("SELECT id FROM orders WHERE created = '2026-11-22 23:59:59.999Z'").Row(&bID); err != nil {
		t.Fatal(err)
	}
	before := overviewAt(t, f.app, 7, f.today)
	saveRecord(t, f.app, shop.OrdersCollection, bID, map[string]any{"status": shop.StatusCancelled})
	after := overviewAt(t, f.app, 7, f.today)
	y, td := after.RevenueByDay[5], after.RevenueByDay[6]
	if y.Date != "2026-11-22" || y.Revenue != before.RevenueByDay[5].Revenue-5000 || y.Orders != before.RevenueByDay[5].Orders-1 ||
		td.Revenue != 10000 || after.Revenue.Last7Days != before.Revenue.Last7Days-5000 {
		t.Fatalf("before %+v\nafter %+v", before.RevenueByDay, after.RevenueByDay)
	}
}

// Issue 45: the overview's revenue per product is what the lines were sold
// for. An automatic 10 % off two $25.00 units is $45.00 of Fog's revenue,
// not the $50.00 of its undiscounted line, by product and by variant.
func TestOverviewProductRevenueIsDiscounted(t *testing.T) {
	app := testapp.New(t)
	newPromotion(t, app, promo.Terms{Automatic: true, Kind: promo.Percentage, Value: "10", Combinable: true})
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{Name: "Fog", PriceCents: 2500, Stock: 100})
	o := placeOrder(t, app, u.ID(), map[*core.Record]int{p: 2})
	if o.DiscountAmount != 500 {
		t.Fatalf("the order's discount: %v", o.DiscountAmount)
	}
	for _, table := range []string{"overview_day_products", "overview_day_variants"} {
		var cents []int64
		q := "SELECT CAST(SUM(revenueCents) AS INTEGER) FROM " + table + " WHERE productId = {:p}"
		if err := app.DB().NewQuery(q).Bind(map[string]any{"p": p.Id}).Column(&cents); err != nil {
			t.Fatal(err)
		}
		if len(cents) != 1 || cents[0] != 4500 {
			t.Fatalf("%s: Fog's revenue %v cents, want 4500", table, cents)
		}
	}
	checkRollup(t, app, "a discounted order")
}
