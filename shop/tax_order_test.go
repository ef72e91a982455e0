package shop_test

import (
	"encoding/csv"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/mail"
)

// texasInput is an order shipped to Austin, Texas, by standard shipping.
func texasInput() shop.OrderInput {
	return shop.OrderInput{
		Shipping: shop.ShippingInfo{PostalAddress: shop.PostalAddress{FirstName: "Tex", LastName: "Ritter",
			Address: "1 Congress Ave", City: "Austin", State: "TX", ZipCode: "78701", Country: "US"},
			Phone: "+1 512 555 0100", Email: "tex@example.com"},
		UseShippingForBilling: true,
		ShippingMethod:        shop.ShipStandard,
	}
}

// cartOf fills the user's cart with qty of each product.
func cartOf(t *testing.T, app core.App, userID string, qty int, products ...*core.Record) {
	t.Helper()
	for _, p := range products {
		if _, err := shop.AddToCart(app, shop.CartOwner{UserID: userID}, p.Id, qty); err != nil {
			t.Fatal(err)
		}
	}
}

// A Texas order carries the state's tax on every line, in the total, in
// the per-rate lines and on each stored line; its estimate said the same.
func TestOrderCarriesTax(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	mic := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	book := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1999, Stock: 10, TaxClass: shop.TaxZero})
	cartOf(t, app, u.ID(), 3, mic, book)

	est, err := shop.GetCartEstimate(app, shop.CartOwner{UserID: u.ID()}, shop.TaxAddress{Country: "USA", State: "Texas", ShippingMethod: shop.ShipStandard})
	if err != nil {
		t.Fatal(err)
	}
	// 3 × $10.00 at 6.25 %: 62.5 cents a line... one line of $30.00: $1.875 -> $1.88; the zero-rated line none.
	e := est.TaxEstimate
	if e == nil || e.SubtotalAmount != 8997 || e.ShippingAmount != 999 || e.TaxAmount != 188 || e.TotalAmount != 8997+999+188 {
		t.Fatalf("estimate %+v", e)
	}
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	if o.TaxAmount != e.TaxAmount || o.TotalAmount != e.TotalAmount || len(o.TaxLines) != 1 ||
		o.TaxLines[0] != (shop.TaxLine{Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}) {
		t.Fatalf("order %+v tax lines %+v", o.OrderSummary, o.TaxLines)
	}
	stored, err := shop.GetOrder(app, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Items[0].TaxRate != 6250 || stored.Items[0].TaxAmount != 188 || stored.Items[1].TaxClass != shop.TaxZero ||
		stored.Items[1].TaxAmount != 0 || stored.TaxAmount != 188 || stored.TotalAmount != o.TotalAmount {
		t.Fatalf("stored %+v items %+v", stored.OrderSummary, stored.Items)
	}
	if !regexp.MustCompile(`^INV-\d{4}-\d{6}$`).MatchString(stored.InvoiceNumber) || stored.InvoicedAt == "" {
		t.Fatalf("invoice number %q at %q", stored.InvoiceNumber, stored.InvoicedAt)
	}
}

// A tax-exempt customer's order carries no tax and says so; another
// customer at the same address pays it.
func TestExemptCustomerPaysNoTax(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	testapp.SetTaxSettings(t, app, false, true)
	reseller := testapp.NewUser(t, app, false)
	testapp.SetTaxExempt(t, app, reseller.ID(), true)
	other := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10})
	cartOf(t, app, reseller.ID(), 1, p)
	cartOf(t, app, other.ID(), 1, p)
	exempt, err := shop.PlaceOrder(app, reseller.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	if exempt.TaxAmount != 0 || !exempt.TaxExempt || len(exempt.TaxLines) != 0 || exempt.TotalAmount != 10999 {
		t.Fatalf("exempt order %+v", exempt)
	}
	taxed, err := shop.PlaceOrder(app, other.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	// $100.00 and $9.99 shipping at 6.25 %: 625 + 62.4375 -> 62.
	if taxed.TaxAmount != 687 || taxed.TaxExempt || taxed.TotalAmount != 10999+687 {
		t.Fatalf("taxed order %+v", taxed)
	}
}

// A placed order keeps the rates and amounts it was placed with: changing
// or deleting a rate later changes no order, only the next one.
func TestPlacedOrderKeepsItsTax(t *testing.T) {
	app := testapp.NewMigrated(t)
	rate := testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10})
	cartOf(t, app, u.ID(), 1, p)
	placed, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	rate.Set("rate", 8.25)
	if err := app.Save(rate); err != nil {
		t.Fatal(err)
	}
	later, err := shop.GetOrder(app, placed.ID)
	if err != nil {
		t.Fatal(err)
	}
	if later.TaxAmount != 625 || later.TaxLines[0].Rate != 6250 || later.Items[0].TaxRate != 6250 || later.TotalAmount != placed.TotalAmount {
		t.Fatalf("after the rate change: %+v %+v", later.OrderSummary, later.TaxLines)
	}
	if err := app.Delete(rate); err != nil {
		t.Fatal(err)
	}
	if again, _ := shop.GetOrder(app, placed.ID); again.TaxAmount != 625 || again.Items[0].TaxAmount != 625 {
		t.Fatalf("after the rate's deletion: %+v", again.OrderSummary)
	}
	cartOf(t, app, u.ID(), 1, p)
	next, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil || next.TaxAmount != 0 {
		t.Fatalf("next order without a rate: %+v %v", next, err)
	}
}

