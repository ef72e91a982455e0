package routes_test

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/mail"
	"stageshop/shop/tax"
)

// raceAll sends the requests at the same moment (each from its own
// goroutine, released together) and returns the answers in order.
func raceAll(n int, send func(i int) testapp.Response) []testapp.Response {
	out := make([]testapp.Response, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = send(i)
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// centsOf is a dollar amount of an answer in cents.
func centsOf(dollars float64) int64 { return int64(math.Round(dollars * 100)) }

// countWhere counts a collection's rows matching exp.
func countWhere(t *testing.T, h testapp.Harness, collection string, exp dbx.HashExp) int {
	t.Helper()
	var n int
	if err := h.App.DB().Select("COUNT(*)").From(collection).Where(exp).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// An order on invoice terms, invoiced when placed and partly paid, is
// cancelled by 2 and then 10 admins at once (keeping the paid part
// invoiced): every answer is 200 Cancelled, and there is exactly one
// credit note, for the unpaid part; the stock comes back once, the
// history holds one cancel and the customer gets one e-mail.
func TestSimultaneousCancelsOfAPartPaidInvoice(t *testing.T) {
	for _, n := range []int{2, 10} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := newOrderShop(t, testapp.Product{PriceCents: 3333, Stock: 10})
			h, admin, u, p := s.h, s.admin, s.user, s.product
			testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
			if _, err := shop.SetInvoiceTerms(h.App, u.ID(), shop.InvoiceTermsInput{Allowed: true}); err != nil {
				t.Fatal(err)
			}
			var o payOrder
			r := placeWith(t, h, u, p.Id, shop.MethodInvoice, "PO-7")
			r.JSON(t, &o)
			if r.Status != http.StatusCreated || testapp.Stock(t, h.App, p.Id) != 8 {
				t.Fatalf("place: %d %s", r.Status, r.Body)
			}
			base := "/api/checkout/admin/orders/" + o.ID
			if r := h.Client.Do("POST", base+"/payments", map[string]any{"amount": 10}, testapp.Auth(admin.Token)...); r.Status != http.StatusCreated {
				t.Fatalf("part payment: %d %s", r.Status, r.Body)
			}
			answers := raceAll(n, func(int) testapp.Response {
				return h.Client.Do("PUT", base+"/status", map[string]any{"status": "Cancelled"}, testapp.Auth(admin.Token)...)
			})
			for _, a := range answers {
				if a.Status != http.StatusOK {
					t.Fatalf("a cancel answered %d %s", a.Status, a.Body)
				}
			}
			var amount int64
			var notes int
			err := h.App.DB().Select("COUNT(*)", "COALESCE(SUM(amountCents), 0)").From(shop.CreditNotesCollection).
				Where(dbx.HashExp{"orderRef": o.ID}).Row(&notes, &amount)
			if err != nil {
				t.Fatal(err)
			}
			// What was not paid ($10 was) is credited, once.
			if want := centsOf(o.TotalAmount) - 1000; notes != 1 || amount != want {
				t.Fatalf("%d cancels: %d credit notes for %d cents, want 1 for %d", n, notes, amount, want)
			}
			if s := testapp.Stock(t, h.App, p.Id); s != 10 {
				t.Fatalf("%d cancels: stock %d, want 10 (returned once)", n, s)
			}
			if m := countWhere(t, h, mail.Collection, dbx.HashExp{"kind": mail.KindOrderCancelled}); m != 1 {
				t.Fatalf("%d cancels: %d cancellation e-mails", n, m)
			}
			var d struct {
				History []struct {
					Status string `json:"status"`
				} `json:"history"`
			}
			h.Client.Do("GET", base, nil, testapp.Auth(admin.Token)...).JSON(t, &d)
			cancels := 0
			for _, e := range d.History {
				if e.Status == shop.StatusCancelled {
					cancels++
				}
			}
			if cancels != 1 {
				t.Fatalf("%d cancels: history %+v", n, d.History)
			}
		})
	}
}

