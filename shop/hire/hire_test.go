package hire_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/hire"
	"stageshop/shop/site"
)

// friday6 is the tests' clock: Saturday 7 March 2026, 01:30 UTC, which is
// Friday 6 March, 19:30 in Chicago.
var friday6 = time.Date(2026, 3, 7, 1, 30, 0, 0, time.UTC)

// setup is an app at friday6 with a product for hire.
func setup(t *testing.T, h testapp.Hire) (core.App, *core.Record, string) {
	t.Helper()
	app := testapp.New(t)
	hire.SetNow(t, friday6)
	p, v := testapp.NewHireProduct(t, app, h)
	return app, p, v
}

// available is the availability from..to as "date:n" strings.
func available(t *testing.T, app core.App, productID, from, to string) []string {
	t.Helper()
	days, err := hire.Availability(app, productID, "", from, to)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(days))
	for i, d := range days {
		out[i] = fmt.Sprintf("%s:%d", d.Date, d.Available)
	}
	return out
}

func book(t *testing.T, app core.App, productID string, q int, start, end string) error {
	t.Helper()
	_, err := hire.Book(app, testapp.NewOrder(t, app), []hire.Line{{ProductID: productID, Quantity: q, Start: start, End: end}})
	return err
}

func mustBook(t *testing.T, app core.App, productID string, q int, start, end string) {
	t.Helper()
	if err := book(t, app, productID, q, start, end); err != nil {
		t.Fatalf("book %s..%s: %v", start, end, err)
	}
}

func unavailable(t *testing.T, err error) int {
	t.Helper()
	var ue *hire.UnavailableError
	if !errors.As(err, &ue) {
		t.Fatalf("err = %v, want not available", err)
	}
	return ue.Available
}

func equal(t *testing.T, got, want []string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

// Lead days count from the shop's today in its zone: at 01:30 UTC on
// Saturday it is still Friday in Chicago, so with one lead day a hire may
// start on Saturday; in a shop on UTC (already Saturday) it may not.
func TestLeadDaysInShopTimeZone(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000, Lead: 1})
	mustBook(t, app, p.Id, 1, "2026-03-07", "2026-03-07")
	err := book(t, app, p.Id, 1, "2026-03-06", "2026-03-06")
	var re *hire.RuleError
	if !errors.As(err, &re) || re.Code != "hire_too_soon" {
		t.Fatalf("a hire today with a lead day: %v", err)
	}
	settings, err := app.FindFirstRecordByFilter("shop_settings", "")
	if err != nil {
		t.Fatal(err)
	}
	settings.Set("timeZone", "UTC")
	if err := app.Save(settings); err != nil {
		t.Fatal(err)
	}
	if err := book(t, app, p.Id, 1, "2026-03-07", "2026-03-07"); !errors.As(err, &re) || re.Code != "hire_too_soon" {
		t.Fatalf("on UTC Saturday is today: %v", err)
	}
	settings.Set("timeZone", "Mars/Olympus")
	if err := app.Save(settings); err == nil {
		t.Fatal("an unknown time zone was saved")
	}
}

// minDays: a two-day hire of a product hired for three days at least is
// hire_too_short; the dates must be in order and at most 90 days.
func TestMinimumDaysAndLimits(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000, MinDays: 3})
	var re *hire.RuleError
	if err := book(t, app, p.Id, 1, "2026-03-10", "2026-03-11"); !errors.As(err, &re) || re.Code != "hire_too_short" {
		t.Fatalf("two days of three: %v", err)
	}
	mustBook(t, app, p.Id, 1, "2026-03-10", "2026-03-12")
	for _, r := range [][2]string{{"2026-03-20", "2026-03-19"}, {"2026-04-01", "2026-06-30"}, {"2026-04-01", "2026-04-31"}} {
		if err := book(t, app, p.Id, 1, r[0], r[1]); err == nil || errors.As(err, &re) {
			t.Fatalf("%v: %v, want a field error", r, err)
		}
	}
	mustBook(t, app, p.Id, 1, "2026-04-01", "2026-06-29") // 90 days
}