// The total the shopper reviewed includes tax: a rate changed between
// review and Place order is total_changed, like a price, and nothing
// changes (stock, cart, no order, no invoice number used).
func TestRateChangeIsTotalChanged(t *testing.T) {
	app := testapp.NewMigrated(t)
	rate := testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10})
	cartOf(t, app, u.ID(), 2, p)
	in := texasInput()
	reviewed, err := shop.GetCartEstimate(app, shop.CartOwner{UserID: u.ID()}, shop.TaxAddress{Country: "US", State: "TX", ShippingMethod: in.ShippingMethod})
	if err != nil {
		t.Fatal(err)
	}
	seen := reviewed.TaxEstimate.TotalAmount
	rate.Set("rate", 8.25)
	if err := app.Save(rate); err != nil {
		t.Fatal(err)
	}
	in.ExpectedTotal = &seen
	_, err = shop.PlaceOrder(app, u.ID(), in)
	var changed *shop.TotalChangedError
	if !errors.As(err, &changed) || changed.Tax != 1650 || changed.Total != 20000+999+1650 || changed.Expected != 20000+999+1250 {
		t.Fatalf("want total_changed with the new tax, got %v %+v", err, changed)
	}
	if s := testapp.Stock(t, app, p.Id); s != 10 {
		t.Fatalf("stock %d after a refused order", s)
	}
	if n := testapp.Count(t, app, shop.OrdersCollection); n != 0 {
		t.Fatalf("%d orders", n)
	}
	// Placed with the new total, it goes through, and takes the first invoice number.
	now := changed.Total
	in.ExpectedTotal = &now
	o, err := shop.PlaceOrder(app, u.ID(), in)
	if err != nil || o.TaxAmount != 1650 {
		t.Fatalf("order %+v %v", o, err)
	}
	if want := fmt.Sprintf("INV-%d-000001", time.Now().UTC().Year()); o.InvoiceNumber != want {
		t.Fatalf("invoice number %q, want %q", o.InvoiceNumber, want)
	}
}

// Invoice numbers are gapless per year and each is used once, however many
// orders are placed at the same time; a refused order uses none.
func TestInvoiceNumbersGaplessUnderConcurrency(t *testing.T) {
	app := testapp.NewMigrated(t)
	const n = 50
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: n})
	short := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 1})
	users := make([]testapp.User, n)
	for i := range users {
		users[i] = testapp.NewUser(t, app, false)
		cartOf(t, app, users[i].ID(), 1, p)
	}
	// Two more customers race for the one unit left of another product: one is refused.
	racers := []testapp.User{testapp.NewUser(t, app, false), testapp.NewUser(t, app, false)}
	for _, r := range racers {
		cartOf(t, app, r.ID(), 1, short)
	}
	var wg sync.WaitGroup
	numbers := make(chan string, n+2)
	for _, u := range append(users, racers...) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o, err := shop.PlaceOrder(app, u.ID(), texasInput())
			if err == nil {
				numbers <- o.InvoiceNumber
			}
		}()
	}
	wg.Wait()
	close(numbers)
	got := []string{}
	for num := range numbers {
		got = append(got, num)
	}
	sort.Strings(got)
	if len(got) != n+1 {
		t.Fatalf("%d orders placed, want %d", len(got), n+1)
	}
	year := time.Now().UTC().Year()
	for i, num := range got {
		if want := fmt.Sprintf("INV-%d-%06d", year, i+1); num != want {
			t.Fatalf("invoice %d is %s, want %s (numbers %v)", i, num, want, got)
		}
	}
	// Numbering again changes nothing: once per order.
	rec, err := app.FindFirstRecordByData(shop.OrdersCollection, "invoiceNumber", got[7])
	if err != nil {
		t.Fatal(err)
	}
	again, err := shop.AssignInvoiceNumber(app, rec)
	if err != nil || again != got[7] {
		t.Fatalf("second assignment %q %v", again, err)
	}
	fresh, _ := app.FindRecordById(shop.OrdersCollection, rec.Id)
	if again, err := shop.AssignInvoiceNumber(app, fresh); err != nil || again != got[7] {
		t.Fatalf("assignment from a fresh record %q %v", again, err)
	}
}

