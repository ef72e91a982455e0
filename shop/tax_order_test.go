package shop_test

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/mail"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
)

// texasInput is an order shipped to Austin, Texas, by standard shipping.
func texasInput() shop.OrderInput {
	return shop.OrderInput{
		Shipping: shop.ShippingInfo{PostalAddress: shop.PostalAddress{FirstName: "Tex", LastName: "Ritter",
			Address: "1 Congress Ave", City: "Austin", State: "TX", ZipCode: "78701", Country: "US"},
			Phone: "+1 512 555 0100", Email: "tex@example.com"},
		UseShippingForBilling: true,
		ShippingMethod:        shipping.ShipStandard,
	}
}

// payInFull records a bank transfer of what the order owes, as an admin
// does, and returns the order after it.
func payInFull(t *testing.T, app core.App, o *shop.OrderDetail) *shop.OrderDetail {
	t.Helper()
	paid, err := shop.RecordPayment(app, nil, o.ID, shop.PaymentInput{Amount: o.Payment.AmountDue})
	if err != nil {
		t.Fatal(err)
	}
	return paid
}

// cartOf fills the user's cart with qty of each product.
func cartOf(t *testing.T, app core.App, userID string, qty int, products ...*core.Record) {
	t.Helper()
	for _, p := range products {
		if _, err := cart.Add(app, cart.Owner{UserID: userID}, p.Id, "", qty); err != nil {
			t.Fatal(err)
		}
	}
}

// A Texas order carries the state's tax on every line, in the total, in
// the per-rate lines and on each stored line; its estimate said the same.
func TestOrderCarriesTax(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	mic := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	book := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1999, Stock: 10, TaxClass: tax.Zero})
	cartOf(t, app, u.ID(), 3, mic, book)

	est, err := shop.GetCartEstimate(app, cart.Owner{UserID: u.ID()}, shop.TaxAddress{Country: "USA", State: "Texas", ShippingMethod: shipping.ShipStandard})
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
		o.TaxLines[0] != (tax.Line{Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}) {
		t.Fatalf("order %+v tax lines %+v", o.OrderSummary, o.TaxLines)
	}
	stored, err := shop.GetOrder(app, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Items[0].TaxRate != 6250 || stored.Items[0].TaxAmount != 188 || stored.Items[1].TaxClass != tax.Zero ||
		stored.Items[1].TaxAmount != 0 || stored.TaxAmount != 188 || stored.TotalAmount != o.TotalAmount {
		t.Fatalf("stored %+v items %+v", stored.OrderSummary, stored.Items)
	}
	// What is owed is the total with its tax; the order is invoiced once paid.
	if stored.Payment.AmountDue != o.TotalAmount || stored.InvoiceNumber != "" {
		t.Fatalf("placed: due %d of %d, invoice %q", stored.Payment.AmountDue, o.TotalAmount, stored.InvoiceNumber)
	}
	paid := payInFull(t, app, stored)
	if !regexp.MustCompile(`^INV-\d{4}-\d{6}$`).MatchString(paid.InvoiceNumber) || paid.InvoicedAt == "" {
		t.Fatalf("invoice number %q at %q", paid.InvoiceNumber, paid.InvoicedAt)
	}
}

// An order placed on invoice terms is invoiced when it is placed: its
// confirmation carries the number; a bank transfer order is not until it
// is paid.
func TestInvoiceTermsOrderIsInvoicedAtOnce(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	if _, err := shop.SetInvoiceTerms(app, u.ID(), shop.InvoiceTermsInput{Allowed: true}); err != nil {
		t.Fatal(err)
	}
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	cartOf(t, app, u.ID(), 1, p)
	transfer, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil || transfer.InvoiceNumber != "" {
		t.Fatalf("bank transfer order: %q %v", transfer.InvoiceNumber, err)
	}
	cartOf(t, app, u.ID(), 1, p)
	in := texasInput()
	in.PaymentMethod, in.PONumber = shop.MethodInvoice, "PO-77"
	o, err := shop.PlaceOrder(app, u.ID(), in)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("INV-%d-000001", time.Now().UTC().Year()); o.InvoiceNumber != want || o.InvoicedAt == "" {
		t.Fatalf("invoice number %q at %q, want %s", o.InvoiceNumber, o.InvoicedAt, want)
	}
	if o.Payment.AmountDue != o.TotalAmount || o.TaxAmount != 63 {
		t.Fatalf("due %d, total %d, tax %d", o.Payment.AmountDue, o.TotalAmount, o.TaxAmount)
	}
	has(t, emailsOf(t, app, mail.KindOrderPlaced)[1], "View invoice "+o.InvoiceNumber, "/account/orders/"+o.ID+"/invoice")
	has(t, one(t, app, mail.KindInvoiceDue), "View invoice "+o.InvoiceNumber, "$20.62")
}