// cal.com #20087: a one-day range excluded its own end. A hire from a date
// to the same date is one day, priced as one, and takes that day; a
// window of one day answers that day.
func TestOneDayHireIncludesItsEnd(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000})
	q, err := hire.Check(app, hire.DateOf(friday6, time.UTC), hire.Line{ProductID: p.Id, Quantity: 1, Start: "2026-03-10", End: "2026-03-10"})
	if err != nil || q.Days != 1 || q.UnitCents != 5000 {
		t.Fatalf("one day: %+v %v", q, err)
	}
	mustBook(t, app, p.Id, 1, "2026-03-10", "2026-03-10")
	equal(t, available(t, app, p.Id, "2026-03-10", "2026-03-10"), []string{"2026-03-10:0"})
	equal(t, available(t, app, p.Id, "2026-03-09", "2026-03-11"), []string{"2026-03-09:1", "2026-03-10:0", "2026-03-11:1"})
	unavailable(t, book(t, app, p.Id, 1, "2026-03-10", "2026-03-10"))
}

// cal.com PR #30128: an end anchored to the wrong zone moved a booking a
// day. Dates stay the shop's dates whatever the clock's zone: a Friday to
// Monday booked on a Friday evening (Saturday in UTC) is stored, listed
// and taken as exactly Friday to Monday.
func TestEndDateStaysInShopZone(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000, WeekendCents: 12000})
	bs, err := hire.Book(app, testapp.NewOrder(t, app), []hire.Line{{ProductID: p.Id, Quantity: 1, Start: "2026-03-06", End: "2026-03-09"}})
	if err != nil {
		t.Fatal(err)
	}
	if bs[0].Start != "2026-03-06" || bs[0].End != "2026-03-09" {
		t.Fatalf("booked %s..%s", bs[0].Start, bs[0].End)
	}
	equal(t, available(t, app, p.Id, "2026-03-05", "2026-03-10"),
		[]string{"2026-03-05:1", "2026-03-06:0", "2026-03-07:0", "2026-03-08:0", "2026-03-09:0", "2026-03-10:1"})
	list, err := hire.List(app, "2026-03-09", "2026-03-09", "")
	if err != nil || len(list) != 1 || list[0].End != "2026-03-09" {
		t.Fatalf("the calendar of the Monday: %+v %v", list, err)
	}
}

// Buffer days: after a return a unit is cleaned for bufferDays before it
// goes out again, and before a booking there must be as many free days.
func TestAvailabilityWithBuffers(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000, BufferDays: 2})
	mustBook(t, app, p.Id, 1, "2026-03-10", "2026-03-12")
	equal(t, available(t, app, p.Id, "2026-03-07", "2026-03-15"), []string{
		"2026-03-07:1", "2026-03-08:0", "2026-03-09:0", "2026-03-10:0", "2026-03-11:0",
		"2026-03-12:0", "2026-03-13:0", "2026-03-14:0", "2026-03-15:1"})
	unavailable(t, book(t, app, p.Id, 1, "2026-03-14", "2026-03-16"))
	unavailable(t, book(t, app, p.Id, 1, "2026-03-06", "2026-03-08"))
	mustBook(t, app, p.Id, 1, "2026-03-15", "2026-03-16")
	mustBook(t, app, p.Id, 1, "2026-03-06", "2026-03-07")
}

