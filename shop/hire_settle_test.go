package shop_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/hire"
	"stageshop/shop/tax"
)

// hireOrder places an order of one unit of a hire product (50.00 a day,
// a 200.00 deposit) from today+10 to today+11 for a new customer, paid
// by method ("" is a bank transfer), and returns it with its booking.
func hireOrder(t *testing.T, app core.App, in shop.OrderInput) (*shop.OrderDetail, hire.Booking) {
	t.Helper()
	p, _ := testapp.NewHireProduct(t, app, testapp.Hire{Fleet: 1, DayCents: 5000, DepositCents: 20000, HireOnly: true})
	today, err := hire.Today(app)
	if err != nil {
		t.Fatal(err)
	}
	u := testapp.NewUser(t, app, false)
	dates := cart.HireDates{Start: today.AddDays(10).String(), End: today.AddDays(11).String()}
	if _, err := cart.AddHire(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1, dates); err != nil {
		t.Fatal(err)
	}
	o, err := shop.PlaceOrder(app, u.ID(), in)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := hire.List(app, dates.Start, dates.End, p.Id)
	if err != nil || len(bs) != 1 {
		t.Fatalf("bookings %+v %v", bs, err)
	}
	return o, bs[0]
}

// checkIn checks a booking out and back in with fees (dollars).
func checkIn(t *testing.T, app core.App, admin *core.Record, id string, fees map[string]string) hire.Booking {
	t.Helper()
	if _, err := shop.UpdateBooking(app, admin, id, hire.Change{Status: hire.StatusOut}); err != nil {
		t.Fatal(err)
	}
	return returnBooking(t, app, admin, id, fees)
}