// A tax-exempt customer's order carries no tax and says so; another
// customer at the same address pays it.
func TestExemptCustomerPaysNoTax(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
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
	app := testapp.New(t)
	rate := testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
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
	app := testapp.New(t)
	rate := testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 10000, Stock: 10})
	cartOf(t, app, u.ID(), 2, p)
	in := texasInput()
	reviewed, err := shop.GetCartEstimate(app, cart.Owner{UserID: u.ID()}, shop.TaxAddress{Country: "US", State: "TX", ShippingMethod: in.ShippingMethod})
	if err != nil {
		t.Fatal(err)
	}
	seen := reviewed.TaxEstimate.TotalAmount
	rate.Set("rate", 8.25)
	if err := app.Save(rate); err != nil {
		t.Fatal(err)
	}
	in.ExpectedTotal = json.Number(seen.String())
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
	// Placed with the new total, it goes through, owes it, and once paid takes the first invoice number.
	now := changed.Total
	in.ExpectedTotal = json.Number(now.String())
	o, err := shop.PlaceOrder(app, u.ID(), in)
	if err != nil || o.TaxAmount != 1650 || o.Payment.AmountDue != now {
		t.Fatalf("order %+v %v", o, err)
	}
	if o = payInFull(t, app, o); o.InvoiceNumber != fmt.Sprintf("INV-%d-000001", time.Now().UTC().Year()) {
		t.Fatalf("invoice number %q", o.InvoiceNumber)
	}
	if want := fmt.Sprintf("INV-%d-000001", time.Now().UTC().Year()); o.InvoiceNumber != want {
		t.Fatalf("invoice number %q, want %q", o.InvoiceNumber, want)
	}
}

// Invoice numbers are gapless per year and each is used once, however many
// orders are paid at the same time: 50 payments at once, one of them
// recorded twice (the second is refused as more than is owed and uses no
// number).
func TestInvoiceNumbersGaplessUnderConcurrency(t *testing.T) {
	app := testapp.New(t)
	const n = 50
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: n})
	orders := make([]*shop.OrderDetail, n)
	for i := range orders {
		u := testapp.NewUser(t, app, false)
		cartOf(t, app, u.ID(), 1, p)
		o, err := shop.PlaceOrder(app, u.ID(), texasInput())
		if err != nil {
			t.Fatal(err)
		}
		orders[i] = o
	}
	var wg sync.WaitGroup
	numbers := make(chan string, n+1)
	for i, o := range append(orders, orders[7]) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paid, err := shop.RecordPayment(app, nil, o.ID, shop.PaymentInput{Amount: o.Payment.AmountDue})
			if err == nil {
				numbers <- paid.InvoiceNumber
			} else if i < n && o.ID != orders[7].ID {
				t.Errorf("payment of order %d: %v", i, err)
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
	if len(got) != n {
		t.Fatalf("%d payments recorded, want %d", len(got), n)
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
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
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

// The payments' refund path issues the credit notes: a refund of a paid
// (invoiced) order gets one for the refunded amount, the refund e-mail
// names it; a refund before the order was invoiced gets none.
func TestRefundGetsCreditNote(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	admin := testapp.NewUser(t, app, true)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 3333, Stock: 10})
	cartOf(t, app, u.ID(), 1, p)
	deposit, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	// Part paid, not invoiced: its refund has no invoice to credit.
	if _, err := shop.RecordPayment(app, nil, deposit.ID, shop.PaymentInput{Amount: 1000}); err != nil {
		t.Fatal(err)
	}
	if d, err := shop.RefundOrder(app, admin.Record, deposit.ID, shop.RefundInput{Amount: 1000, Reason: "Deposit back"}); err != nil || len(d.CreditNotes) != 0 {
		t.Fatalf("refund before the invoice: %+v %v", d, err)
	}
	cartOf(t, app, u.ID(), 3, p)
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	o = payInFull(t, app, o)
	d, err := shop.RefundOrder(app, admin.Record, o.ID, shop.RefundInput{Amount: 5000, Reason: "Returned"})
	if err != nil {
		t.Fatal(err)
	}
	year := time.Now().UTC().Year()
	// 5000 of 11623 carries 5000 × 625 / 11623 = 268.86 -> 269 of the tax.
	if len(d.CreditNotes) != 1 || d.CreditNotes[0].Number != fmt.Sprintf("CN-%d-000001", year) ||
		d.CreditNotes[0].Amount != 5000 || d.CreditNotes[0].TaxAmount != 269 || d.CreditNotes[0].Reason != "Returned" {
		t.Fatalf("credit notes %+v", d.CreditNotes)
	}
	refunds := emailsOf(t, app, mail.KindRefund)
	has(t, refunds[len(refunds)-1], d.CreditNotes[0].Number, "View invoice "+d.InvoiceNumber)
}