// With a fleet of two, units are interchangeable: between bookings on the
// 10th and the 12th (one day's buffer) a third fits on the 11th, one unit
// doing the 10th and the 12th and the other the 11th.
func TestBuffersWithAFleet(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 2, DayCents: 5000, BufferDays: 1})
	mustBook(t, app, p.Id, 1, "2026-03-10", "2026-03-10")
	mustBook(t, app, p.Id, 1, "2026-03-12", "2026-03-12")
	mustBook(t, app, p.Id, 1, "2026-03-11", "2026-03-11")
	if n := unavailable(t, book(t, app, p.Id, 1, "2026-03-11", "2026-03-11")); n != 0 {
		t.Fatalf("available %d", n)
	}
	// The unit of the 11th is cleaned on the 12th; the other's on the 13th.
	if n := unavailable(t, book(t, app, p.Id, 2, "2026-03-13", "2026-03-20")); n != 1 {
		t.Fatalf("on the 13th one unit is free: %d", n)
	}
	mustBook(t, app, p.Id, 2, "2026-03-14", "2026-03-20")
}

// A kit ("PA for 200": two tops, a mixer) has the least over its
// components of what they have per kit; hiring it books them, and a
// component hired on its own takes from the kit.
func TestKitAvailability(t *testing.T) {
	app := testapp.New(t)
	hire.SetNow(t, friday6)
	tops, topV := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 5, DayCents: 4000})
	mixer, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 2, DayCents: 3000, BufferDays: 1})
	kit, _ := testapp.NewHireProduct(t, app, testapp.Hire{DayCents: 15000, WeekendCents: 25000, DepositCents: 50000, Kit: []map[string]any{
		{"productId": tops.Id, "variantId": topV, "quantity": 2}, {"productId": mixer.Id, "quantity": 1}}})
	equal(t, available(t, app, kit.Id, "2026-03-13", "2026-03-13"), []string{"2026-03-13:2"}) // mixers
	bs, err := hire.Book(app, testapp.NewOrder(t, app), []hire.Line{{ProductID: kit.Id, Quantity: 1, Start: "2026-03-13", End: "2026-03-16"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 3 || bs[1].KitBookingID != bs[0].ID || bs[1].Quantity != 2 || bs[2].ProductID != mixer.Id {
		t.Fatalf("kit bookings %+v", bs)
	}
	equal(t, available(t, app, tops.Id, "2026-03-13", "2026-03-13"), []string{"2026-03-13:3"})
	// Three tops more leave none for a second kit on the 14th.
	mustBook(t, app, tops.Id, 2, "2026-03-14", "2026-03-14")
	equal(t, available(t, app, kit.Id, "2026-03-13", "2026-03-17"),
		[]string{"2026-03-13:1", "2026-03-14:0", "2026-03-15:1", "2026-03-16:1", "2026-03-17:1"}) // the mixer's buffer on the 17th
	unavailable(t, book(t, app, kit.Id, 1, "2026-03-13", "2026-03-15"))
	mustBook(t, app, kit.Id, 1, "2026-03-15", "2026-03-16")
	equal(t, available(t, app, kit.Id, "2026-03-16", "2026-03-17"), []string{"2026-03-16:0", "2026-03-17:0"})
}

// The double-booking race of LibreBooking #147, Shelf.nu PR #3036 and
// cal.com #13397 (check, then insert, in separate steps): 20 orders at
// once for the last unit on overlapping dates give exactly one booking;
// on dates that do not overlap all 20 succeed.
func TestDoubleBookingRace(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000, BufferDays: 1})
	orders := make([]string, 20)
	for i := range orders {
		orders[i] = testapp.NewOrder(t, app)
	}
	race := func(dates func(i int) (string, string)) (ok, refused int) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range orders {
			wg.Go(func() {
				s, e := dates(i)
				_, err := hire.Book(app, orders[i], []hire.Line{{ProductID: p.Id, Quantity: 1, Start: s, End: e}})
				var ue *hire.UnavailableError
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.As(err, &ue):
					refused++
				default:
					t.Errorf("order %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		return ok, refused
	}
	if ok, refused := race(func(i int) (string, string) {
		return fmt.Sprintf("2026-04-%02d", 1+i%3), fmt.Sprintf("2026-04-%02d", 3+i%4)
	}); ok != 1 || refused != 19 {
		t.Fatalf("overlapping: %d booked, %d refused; want 1 and 19", ok, refused)
	}
	// Every third day: each hire, its buffer day and a free day.
	if ok, refused := race(func(i int) (string, string) {
		d := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 3*i).Format(time.DateOnly)
		return d, d
	}); ok != 20 || refused != 0 {
		t.Fatalf("apart: %d booked, %d refused; want 20 and 0", ok, refused)
	}
}

// Book runs in the order's transaction: when the order fails after the
// booking, nothing is booked.
func TestBookRollsBackWithTheOrder(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000})
	order := testapp.NewOrder(t, app)
	failed := errors.New("payment refused")
	err := db.Write(app, func(txApp core.App) error {
		if _, err := hire.Book(txApp, order, []hire.Line{{ProductID: p.Id, Quantity: 1, Start: "2026-03-10", End: "2026-03-12"}}); err != nil {
			return err
		}
		return failed
	})
	if !errors.Is(err, failed) || testapp.Count(t, app, hire.BookingsCollection) != 0 {
		t.Fatalf("err %v, %d bookings", err, testapp.Count(t, app, hire.BookingsCollection))
	}
	// Two lines of one order share the fleet: the second sees the first.
	_, err = hire.Book(app, order, []hire.Line{
		{ProductID: p.Id, Quantity: 1, Start: "2026-03-10", End: "2026-03-12"},
		{ProductID: p.Id, Quantity: 1, Start: "2026-03-12", End: "2026-03-13"}})
	if unavailable(t, err); testapp.Count(t, app, hire.BookingsCollection) != 0 {
		t.Fatal("the first line stayed booked")
	}
}