// A refund gets a numbered credit note (its own gapless series) for the
// refunded amount with its share of the tax, once per refund; the notes of
// an order refunded in parts give back exactly its tax; more than the
// total is refused.
func TestCreditNotes(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 3333, Stock: 10})
	cartOf(t, app, u.ID(), 3, p)
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	// $99.99 at 6.25 % = 624.9375 -> 625 tax; $9.99 shipping untaxed: total $116.23.
	if o.TaxAmount != 625 || o.TotalAmount != 11623 {
		t.Fatalf("order %+v", o.OrderSummary)
	}
	rec, _ := app.FindRecordById(shop.OrdersCollection, o.ID)
	year := time.Now().UTC().Year()
	parts := []shop.Amount{3000, 5000, 3623}
	var tax shop.Amount
	for i, amount := range parts {
		note, err := shop.AssignCreditNote(app, rec, shop.CreditNoteInput{RefundID: fmt.Sprintf("re_%d", i), Amount: amount, Reason: "Returned"})
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("CN-%d-%06d", year, i+1); note.Number != want || note.Amount != amount {
			t.Fatalf("note %+v, want %s", note, want)
		}
		tax += note.TaxAmount
	}
	if tax != o.TaxAmount {
		t.Fatalf("credit notes give back %d of tax, the order had %d", tax, o.TaxAmount)
	}
	again, err := shop.AssignCreditNote(app, rec, shop.CreditNoteInput{RefundID: "re_1", Amount: 5000})
	if err != nil || again.Number != fmt.Sprintf("CN-%d-000002", year) {
		t.Fatalf("the same refund again: %+v %v", again, err)
	}
	if _, err := shop.AssignCreditNote(app, rec, shop.CreditNoteInput{RefundID: "re_9", Amount: 1}); !errors.Is(err, shop.ErrCreditExceedsTotal) {
		t.Fatalf("a credit beyond the total: %v", err)
	}
	detail, _ := shop.GetOrder(app, o.ID)
	if len(detail.CreditNotes) != 3 || detail.CreditNotes[2].Amount != 3623 {
		t.Fatalf("order's credit notes %+v", detail.CreditNotes)
	}
}

// Rates saved as the dashboard saves them are checked by their record
// hook: a fourth decimal, a region outside the US or not a state, an
// unknown class, and a second rate for a place and class (US and United
// States being one) are refused with the field's error.
func TestTaxRateRecordRules(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	col, _ := app.FindCollectionByNameOrId(shop.TaxRatesCollection)
	cases := []struct {
		country, region, class string
		rate                   float64
		field                  string
	}{
		{"US", "CA", shop.TaxStandard, 7.2501, "rate"},
		{"US", "CA", shop.TaxStandard, 101, "rate"},
		{"Germany", "BY", shop.TaxStandard, 19, "region"},
		{"US", "XX", shop.TaxStandard, 5, "region"},
		{"US", "CA", "luxury", 5, "taxClass"},
		{"United States", "tx", shop.TaxStandard, 8, "country"},
		{"", "", shop.TaxStandard, 8, "country"},
	}
	for _, c := range cases {
		rec := core.NewRecord(col)
		rec.Load(map[string]any{"country": c.country, "region": c.region, "taxClass": c.class, "rate": c.rate, "name": "Test"})
		err := app.Save(rec)
		var verrs validation.Errors
		if !errors.As(err, &verrs) || verrs[c.field] == nil {
			t.Errorf("%+v: %v, want an error on %s", c, err, c.field)
		}
	}
	ok := testapp.NewTaxRate(t, app, "usa", "ca", shop.TaxStandard, 7.25, "California sales tax")
	if ok.GetString("region") != "CA" {
		t.Fatalf("region stored as %q", ok.GetString("region"))
	}
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxReduced, 0, "Texas reduced")
}

