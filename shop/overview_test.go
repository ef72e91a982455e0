package shop_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/contact"
)

// line is one order line of a fixture order.
type line struct {
	product *core.Record
	qty     int
	cents   int64 // unit price
}

// orderAt stores an order placed at the given instant with the given
// status and lines, straight into the collections (PlaceOrder always uses
// the current time). It returns the order record.
func orderAt(t *testing.T, app core.App, userID, status string, at time.Time, lines ...line) *core.Record {
	t.Helper()
	orders, _ := app.FindCollectionByNameOrId(shop.OrdersCollection)
	items, _ := app.FindCollectionByNameOrId(shop.OrderItemsCollection)
	var total int64
	count := 0
	for _, l := range lines {
		total += int64(l.qty) * l.cents
		count += l.qty
	}
	o := core.NewRecord(orders)
	o.Set("orderNumber", fmt.Sprintf("ORD-T-%d-%s", at.UnixNano(), status))
	o.Set("user", userID)
	o.Set("customerName", "Ada Lovelace")
	o.Set("customerEmail", "ada@example.com")
	o.Set("status", status)
	o.Set("totalCents", total)
	o.Set("amountDueCents", total)
	o.Set("amountPaidCents", total) // the overview's revenue is money paid
	o.Set("itemCount", count)
	dt, err := types.ParseDateTime(at)
	if err != nil {
		t.Fatal(err)
	}
	o.SetRaw("created", dt)
	if err := app.Save(o); err != nil {
		t.Fatalf("save order: %v", err)
	}
	for _, l := range lines {
		it := core.NewRecord(items)
		it.Set("orderRef", o.Id)
		it.Set("productId", l.product.Id)
		it.Set("productName", map[string]string{"en": l.product.GetString("name"), "ru": "Р " + l.product.GetString("name")})
		it.Set("quantity", l.qty)
		it.Set("unitPriceCents", l.cents)
		it.Set("totalCents", int64(l.qty)*l.cents)
		if err := app.Save(it); err != nil {
			t.Fatalf("save line: %v", err)
		}
	}
	return o
}

// overviewFixture is a shop whose figures are computed by hand below.
// "Today" is 2026-11-23 (UTC).
type overviewFixture struct {
	app                       core.App
	fog, mixer, cable, edge10 *core.Record
	today                     time.Time
}

// newOverviewFixture stores products and orders around the UTC day
// boundaries of the windows: today, 7, 30 and 90 days.
func newOverviewFixture(t *testing.T) overviewFixture {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	f := overviewFixture{app: app, today: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}
	f.fog = testapp.NewProduct(t, app, testapp.Product{Name: "Fog machine", Stock: 3})
	f.mixer = testapp.NewProduct(t, app, testapp.Product{Name: "Mixer", Stock: 25})
	f.cable = testapp.NewProduct(t, app, testapp.Product{Name: "Cable", Stock: 0})
	f.edge10 = testapp.NewProduct(t, app, testapp.Product{Name: "Stand", Stock: 10})
	testapp.NewProduct(t, app, testapp.Product{Name: "Hidden", Stock: 2, Inactive: true})
	testapp.NewProduct(t, app, testapp.Product{Name: "Plenty", Stock: 11})
	strobe := testapp.NewProduct(t, app, testapp.Product{Name: "Old strobe", Stock: 50})

	day := func(offset int, h, m, s, ms int) time.Time {
		return f.today.AddDate(0, 0, offset).Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute +
			time.Duration(s)*time.Second + time.Duration(ms)*time.Millisecond)
	}
	uid := u.ID()
	orderAt(t, app, uid, shop.StatusCreated, day(0, 0, 0, 0, 0), line{f.fog, 2, 5000})           // A today at midnight: 100.00
	orderAt(t, app, uid, shop.StatusDelivered, day(-1, 23, 59, 59, 999), line{f.mixer, 1, 5000}) // B yesterday's last instant: 50.00
	orderAt(t, app, uid, shop.StatusCancelled, day(0, 10, 0, 0, 0), line{f.fog, 3, 1000})        // C cancelled: never counted
	orderAt(t, app, uid, shop.StatusShipped, day(-6, 0, 0, 0, 0), line{f.cable, 4, 500})         // D first day of 7: 20.00
	orderAt(t, app, uid, shop.StatusProcessing, day(-7, 23, 59, 59, 0), line{f.mixer, 1, 7000})  // E just before the 7 days: 70.00
	orderAt(t, app, uid, shop.StatusProcessed, day(-29, 0, 0, 0, 0), line{f.cable, 1, 1000})     // F first day of 30: 10.00
	orderAt(t, app, uid, shop.StatusDelivered, day(-30, 23, 59, 59, 0), line{f.mixer, 3, 33300}) // G just before the 30 days: 999.00
	orderAt(t, app, uid, shop.StatusCreated, day(1, 0, 0, 0, 0), line{f.fog, 1, 500})            // H tomorrow: in no window
	orderAt(t, app, uid, shop.StatusDelivered, day(-90, 23, 59, 59, 0), line{f.cable, 1, 4000})  // I just before the 90 days
	orderAt(t, app, uid, shop.StatusDelivered, day(-89, 0, 0, 0, 0), line{f.cable, 1, 1500})     // J first day of 90: 15.00
	orderAt(t, app, uid, shop.StatusDelivered, day(-3, 12, 0, 0, 0), line{strobe, 1, 800})       // K a product deleted since: 8.00
	if err := app.Delete(strobe); err != nil {
		t.Fatal(err)
	}

	for i := 0; i < 3; i++ {
		if _, err := contact.Submit(app, contact.Input{Name: "V", Email: "v@example.com", Subject: "S", Message: "M"}); err != nil {
			t.Fatal(err)
		}
	}
	page, _ := contact.List(app, contact.Query{Page: 1, PageSize: 10, Status: ""})
	if _, err := contact.SetStatus(app, page.Requests[0].ID, contact.StatusInput{Status: contact.StatusResolved, AdminNotes: nil}); err != nil {
		t.Fatal(err)
	}
	return f
}