// An order's cancel releases its bookings once: the units are free again
// and a second release (or a second cancel of the booking) changes
// nothing.
func TestCancelReleasesOnce(t *testing.T) {
	app, p, _ := setup(t, testapp.Hire{Fleet: 1, DayCents: 5000})
	order := testapp.NewOrder(t, app)
	bs, err := hire.Book(app, order, []hire.Line{{ProductID: p.Id, Quantity: 1, Start: "2026-03-10", End: "2026-03-12"}})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := hire.ReleaseOrder(app, order); n != 1 || err != nil {
		t.Fatalf("released %d, %v", n, err)
	}
	if n, err := hire.ReleaseOrder(app, order); n != 0 || err != nil {
		t.Fatalf("released again %d, %v", n, err)
	}
	if b, err := hire.Update(app, bs[0].ID, hire.Change{Status: hire.StatusCancelled}); err != nil || b.Status != hire.StatusCancelled {
		t.Fatalf("cancel again: %+v %v", b, err)
	}
	equal(t, available(t, app, p.Id, "2026-03-11", "2026-03-11"), []string{"2026-03-11:1"})
	mustBook(t, app, p.Id, 1, "2026-03-10", "2026-03-12")
	var se *hire.StatusError
	if _, err := hire.Update(app, bs[0].ID, hire.Change{Status: hire.StatusOut}); !errors.As(err, &se) {
		t.Fatalf("a cancelled booking went out: %v", err)
	}
}