// A freight order's quote is sent by ten admins at once, with ten amounts:
// one is accepted (200), the others are 409 not_awaiting_quote; the order
// holds the accepted amount with its tax and a total that adds up, the
// customer gets one quote e-mail and, on invoice terms, one invoice. A
// quote sent again after the first is 409 too and changes nothing:
// api.md is silent on a second quote, and a real shop does not change a
// price the customer was told (and may have paid or been invoiced for);
// the admin cancels the order or refunds instead.
func TestSimultaneousFreightQuotes(t *testing.T) {
	for _, method := range []string{shop.MethodBankTransfer, shop.MethodInvoice} {
		t.Run(method, func(t *testing.T) {
			s := newOrderShop(t, testapp.Product{PriceCents: 150000, Stock: 5})
			h, c, admin, u, hoist := s.h, s.c, s.admin, s.user, s.product
			if _, err := shop.SetInvoiceTerms(h.App, u.ID(), shop.InvoiceTermsInput{Allowed: true}); err != nil {
				t.Fatal(err)
			}
			saveZones(t, h, admin)
			testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 10, "Texas sales tax")
			testapp.SetTaxSettings(t, h.App, false, true)
			setWeight(t, h, admin, hoist.Id, 520, true)
			addLine(t, c, u.Token, hoist.Id, 1)
			body := texasBody("freight")
			body["paymentMethod"], body["poNumber"] = method, "PO-9"
			var o quoteOrderJSON
			r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
			r.JSON(t, &o)
			if r.Status != http.StatusCreated || o.ShippingQuote != "pending" {
				t.Fatalf("freight order %d %s", r.Status, r.Body)
			}
			url := "/api/checkout/admin/orders/" + o.ID + "/shipping-quote"
			mailsBefore := testapp.Count(t, h.App, mail.Collection)
			answers := raceAll(10, func(i int) testapp.Response {
				return c.Do("POST", url, map[string]any{"amount": 300 + i}, testapp.Auth(admin.Token)...)
			})
			accepted := -1
			for i, a := range answers {
				switch {
				case a.Status == http.StatusOK && accepted < 0:
					accepted = i
				case a.Status == http.StatusConflict:
					expectErr(t, a, http.StatusConflict, "not_awaiting_quote")
				default:
					t.Fatalf("quote %d answered %d %s", i, a.Status, a.Body)
				}
			}
			if accepted < 0 {
				t.Fatal("no quote was accepted")
			}
			again := c.Do("POST", url, map[string]any{"amount": 1}, testapp.Auth(admin.Token)...)
			expectErr(t, again, http.StatusConflict, "not_awaiting_quote")

			var got quoteOrderJSON
			c.Do("GET", "/api/checkout/admin/orders/"+o.ID, nil, testapp.Auth(admin.Token)...).JSON(t, &got)
			ship := int64(300+accepted) * 100
			// $1,500 + the freight, both taxed at 10 %.
			wantTax := (150000 + ship) / 10
			if got.ShippingQuote != "quoted" || centsOf(got.ShippingAmount) != ship || centsOf(got.TaxAmount) != wantTax ||
				centsOf(got.TotalAmount) != 150000+ship+wantTax || got.Payment.AmountDue != got.TotalAmount {
				t.Fatalf("accepted %d cents: order %+v", ship, got)
			}
			// One e-mail in all: the quote, which says how to pay (on
			// invoice terms: the invoice's number, the bank details and
			// the due date; it used to come with a second, invoice_due).
			if m := countWhere(t, h, mail.Collection, dbx.HashExp{"kind": mail.KindFreightQuoted}); m != 1 ||
				testapp.Count(t, h.App, mail.Collection) != mailsBefore+1 {
				t.Fatalf("%d quote e-mails, %d e-mails in all, want 1", m, testapp.Count(t, h.App, mail.Collection)-mailsBefore)
			}
			if method == shop.MethodInvoice {
				var view string
				if err := h.App.DB().Select("view").From(mail.Collection).Where(dbx.HashExp{"kind": mail.KindFreightQuoted}).Row(&view); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(view, got.InvoiceNumber) || !strings.Contains(view, "Due date") || got.InvoiceNumber == "" {
					t.Fatalf("the invoice quote's e-mail lacks the invoice or its due date: %.600s", view)
				}
			}
			wantInvoices := 0
			if method == shop.MethodInvoice {
				wantInvoices = 1
			}
			if n := countWhere(t, h, shop.OrdersCollection, dbx.HashExp{"id": o.ID}); n != 1 {
				t.Fatal("order gone")
			}
			var invoiced int
			if err := h.App.DB().Select("COUNT(*)").From(shop.OrdersCollection).
				Where(dbx.NewExp("invoiceNumber != ''")).Row(&invoiced); err != nil {
				t.Fatal(err)
			}
			if invoiced != wantInvoices {
				t.Fatalf("%d invoiced orders, want %d", invoiced, wantInvoices)
			}
		})
	}
}