func overviewAt(t *testing.T, app core.App, days int, now time.Time) *shop.Overview {
	t.Helper()
	o, err := shop.GetOverview(app, shop.OverviewQuery{Days: days, Now: now})
	if err != nil {
		t.Fatalf("overview: %v", err)
	}
	return o
}

func TestOverviewRevenueWindows(t *testing.T) {
	f := newOverviewFixture(t)
	noon := f.today.Add(12 * time.Hour)
	// The same instant seen from another time zone gives the same UTC days.
	moscow := noon.In(time.FixedZone("MSK", 3*3600))
	lastInstant := f.today.Add(24*time.Hour - time.Nanosecond)
	for _, now := range []time.Time{noon, moscow, f.today, lastInstant} {
		o := overviewAt(t, f.app, 30, now)
		// Today: A (C is cancelled, H is tomorrow). 7 days: + B, D, K. 30 days: + E, F.
		if o.Revenue.Today != 10000 || o.Revenue.Last7Days != 17800 || o.Revenue.Last30Days != 25800 {
			t.Fatalf("now %s: revenue %+v", now, o.Revenue)
		}
		// 30 days: A B D E F K = 6 orders, 258.00 / 6 = 43.00.
		if o.PeriodRevenue != 25800 || o.PeriodOrders != 6 || o.AverageOrderValue != 4300 {
			t.Fatalf("now %s: period %d / %d, average %d", now, o.PeriodRevenue, o.PeriodOrders, o.AverageOrderValue)
		}
	}
	// 7 days: 178.00 / 4 = 44.50. 90 days: 258 + G 999 + J 15 = 1272.00 / 8 = 159.00.
	if o := overviewAt(t, f.app, 7, noon); o.PeriodRevenue != 17800 || o.PeriodOrders != 4 || o.AverageOrderValue != 4450 {
		t.Fatalf("7 days: %d / %d, average %d", o.PeriodRevenue, o.PeriodOrders, o.AverageOrderValue)
	}
	if o := overviewAt(t, f.app, 90, noon); o.PeriodRevenue != 127200 || o.PeriodOrders != 8 || o.AverageOrderValue != 15900 {
		t.Fatalf("90 days: %d / %d, average %d", o.PeriodRevenue, o.PeriodOrders, o.AverageOrderValue)
	}
	// At midnight the next day H is today's only order and A is yesterday's.
	next := overviewAt(t, f.app, 7, f.today.AddDate(0, 0, 1))
	if next.Revenue.Today != 500 || next.Revenue.Last7Days != 17800-2000+500 {
		t.Fatalf("next day: %+v", next.Revenue)
	}
}

func TestOverviewRevenueByDay(t *testing.T) {
	f := newOverviewFixture(t)
	o := overviewAt(t, f.app, 7, f.today.Add(23*time.Hour))
	want := []shop.DayFigures{
		{Date: "2026-11-17", Revenue: 2000, Orders: 1}, {Date: "2026-11-18"}, {Date: "2026-11-19"},
		{Date: "2026-11-20", Revenue: 800, Orders: 1}, {Date: "2026-11-21"},
		{Date: "2026-11-22", Revenue: 5000, Orders: 1}, {Date: "2026-11-23", Revenue: 10000, Orders: 1},
	}
	if fmt.Sprint(o.RevenueByDay) != fmt.Sprint(want) {
		t.Fatalf("by day\n got %v\nwant %v", o.RevenueByDay, want)
	}
	for _, days := range []int{30, 90} {
		o := overviewAt(t, f.app, days, f.today)
		if len(o.RevenueByDay) != days || o.RevenueByDay[days-1].Date != "2026-11-23" {
			t.Fatalf("%d days: %d entries, last %v", days, len(o.RevenueByDay), o.RevenueByDay[len(o.RevenueByDay)-1])
		}
		var sum shop.Amount
		for _, d := range o.RevenueByDay {
			sum += d.Revenue
		}
		if sum != o.PeriodRevenue {
			t.Fatalf("%d days: chart sums to %d, period %d", days, sum, o.PeriodRevenue)
		}
	}
	o = overviewAt(t, f.app, 30, f.today)
	if first := o.RevenueByDay[0]; first != (shop.DayFigures{Date: "2026-10-25", Revenue: 1000, Orders: 1}) {
		t.Fatalf("first of 30 days %+v", first)
	}
	o = overviewAt(t, f.app, 90, f.today)
	if first := o.RevenueByDay[0]; first != (shop.DayFigures{Date: "2026-08-26", Revenue: 1500, Orders: 1}) {
		t.Fatalf("first of 90 days %+v", first)
	}
}