func returnBooking(t *testing.T, app core.App, admin *core.Record, id string, fees map[string]string) hire.Booking {
	t.Helper()
	list := []hire.FeeChange{}
	for kind, amount := range fees {
		n := json.Number(amount)
		list = append(list, hire.FeeChange{Kind: kind, Amount: &n})
	}
	b, err := shop.UpdateBooking(app, admin, id, hire.Change{Status: hire.StatusReturned, Fees: &list})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A paid, invoiced bank transfer order with a 200.00 deposit, returned
// with a 25.00 cleaning fee: 175.00 is refunded (recorded as sent, as a
// transfer refund is), with a credit note that gives back no tax (the
// deposit was never taxed); the order's other figures stay. Checking it
// in again, with other fees, changes nothing.
func TestDepositSettlementBelowTheDeposit(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	admin := testapp.NewUser(t, app, true)
	o, b := hireOrder(t, app, texasInput())
	if o.DepositAmount != 20000 || o.TaxAmount != 625 { // 6.25 % of the 100.00 hire, none of the deposit
		t.Fatalf("order deposit %v tax %v", o.DepositAmount, o.TaxAmount)
	}
	o = payInFull(t, app, o)
	got := checkIn(t, app, admin.Record, b.ID, map[string]string{"cleaning": "25"})
	if s := got.Settlement; s == nil || s.Deposit != 20000 || s.Kept != 2500 || s.Refund != 17500 || s.Owed != 0 {
		t.Fatalf("settlement %+v", got.Settlement)
	}
	after := orderOf(t, app, o.ID)
	if after.Payment.AmountRefunded != 17500 || after.Payment.Status != shop.PayPartiallyRefunded || after.Payment.Outstanding != 0 ||
		after.TotalAmount != o.TotalAmount {
		t.Fatalf("payment after the check-in %+v", after.Payment)
	}
	if len(after.CreditNotes) != 1 || after.CreditNotes[0].Amount != 17500 || after.CreditNotes[0].TaxAmount != 0 {
		t.Fatalf("credit notes %+v", after.CreditNotes)
	}
	page, err := shop.InvoicePage(app, o.ID, shop.InvoiceViewer{Admin: true}, "")
	if err != nil || !strings.Contains(string(page), `data-testid="invoice-deposit"><th>Hire deposit (refundable; not revenue, untaxed)</th><td class="num">$200.00`) ||
		!strings.Contains(string(page), b.Start+" – "+b.End) {
		t.Fatalf("the invoice has no deposit row or no dates: %v\n%s", err, page)
	}
	refunds := testapp.Count(t, app, shop.RefundsCollection)
	again := returnBooking(t, app, admin.Record, b.ID, map[string]string{"damage": "150"})
	if len(again.Fees) != 1 || again.Fees[0].Kind != "cleaning" || again.Settlement.Refund != 17500 {
		t.Fatalf("the second check-in changed the booking: %+v", again)
	}
	if twice := orderOf(t, app, o.ID); testapp.Count(t, app, shop.RefundsCollection) != refunds ||
		twice.Payment.AmountRefunded != 17500 || len(twice.CreditNotes) != 1 || twice.Payment.AmountDue != after.Payment.AmountDue {
		t.Fatalf("the second check-in changed the order: %+v", twice.Payment)
	}
}

// Fees above the deposit: nothing is refunded and the rest of the fees is
// owed on the order (payment.outstanding).
func TestDepositSettlementAboveTheDeposit(t *testing.T) {
	app := testapp.New(t)
	admin := testapp.NewUser(t, app, true)
	o, b := hireOrder(t, app, validInput())
	o = payInFull(t, app, o)
	got := checkIn(t, app, admin.Record, b.ID, map[string]string{"damage": "230", "cleaning": "20"})
	if s := got.Settlement; s == nil || s.Kept != 20000 || s.Refund != 0 || s.Owed != 5000 {
		t.Fatalf("settlement %+v", got.Settlement)
	}
	after := orderOf(t, app, o.ID)
	if after.Payment.Outstanding != 5000 || after.Payment.AmountRefunded != 0 || after.Payment.AmountDue != o.Payment.AmountDue+5000 ||
		after.Payment.Status != shop.PayPartiallyPaid || testapp.Count(t, app, shop.RefundsCollection) != 0 {
		t.Fatalf("payment %+v", after.Payment)
	}
	// The fees owed are paid like any balance.
	paid, err := shop.RecordPayment(app, nil, o.ID, shop.PaymentInput{Amount: after.Payment.Outstanding})
	if err != nil || paid.Payment.Status != shop.PayPaid || paid.Payment.Outstanding != 0 {
		t.Fatalf("after paying the fees %+v %v", paid, err)
	}
}

// An order not paid yet owes no deposit it would get back: the rest of the
// deposit leaves the amount due instead of being refunded.
func TestDepositSettlementOfAnUnpaidOrder(t *testing.T) {
	app := testapp.New(t)
	admin := testapp.NewUser(t, app, true)
	o, b := hireOrder(t, app, validInput())
	got := checkIn(t, app, admin.Record, b.ID, map[string]string{"cleaning": "40"})
	if got.Settlement == nil || got.Settlement.Refund != 16000 {
		t.Fatalf("settlement %+v", got.Settlement)
	}
	after := orderOf(t, app, o.ID)
	if after.Payment.AmountDue != o.Payment.AmountDue-16000 || testapp.Count(t, app, shop.RefundsCollection) != 0 {
		t.Fatalf("payment %+v, was due %v", after.Payment, o.Payment.AmountDue)
	}
}

// A card order's deposit rest goes back through Stripe (stripe-mock) by
// the refund path: a refund with the provider, confirmed, and the order's
// refunded amount.
func TestDepositSettlementByCard(t *testing.T) {
	f := newPayFixture(t, 10)
	admin := testapp.NewUser(t, f.app, true)
	in := validInput()
	in.PaymentMethod = shop.MethodCard
	o, b := hireOrder(t, f.app, in)
	if f.shopID == "" {
		rec, err := f.app.FindFirstRecordByFilter(shop.PaymentSettingsCollection, "")
		if err != nil {
			t.Fatal(err)
		}
		f.shopID = rec.GetString("shopId")
	}
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(o))
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("webhook %d", code)
	}
	checkIn(t, f.app, admin.Record, b.ID, map[string]string{"cleaning": "30"})
	r, err := f.app.FindFirstRecordByFilter(shop.RefundsCollection, "orderRef = {:o}", dbx.Params{"o": o.ID})
	if err != nil || r.GetString("provider") != shop.ProviderStripe || r.GetInt("amountCents") != 17000 ||
		r.GetString("status") != shop.RefundSucceeded || r.GetString("reference") == "" {
		t.Fatalf("refund %v %v", r, err)
	}
	if after := f.order(o.ID); after.Payment.AmountRefunded != 17000 || after.Payment.Status != shop.PayPartiallyRefunded {
		t.Fatalf("payment %+v", after.Payment)
	}
}

func orderOf(t *testing.T, app core.App, id string) *shop.OrderDetail {
	t.Helper()
	d, err := shop.GetOrder(app, id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Deposits are not revenue: a paid hire order's revenue on the overview
// is its hire and shipping, without the 200.00 deposit it holds, and its
// tax all of the order's; once returned with a 25.00 cleaning fee (175.00
// refunded) the fee kept is revenue too. The rollup matches the orders
// from scratch at every step.
func TestDepositsAreNotRevenue(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	admin := testapp.NewUser(t, app, true)
	o, b := hireOrder(t, app, texasInput())
	o = payInFull(t, app, o)
	checkRollup(t, app, "a paid hire order")
	revenue := func() (shop.Amount, shop.Amount) {
		t.Helper()
		ov, err := shop.GetOverview(app, shop.OverviewQuery{Days: 7})
		if err != nil {
			t.Fatal(err)
		}
		return ov.PeriodRevenue, ov.PeriodTax
	}
	if r, tx := revenue(); r != o.TotalAmount-20000 || tx != o.TaxAmount {
		t.Fatalf("revenue %v tax %v, want %v and %v", r, tx, o.TotalAmount-20000, o.TaxAmount)
	}
	checkIn(t, app, admin.Record, b.ID, map[string]string{"cleaning": "25"})
	checkRollup(t, app, "the check-in")
	if r, tx := revenue(); r != o.TotalAmount-20000+2500 || tx != o.TaxAmount {
		t.Fatalf("after the check-in: revenue %v tax %v", r, tx)
	}
}
