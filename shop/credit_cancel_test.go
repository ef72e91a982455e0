package shop_test

import (
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/tax"
)

// An order on invoice terms is invoiced when placed; cancelled before it
// is paid, its invoice is cancelled by a credit note for the whole total
// and its tax, once, however often an admin reopens and cancels it. When
// part was paid and is refunded, the unpaid part's note and the refund's
// note add up to the invoice exactly.
func TestCancelledInvoiceGetsCreditNote(t *testing.T) {
	app := testapp.New(t)
	testapp.NewTaxRate(t, app, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	u := testapp.NewUser(t, app, false)
	if _, err := shop.SetInvoiceTerms(app, u.ID(), shop.InvoiceTermsInput{Allowed: true}); err != nil {
		t.Fatal(err)
	}
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 3333, Stock: 10})
	place := func() *shop.OrderDetail {
		t.Helper()
		cartOf(t, app, u.ID(), 2, p)
		in := texasInput()
		in.PaymentMethod, in.PONumber = shop.MethodInvoice, "PO-1"
		o, err := shop.PlaceOrder(app, u.ID(), in)
		if err != nil || o.InvoiceNumber == "" {
			t.Fatalf("invoice-terms order: %+v %v", o, err)
		}
		return o
	}

	o := place()
	d, err := shop.CancelOwnOrder(app, u.ID(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.CreditNotes) != 1 || d.CreditNotes[0].Amount != o.TotalAmount || d.CreditNotes[0].TaxAmount != o.TaxAmount {
		t.Fatalf("cancelled unpaid invoice: notes %+v, want one for %d with tax %d", d.CreditNotes, o.TotalAmount, o.TaxAmount)
	}
	for _, status := range []string{shop.StatusCreated, shop.StatusCancelled} {
		if d, err = shop.UpdateOrderStatus(app, o.ID, shop.StatusUpdate{Status: status}); err != nil {
			t.Fatal(err)
		}
	}
	if len(d.CreditNotes) != 1 {
		t.Fatalf("cancelled twice: %d credit notes", len(d.CreditNotes))
	}

	part := place()
	if _, err := shop.RecordPayment(app, nil, part.ID, shop.PaymentInput{Amount: 1000}); err != nil {
		t.Fatal(err)
	}
	d, err = shop.UpdateOrderStatus(app, part.ID, shop.StatusUpdate{Status: shop.StatusCancelled, Refund: true})
	if err != nil {
		t.Fatal(err)
	}
	var amount, tax shop.Amount
	for _, n := range d.CreditNotes {
		amount, tax = amount+n.Amount, tax+n.TaxAmount
	}
	if len(d.CreditNotes) != 2 || amount != part.TotalAmount || tax != part.TaxAmount {
		t.Fatalf("part-paid invoice cancelled with a refund: notes %+v, want %d with tax %d in all", d.CreditNotes, part.TotalAmount, part.TaxAmount)
	}
}