func TestOverviewStatusesProductsAndCounts(t *testing.T) {
	f := newOverviewFixture(t)
	o := overviewAt(t, f.app, 30, f.today.Add(time.Hour))
	wantStatus := map[string]int{"Created": 2, "Processing": 1, "Processed": 1, "Shipped": 1, "Delivered": 5, "Cancelled": 1}
	if fmt.Sprint(o.OrdersByStatus) != fmt.Sprint(wantStatus) {
		t.Fatalf("by status %v", o.OrdersByStatus)
	}
	// 30 days by units: cable 5 (D 4 + F 1), mixer 2 (B, E: 120.00), fog 2
	// (A only: the cancelled C does not count; 100.00), the deleted strobe 1.
	top := fmt.Sprint(o.TopProducts)
	want := fmt.Sprint([]shop.TopProduct{
		{ID: f.cable.Id, Name: "Cable", NameLocalized: shop.Localized{"en": "Cable"}, Units: 5, Revenue: 3000},
		{ID: f.mixer.Id, Name: "Mixer", NameLocalized: shop.Localized{"en": "Mixer"}, Units: 2, Revenue: 12000},
		{ID: f.fog.Id, Name: "Fog machine", NameLocalized: shop.Localized{"en": "Fog machine"}, Units: 2, Revenue: 10000},
		{ID: o.TopProducts[3].ID, Name: "Old strobe", NameLocalized: shop.Localized{"en": "Old strobe", "ru": "Р Old strobe"}, Units: 1, Revenue: 800},
	})
	if top != want {
		t.Fatalf("top products\n got %s\nwant %s", top, want)
	}
	// 7 days: cable 4, fog 2, mixer 1 (B: 50.00), strobe 1 (8.00).
	o7 := overviewAt(t, f.app, 7, f.today)
	if len(o7.TopProducts) != 4 || o7.TopProducts[0].Units != 4 || o7.TopProducts[1].ID != f.fog.Id ||
		o7.TopProducts[2].ID != f.mixer.Id || o7.TopProducts[3].Name != "Old strobe" {
		t.Fatalf("7-day top %v", o7.TopProducts)
	}
	// Low stock: active products with 10 or fewer, emptiest first.
	if o.LowStockCount != 3 || len(o.LowStock) != 3 || o.LowStock[0].ID != f.cable.Id || o.LowStock[0].StockQuantity != 0 ||
		o.LowStock[1].ID != f.fog.Id || o.LowStock[2].ID != f.edge10.Id || o.LowStock[2].StockQuantity != 10 {
		t.Fatalf("low stock %d %v", o.LowStockCount, o.LowStock)
	}
	if o.NewContactRequests != 2 {
		t.Fatalf("new contact requests %d", o.NewContactRequests)
	}
}

func TestOverviewEmails(t *testing.T) {
	app := testapp.New(t)
	for i, status := range []string{"queued", "queued", "failed", "sent", "sent"} {
		_, err := app.DB().NewQuery("INSERT INTO emails (id, status, eventKey) VALUES ({:id}, {:s}, {:id})").
			Bind(map[string]any{"id": fmt.Sprintf("mail%011d", i), "s": status}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}
	o := overviewAt(t, app, 30, time.Now())
	if o.QueuedEmails != 2 || o.FailedEmails != 1 {
		t.Fatalf("outbox counts: %d queued, %d failed", o.QueuedEmails, o.FailedEmails)
	}
}

func TestOverviewEmptyShopAndBadDays(t *testing.T) {
	app := testapp.New(t)
	o := overviewAt(t, app, 90, time.Now())
	if o.AverageOrderValue != 0 || len(o.RevenueByDay) != 90 || len(o.TopProducts) != 0 || o.TopProducts == nil ||
		o.LowStock == nil || o.OrdersByStatus["Created"] != 0 || len(o.OrdersByStatus) != 6 {
		t.Fatalf("empty shop %+v", o)
	}
	for _, days := range []int{0, 1, -7, 31, 365} {
		if _, err := shop.GetOverview(app, shop.OverviewQuery{Days: days, Now: time.Now()}); err == nil {
			t.Fatalf("days %d accepted", days)
		}
	}
}