// Shoppers place orders at the total they reviewed while the owner raises
// the shipping band in the same instant: each order is either placed at
// the total it was reviewed with (shipping, tax and total of the old
// settings, adding up) or refused with 409 total_changed carrying the new
// total; never an order at a total nobody saw. Once the save has
// answered, the old total is refused every time.
func TestCheckoutRacingAShippingChange(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	saveZones(t, h, admin)
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 10, "Texas sales tax")
	testapp.SetTaxSettings(t, h.App, false, true)
	amp := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 100})
	setWeight(t, h, admin, amp.Id, 2.5, false)
	const shoppers = 8
	users := make([]testapp.User, shoppers+1) // the last one checks out after the save

	for i := range users {
		users[i] = testapp.NewUser(t, h.App, false)
		addLine(t, c, users[i].Token, amp.Id, 3) // 7.5 kg: $300 + $24.99, taxed 10 %: $357.49
	}
	const oldTotal, newTotal = 357.49, 359.69 // the band raised to $26.99
	changed := zonesBody()
	changed["zones"].([]any)[0].(map[string]any)["methods"].([]any)[0].(map[string]any)["rates"].([]any)[1].(map[string]any)["amount"] = 26.99
	body := func() map[string]any {
		b := texasBody("standard")
		b["expectedTotal"] = oldTotal
		return b
	}
	answers := raceAll(shoppers+1, func(i int) testapp.Response {
		if i == shoppers { // the owner
			return c.Do("PUT", "/api/admin/shipping", changed, testapp.Auth(admin.Token)...)
		}
		return c.Do("POST", "/api/checkout/create-order", body(), testapp.Auth(users[i].Token)...)
	})
	if answers[shoppers].Status != http.StatusOK {
		t.Fatalf("settings save: %d %s", answers[shoppers].Status, answers[shoppers].Body)
	}
	placed := 0
	for i, a := range answers[:shoppers] {
		switch a.Status {
		case http.StatusCreated:
			var o taxedOrderJSON
			a.JSON(t, &o)
			if o.ShippingAmount != 24.99 || o.TaxAmount != 32.5 || o.TotalAmount != oldTotal {
				t.Fatalf("shopper %d placed at a total not reviewed: %s", i, a.Body)
			}
			placed++
		case http.StatusConflict:
			var e conflictJSON
			a.JSON(t, &e)
			if e.Code != "total_changed" || e.Total != newTotal {
				t.Fatalf("shopper %d: %s", i, a.Body)
			}
		default:
			t.Fatalf("shopper %d: %d %s", i, a.Status, a.Body)
		}
	}
	t.Logf("%d of %d placed before the change", placed, shoppers)
	if n := testapp.Count(t, h.App, "orders"); n != placed {
		t.Fatalf("%d orders stored, %d answered 201", n, placed)
	}
	// Every stored order adds up, to the cent.
	var bad int
	err := h.App.DB().Select("COUNT(*)").From(shop.OrdersCollection).
		Where(dbx.NewExp("totalCents != subtotalCents + shippingCents + taxCents OR shippingCents != 2499")).Row(&bad)
	if err != nil || bad != 0 {
		t.Fatalf("%d orders do not add up (%v)", bad, err)
	}
	for _, u := range users {
		var cart struct {
			Items []any `json:"items"`
		}
		c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...).JSON(t, &cart)
		if len(cart.Items) == 0 {
			continue // this shopper's order was placed
		}
		expectErr(t, c.Do("POST", "/api/checkout/create-order", body(), testapp.Auth(u.Token)...), http.StatusConflict, "total_changed")
	}
}