// Rates saved as the dashboard saves them are checked by their record
// hook: a fourth decimal, a region outside the US or not a state, an
// unknown class, and a second rate for a place and class (US and United
// States being one) are refused with the field's error.
func TestTaxRateRecordRules(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	col, _ := app.FindCollectionByNameOrId(tax.RatesCollection)
	cases := []struct {
		country, region, class string
		rate                   float64
		field                  string
	}{
		{"US", "CA", tax.Standard, 7.2501, "rate"},
		{"US", "CA", tax.Standard, 101, "rate"},
		{"Germany", "BY", tax.Standard, 19, "region"},
		{"US", "XX", tax.Standard, 5, "region"},
		{"US", "CA", "luxury", 5, "taxClass"},
		{"United States", "tx", tax.Standard, 8, "country"},
		{"", "", tax.Standard, 8, "country"},
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
	ok := testapp.NewTaxRate(t, app, "usa", "ca", tax.Standard, 7.25, "California sales tax")
	if ok.GetString("region") != "CA" {
		t.Fatalf("region stored as %q", ok.GetString("region"))
	}
	testapp.NewTaxRate(t, app, "US", "TX", tax.Reduced, 0, "Texas reduced")
}

// The order e-mail shows the same tax as the order, per rate, the invoice
// number and a link to it; with inclusive prices the tax is "incl." after
// the total; an exempt customer's says so.
func TestOrderMailCarriesTax(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	testapp.NewTaxRate(t, app, "DE", "", tax.Standard, 19, "MwSt.")
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 10})
	cartOf(t, app, u.ID(), 3, p)
	o, err := shop.PlaceOrder(app, u.ID(), texasInput())
	if err != nil {
		t.Fatal(err)
	}
	has(t, one(t, app, mail.KindOrderPlaced), "Texas sales tax (6.25%)", "$1.88", "$41.87")
	// The payment e-mail links the invoice the payment made.
	o = payInFull(t, app, o)
	has(t, one(t, app, mail.KindPaymentReceived), "$41.87", o.InvoiceNumber, "View invoice "+o.InvoiceNumber, "/account/orders/"+o.ID+"/invoice")

	testapp.SetTaxSettings(t, app, true, false)
	cartOf(t, app, u.ID(), 1, p)
	in := texasInput()
	in.Shipping.Country, in.Shipping.State = "Germany", "Berlin"
	in.ShippingMethod = shipping.ShipIntlStandard
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
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
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