// A kit's booking moves with its components; a component alone cannot.
// Returned two days late, a late fee without an amount is the day rate
// per late day per unit; the admin's own amount wins.
func TestKitReturnAndLateFee(t *testing.T) {
	app := testapp.New(t)
	hire.SetNow(t, friday6)
	tops, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 4, DayCents: 4000})
	kit, _ := testapp.NewHireProduct(t, app, testapp.Hire{DayCents: 15000, Kit: []map[string]any{{"productId": tops.Id, "quantity": 2}}})
	bs, err := hire.Book(app, testapp.NewOrder(t, app), []hire.Line{{ProductID: kit.Id, Quantity: 1, Start: "2026-03-06", End: "2026-03-08"}})
	if err != nil {
		t.Fatal(err)
	}
	var se *hire.StatusError
	if _, err := hire.Update(app, bs[1].ID, hire.Change{Status: hire.StatusOut}); !errors.As(err, &se) || se.Code != "booking_in_kit" {
		t.Fatalf("a component alone: %v", err)
	}
	if _, err := hire.Update(app, bs[0].ID, hire.Change{Status: hire.StatusOut}); err != nil {
		t.Fatal(err)
	}
	hire.SetNow(t, friday6.AddDate(0, 0, 4)) // Tuesday 10 March in Chicago: two days late
	fees := []hire.FeeChange{{Kind: "late"}}
	b, err := hire.Update(app, bs[0].ID, hire.Change{Status: hire.StatusReturned, Fees: &fees})
	if err != nil || len(b.Fees) != 1 || b.Fees[0].Amount != 30000 {
		t.Fatalf("late fee: %+v %v", b, err)
	}
	list, err := hire.List(app, "2026-03-06", "2026-03-06", tops.Id)
	if err != nil || len(list) != 1 || list[0].Status != hire.StatusReturned {
		t.Fatalf("the component: %+v %v", list, err)
	}
	equal(t, available(t, app, kit.Id, "2026-03-07", "2026-03-07"), []string{"2026-03-07:2"})
}

// cal.com PR #30128 and #20087 at the shop's zone: at 23:30 UTC on Tuesday
// 10 March it is already Wednesday in Tokyo and still Tuesday in Los
// Angeles. A hire from Tuesday to Tuesday (one day, its end included)
// starts today in Los Angeles and yesterday in Tokyo (hire_too_soon); one
// back on Tuesday evening is on time in Los Angeles and a day late in
// Tokyo; the shop's answers say each zone's today.
func TestShopDayAt2330UTC(t *testing.T) {
	at := time.Date(2026, 3, 10, 23, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		zone, today string
		soon, late  bool
	}{
		{"Asia/Tokyo", "2026-03-11", true, true},
		{"America/Los_Angeles", "2026-03-10", false, false},
	} {
		t.Run(c.zone, func(t *testing.T) {
			app, p, _ := setup(t, testapp.Hire{Fleet: 2, DayCents: 5000})
			zone := c.zone
			in := site.StoreInput{Name: "Rig", Email: "desk@rig.example", TimeZone: &zone}
			in.Hero.Title = json.RawMessage(`{"en":"Rig"}`)
			if _, err := site.SaveStoreDetails(app, in); err != nil {
				t.Fatal(err)
			}
			bs, err := hire.Book(app, testapp.NewOrder(t, app), []hire.Line{{ProductID: p.Id, Quantity: 1, Start: "2026-03-09", End: "2026-03-10"}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := hire.Update(app, bs[0].ID, hire.Change{Status: hire.StatusOut}); err != nil {
				t.Fatal(err)
			}
			hire.SetNow(t, at)
			if today, err := hire.Today(app); err != nil || today.String() != c.today {
				t.Fatalf("today %v %v, want %s", today, err, c.today)
			}
			if d, err := site.LoadStoreDetails(app); err != nil || hire.TodayIn(d.TimeZone).String() != c.today {
				t.Fatalf("the store details' zone %q: %v", d.TimeZone, err)
			}
			err = book(t, app, p.Id, 1, "2026-03-10", "2026-03-10")
			var re *hire.RuleError
			if soon := errors.As(err, &re) && re.Code == "hire_too_soon"; soon != c.soon || (!soon && err != nil) {
				t.Fatalf("a hire of Tuesday: %v", err)
			}
			// A late fee without an amount is a day's rate per late day;
			// on time there is none to take (a field error).
			fees := []hire.FeeChange{{Kind: "late"}}
			b, err := hire.Update(app, bs[0].ID, hire.Change{Status: hire.StatusReturned, Fees: &fees})
			if late := err == nil && hire.FeesCents(b) == 5000; late != c.late || (!late && err == nil) {
				t.Fatalf("returned on Tuesday evening: %+v %v, want late %v", b, err, c.late)
			}
		})
	}
}
