package shop_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/hire"
)

// The double booking of LibreBooking #147 through the whole checkout: ten
// shoppers each have the last unit in their cart for overlapping dates (a
// cart reserves nothing) and place their orders at once; one order is
// placed and books it, the other nine are not_available and leave no
// order, booking or charge behind.
func TestTenCartsForTheLastUnit(t *testing.T) {
	app := testapp.New(t)
	p, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 1, DayCents: 5000, DepositCents: 10000, HireOnly: true})
	today, err := hire.Today(app)
	if err != nil {
		t.Fatal(err)
	}
	users := make([]string, 10)
	for i := range users {
		users[i] = testapp.NewUser(t, app, false).ID()
		dates := cart.HireDates{Start: today.AddDays(5 + i%3).String(), End: today.AddDays(8).String()}
		if _, err := cart.AddHire(app, cart.Owner{UserID: users[i]}, p.Id, "", 1, dates); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	placed, refused := 0, 0
	for _, u := range users {
		wg.Go(func() {
			_, err := shop.PlaceOrder(app, u, validInput())
			var ue *hire.UnavailableError
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				placed++
			case errors.As(err, &ue):
				refused++
			default:
				t.Errorf("place: %v", err)
			}
		})
	}
	wg.Wait()
	if placed != 1 || refused != 9 {
		t.Fatalf("%d placed, %d refused; want 1 and 9", placed, refused)
	}
	if n := testapp.Count(t, app, shop.OrdersCollection); n != 1 {
		t.Fatalf("%d orders", n)
	}
	if n := testapp.Count(t, app, hire.BookingsCollection); n != 1 {
		t.Fatalf("%d bookings", n)
	}
}

// An unpaid card order whose hold ends expires and releases its booking
// once: the unit is free again, and a second run of the job releases
// nothing more.
func TestExpiryReleasesBookingsOnce(t *testing.T) {
	f := newPayFixture(t, 10)
	in := validInput()
	in.PaymentMethod = shop.MethodCard
	o, b := hireOrder(t, f.app, in)
	hold, err := time.Parse(time.RFC3339, o.Payment.HoldUntil)
	if err != nil {
		t.Fatalf("holdUntil %q: %v", o.Payment.HoldUntil, err)
	}
	for range 2 {
		if _, err := shop.ExpireUnpaidOrders(f.app, hold.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := hire.Get(f.app, b.ID)
	if err != nil || got.Status != hire.StatusCancelled || f.order(o.ID).Status != shop.StatusCancelled {
		t.Fatalf("after the expiry: booking %+v %v, order %s", got, err, f.order(o.ID).Status)
	}
	days, err := hire.Availability(f.app, b.ProductID, "", b.Start, b.End)
	if err != nil || days[0].Available != 1 || days[1].Available != 1 {
		t.Fatalf("the unit is not free again: %+v %v", days, err)
	}
}

// The shop's units per line (20 by default) bound a hire line as a sale
// line: 21 of a fleet of 30 is line_limit when added and when raised,
// 20 fits.
func TestHireLineUnitsPerLine(t *testing.T) {
	app := testapp.New(t)
	p, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 30, DayCents: 1000, HireOnly: true})
	today, err := hire.Today(app)
	if err != nil {
		t.Fatal(err)
	}
	owner := cart.Owner{UserID: testapp.NewUser(t, app, false).ID()}
	dates := cart.HireDates{Start: today.AddDays(3).String(), End: today.AddDays(4).String()}
	var limit *cart.LineLimitError
	if _, err := cart.AddHire(app, owner, p.Id, "", 21, dates); !errors.As(err, &limit) || limit.Limit != 20 {
		t.Fatalf("21 on a line: %v", err)
	}
	c, err := cart.AddHire(app, owner, p.Id, "", 20, dates)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cart.UpdateItem(app, owner, c.Items[0].ID, 21); !errors.As(err, &limit) {
		t.Fatalf("raised to 21: %v", err)
	}
}

// Two lines of one order that need the same last unit: each fits alone
// (a cart reserves nothing), together they do not. The order books its
// lines in turn, so the second sees the first's unit taken (what pricing
// read of it before the first was booked no longer holds) and the order
// is refused with nothing booked; the same for a kit beside its own
// component.
func TestTwoLinesOfOrderForTheLastUnit(t *testing.T) {
	app := testapp.New(t)
	today, err := hire.Today(app)
	if err != nil {
		t.Fatal(err)
	}
	day := func(n int) string { return today.AddDays(n).String() }
	p, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 1, DayCents: 5000, HireOnly: true})
	speaker, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 1, DayCents: 3000})
	kit, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 10, DayCents: 9000, HireOnly: true,
		Kit: []map[string]any{{"productId": speaker.Id, "quantity": 1}}})
	for name, lines := range map[string][2]cart.HireDates{
		"one product":             {{Start: day(5), End: day(8)}, {Start: day(7), End: day(9)}},
		"a kit and its component": {{Start: day(5), End: day(8)}, {Start: day(8), End: day(9)}},
	} {
		t.Run(name, func(t *testing.T) {
			owner := cart.Owner{UserID: testapp.NewUser(t, app, false).ID()}
			first, second := p.Id, p.Id
			if name != "one product" {
				first, second = kit.Id, speaker.Id
			}
			if _, err := cart.AddHire(app, owner, first, "", 1, lines[0]); err != nil {
				t.Fatal(err)
			}
			if _, err := cart.AddHire(app, owner, second, "", 1, lines[1]); err != nil {
				t.Fatal(err)
			}
			var ue *hire.UnavailableError
			if _, err := shop.PlaceOrder(app, owner.UserID, validInput()); !errors.As(err, &ue) || ue.Available != 0 {
				t.Fatalf("placed: %v, want the second line unavailable", err)
			}
			if n := testapp.Count(t, app, hire.BookingsCollection); n != 0 {
				t.Fatalf("%d bookings", n)
			}
		})
	}
}