// The order e-mail shows the same tax as the order, per rate, the invoice
// number and a link to it; with inclusive prices the tax is "incl." after
// the total; an exempt customer's says so.
func TestOrderMailCarriesTax(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	testapp.NewTaxRate(t, app, "DE", "", shop.TaxStandard, 19, "MwSt.")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	cartOf(t, app, u.ID(), 3, p)
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	m := one(t, app, mail.KindOrderPlaced)
	has(t, m, "Texas sales tax (6.25%)", "$1.88", "$41.87", o.InvoiceNumber, "View invoice "+o.InvoiceNumber, "/account/orders/"+o.ID+"/invoice")

	testapp.SetTaxSettings(t, app, true, false)
	cartOf(t, app, u.ID(), 1, p)
	in := texasInput()
	in.Shipping.Country, in.Shipping.State = "Germany", "Berlin"
	in.ShippingMethod = shop.ShipIntlStandard
	if _, err := shop.PlaceOrder(app, u.ID(), in); err != nil {
		t.Fatal(err)
	}
	// $10.00 with 19 % inside: $1.60.
	has(t, emailsOf(t, app, mail.KindOrderPlaced)[1], "Incl. MwSt. (19%)", "$1.60", "$59.99")

	testapp.SetTaxExempt(t, app, u.ID(), true)
	testapp.SetTaxSettings(t, app, false, false)
	cartOf(t, app, u.ID(), 1, p)
	if _, err := shop.PlaceOrder(app, u.ID(), texasInput()); err != nil {
		t.Fatal(err)
	}
	has(t, emailsOf(t, app, mail.KindOrderPlaced)[2], "Tax exempt", "$19.99")
}

// The CSV export carries each line's class, rate and tax and the order's
// tax, total and invoice, as the order stored them.
func TestOrdersCSVCarriesTax(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	cartOf(t, app, u.ID(), 3, p)
	in := texasInput()
	in.Billing.CompanyName, in.Billing.TaxID = "Stage Rentals LLC", "12-3456789"
	o, err := shop.PlaceOrder(app, u.ID(), in)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := shop.ExportOrdersCSV(app, shop.OrderFilter{}, &buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(buf.String())).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("csv %v %q", err, buf.String())
	}
	col := map[string]string{}
	for i, h := range rows[0] {
		col[h] = rows[1][i]
	}
	want := map[string]string{"taxClass": "standard", "taxRate": "6.25", "lineTax": "1.88", "orderTax": "1.88",
		"orderTotal": "41.87", "pricesIncludeTax": "false", "taxExempt": "false", "invoiceNumber": o.InvoiceNumber,
		"companyName": "Stage Rentals LLC", "taxId": "12-3456789"}
	for k, v := range want {
		if col[k] != v {
			t.Errorf("%s: %q, want %q", k, col[k], v)
		}
	}
}

// The overview shows the tax inside its revenue, from what the orders
// stored (the rollup's triggers keep it); a cancelled order's goes.
func TestOverviewCarriesTax(t *testing.T) {
	app := testapp.NewMigrated(t)
	testapp.NewTaxRate(t, app, "US", "TX", shop.TaxStandard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 19800, Stock: 10})
	cartOf(t, app, u.ID(), 1, p)
	a, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	cartOf(t, app, u.ID(), 2, p)
	b, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	checkRollup(t, app, "two taxed orders")
	o, err := shop.GetOverview(app, shop.OverviewQuery{Days: 7})
	if err != nil {
		t.Fatal(err)
	}
	// $198.00 at 6.25 % is $12.375: $12.38; $396.00: $24.75.
	if o.Tax.Today != a.TaxAmount+b.TaxAmount || o.Tax.Today != 1238+2475 || o.Revenue.Today != a.TotalAmount+b.TotalAmount ||
		o.PeriodTax != o.Tax.Today || o.RevenueByDay[len(o.RevenueByDay)-1].Tax != o.Tax.Today {
		t.Fatalf("overview tax %+v revenue %+v period %d", o.Tax, o.Revenue, o.PeriodTax)
	}
	if _, err := shop.UpdateOrderStatus(app, a.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatal(err)
	}
	checkRollup(t, app, "a cancelled taxed order")
	if o, _ = shop.GetOverview(app, shop.OverviewQuery{Days: 7}); o.Tax.Today != b.TaxAmount {
		t.Fatalf("after the cancellation: %+v", o.Tax)
	}
}