// Shoppers place orders at the total they reviewed while an admin raises
// the tax rate of their state (Settings' tax-rate endpoint) in the same
// instant: each order is placed at the reviewed total, taxed at the old
// rate and adding up, or refused with 409 total_changed carrying the total
// at the new rate; never an order at a total nobody saw, nor one mixing
// the two rates. Once the save has answered, the old total is refused
// every time.
func TestCheckoutRacingATaxRateChange(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	rate := testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 10, "Texas sales tax")
	testapp.SetTaxSettings(t, h.App, false, true)
	amp := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 100})
	const shoppers = 8
	users := make([]testapp.User, shoppers+1) // the last one checks out after the save
	// $300 + $9.99 standard shipping, taxed at 10 %: $30.999 -> $31.00;
	// at 12.5 %: $38.74875 -> $38.75.
	const oldTotal, newTotal = 340.99, 348.74
	for i := range users {
		users[i] = testapp.NewUser(t, h.App, false)
		addLine(t, c, users[i].Token, amp.Id, 3)
		// The review: the cart's estimate for the address and method.
		var est estimateJSON
		r := c.Do("GET", "/api/cart?country=US&state=TX&shippingMethod=standard", nil, testapp.Auth(users[i].Token)...)
		if r.JSON(t, &est); est.TaxEstimate == nil || est.TaxEstimate.TotalAmount != oldTotal {
			t.Fatalf("review %d %s", r.Status, r.Body)
		}
	}
	body := func() map[string]any {
		b := texasBody("standard")
		b["expectedTotal"] = oldTotal
		return b
	}
	raised := map[string]any{"country": "US", "region": "TX", "taxClass": tax.Standard, "rate": 12.5, "name": "Texas sales tax"}
	answers := raceAll(shoppers+1, func(i int) testapp.Response {
		if i == shoppers { // the admin
			return c.Do("PUT", "/api/admin/tax-rates/"+rate.Id, raised, testapp.Auth(admin.Token)...)
		}
		return c.Do("POST", "/api/checkout/create-order", body(), testapp.Auth(users[i].Token)...)
	})
	if answers[shoppers].Status != http.StatusOK {
		t.Fatalf("rate save: %d %s", answers[shoppers].Status, answers[shoppers].Body)
	}
	placed := 0
	for i, a := range answers[:shoppers] {
		switch a.Status {
		case http.StatusCreated:
			var o taxedOrderJSON
			a.JSON(t, &o)
			if o.ShippingAmount != 9.99 || o.TaxAmount != 31 || o.TotalAmount != oldTotal ||
				len(o.TaxLines) != 1 || o.TaxLines[0].Rate != 10 || o.TaxLines[0].Amount != 31 {
				t.Fatalf("shopper %d placed at a total not reviewed: %s", i, a.Body)
			}
			placed++
		case http.StatusConflict:
			var e conflictJSON
			a.JSON(t, &e)
			if e.Code != "total_changed" || e.Total != newTotal {
				t.Fatalf("shopper %d: %s", i, a.Body)
			}
		default:
			t.Fatalf("shopper %d: %d %s", i, a.Status, a.Body)
		}
	}
	t.Logf("%d of %d placed before the change", placed, shoppers)
	if n := testapp.Count(t, h.App, "orders"); n != placed {
		t.Fatalf("%d orders stored, %d answered 201", n, placed)
	}
	// Every stored order adds up to the cent, its lines at the old rate.
	var bad int
	err := h.App.DB().Select("COUNT(*)").From(shop.OrdersCollection + " o").
		Where(dbx.NewExp(`o.totalCents != o.subtotalCents + o.shippingCents + o.taxCents OR o.taxCents != 3100
			OR EXISTS (SELECT 1 FROM order_items i WHERE i.orderRef = o.id AND (i.taxRate != 10 OR i.taxCents != 3000))`)).Row(&bad)
	if err != nil || bad != 0 {
		t.Fatalf("%d orders do not add up or mix rates (%v)", bad, err)
	}
	for _, u := range users {
		var cart struct {
			Items []any `json:"items"`
		}
		c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...).JSON(t, &cart)
		if len(cart.Items) == 0 {
			continue // this shopper's order was placed
		}
		r := c.Do("POST", "/api/checkout/create-order", body(), testapp.Auth(u.Token)...)
		expectErr(t, r, http.StatusConflict, "total_changed")
		var e conflictJSON
		if r.JSON(t, &e); e.Total != newTotal {
			t.Fatalf("after the save: %s", r.Body)
		}
	}
}