// The overview shows the tax inside its revenue (money paid less money
// refunded), from what the orders stored (the rollup's triggers keep it):
// none before a payment, all of a paid order's, the refunded share goes
// back, a cancelled order's goes.
func TestOverviewCarriesTax(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
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
	if err != nil || o.Tax.Today != 0 || o.Revenue.Today != 0 {
		t.Fatalf("before payment: tax %+v revenue %+v %v", o.Tax, o.Revenue, err)
	}
	a, b = payInFull(t, app, a), payInFull(t, app, b)
	checkRollup(t, app, "two paid taxed orders")
	if o, err = shop.GetOverview(app, shop.OverviewQuery{Days: 7}); err != nil {
		t.Fatal(err)
	}
	// $198.00 at 6.25 % is $12.375: $12.38; $396.00: $24.75.
	if o.Tax.Today != a.TaxAmount+b.TaxAmount || o.Tax.Today != 1238+2475 || o.Revenue.Today != a.TotalAmount+b.TotalAmount ||
		o.PeriodTax != o.Tax.Today || o.RevenueByDay[len(o.RevenueByDay)-1].Tax != o.Tax.Today {
		t.Fatalf("overview tax %+v revenue %+v period %d", o.Tax, o.Revenue, o.PeriodTax)
	}
	// A quarter of b refunded: its tax counts three quarters (2475 × 3/4 = 1856.25).
	admin := testapp.NewUser(t, app, true)
	if _, err := shop.RefundOrder(app, admin.Record, b.ID, shop.RefundInput{Amount: b.TotalAmount / 4}); err != nil {
		t.Fatal(err)
	}
	checkRollup(t, app, "a part refund")
	if o, _ = shop.GetOverview(app, shop.OverviewQuery{Days: 7}); o.Tax.Today != 1238+1856 {
		t.Fatalf("after a part refund: %+v (b total %d)", o.Tax, b.TotalAmount)
	}
	if _, err := shop.UpdateOrderStatus(app, a.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatal(err)
	}
	checkRollup(t, app, "a cancelled taxed order")
	if o, _ = shop.GetOverview(app, shop.OverviewQuery{Days: 7}); o.Tax.Today != 1856 {
		t.Fatalf("after the cancellation: %+v", o.Tax)
	}
}

// A card order's hosted page asks for the total with its tax, the signed
// event of that amount pays it, and its 50 copies at once give it one
// invoice number (the year's first: no number drawn twice).
func TestCardPaymentOfTaxedOrder(t *testing.T) {
	f := newPayFixture(t, 10)
	testapp.NewTaxRate(t, f.app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, f.app, false)
	cartOf(t, f.app, u.ID(), 2, f.product)
	in := texasInput()
	in.PaymentMethod = shop.MethodCard
	d, err := shop.PlaceOrder(f.app, u.ID(), in)
	if err != nil {
		t.Fatal(err)
	}
	// $50.00 at 6.25 % = $3.125 -> $3.13, shipping $9.99 untaxed.
	if d.TaxAmount != 313 || d.TotalAmount != 5000+999+313 || d.Payment.AmountDue != d.TotalAmount || d.InvoiceNumber != "" {
		t.Fatalf("order %+v payment %+v", d.OrderSummary, d.Payment)
	}
	a, err := f.app.FindFirstRecordByFilter(shop.PaymentAttemptsCollection, "orderRef = {:o}", dbx.Params{"o": d.ID})
	if err != nil || a.GetInt("amountCents") != int(d.TotalAmount) {
		t.Fatalf("the hosted page asks for %d, want %d (%v)", a.GetInt("amountCents"), d.TotalAmount, err)
	}
	settings, err := f.app.FindFirstRecordByFilter(shop.PaymentSettingsCollection, "")
	if err != nil {
		t.Fatal(err)
	}
	f.shopID = settings.GetString("shopId")
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(d))
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.post(payload)
		}()
	}
	wg.Wait()
	got := f.order(d.ID)
	want := fmt.Sprintf("INV-%d-000001", time.Now().UTC().Year())
	if got.Payment.Status != shop.PayPaid || got.InvoiceNumber != want {
		t.Fatalf("after the webhook: %+v, invoice %q want %s", got.Payment, got.InvoiceNumber, want)
	}
	var last int
	if err := f.app.DB().NewQuery("SELECT last FROM invoice_counters WHERE series = 'INV'").Row(&last); err != nil || last != 1 {
		t.Fatalf("invoice counter at %d (%v), want 1", last, err)
	}
}
