package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/mail"
	"stageshop/shop/tax"
)

// The tax rows of an order are one list the server builds (taxRows): the
// order answer carries it, and the confirmation e-mail and the invoice show
// the same rows, each in its own words. Before, each built its own: with
// tax-inclusive prices and no rate that applied, the invoice showed "Tax
// $0.00" and the app and the e-mail showed no tax row at all.
func TestTaxRowsAreOneListInAnswerEmailAndInvoice(t *testing.T) {
	for _, c := range []struct {
		name          string
		inclusive     bool
		exempt        bool
		country       string
		kind          string
		email         string // the e-mail's row, as its text says it
		invoice       string // the invoice's row
		inclEmailSide bool   // the row comes after the total
	}{
		{"a rate before the total", false, false, "US", "line", "Texas sales tax (6.25%): $1.88", "Texas sales tax 6.25% on $30.00</th><td class=\"num\">$1.88", false},
		{"the tax inside the total", true, false, "US", "included", "Incl. Texas sales tax (6.25%): $1.76", "Incl. Texas sales tax 6.25% on $28.24</th><td class=\"num\">$1.76", true},
		{"nothing taxed, inclusive prices", true, false, "GB", "none", "Tax: $0.00", "<th>Tax</th><td class=\"num\">$0.00", false},
		{"an exempt customer", false, true, "US", "exempt", "Tax: Tax exempt", "<th>Tax</th><td class=\"num\">$0.00", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newOrderShop(t, testapp.Product{Name: "Wireless Mic", PriceCents: 1000, Stock: 10})
			testapp.NewTaxRate(t, s.h.App, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
			testapp.SetTaxSettings(t, s.h.App, c.inclusive, false)
			testapp.SetTaxExempt(t, s.h.App, s.user.ID(), c.exempt)
			body := texasBody("standard")
			if c.country == "GB" {
				body = orderBody()
			}
			o := taxRowsOrder(t, s, body)
			if len(o.TaxRows) != 1 || o.TaxRows[0].Kind != c.kind {
				t.Fatalf("answer's tax rows %+v, want one %q", o.TaxRows, c.kind)
			}
			text := placedEmail(t, s)
			total := strings.Index(text, "Total: ")
			at := strings.Index(text, c.email)
			if at < 0 || total < 0 || (at > total) != c.inclEmailSide || strings.Count(text, "Tax") > 2 {
				t.Errorf("e-mail's totals lack %q where they should:\n%s", c.email, text)
			}
			page := paidInvoice(t, s, o.ID, o.TotalAmount)
			if !strings.Contains(page, c.invoice) || strings.Count(page, `class="tax-row"`) != 1 {
				t.Errorf("invoice lacks the one row %q:\n%s", c.invoice, page)
			}
		})
	}
}

// taxRowsOrderJSON is an order answer with its tax rows.
type taxRowsOrderJSON struct {
	ID          string  `json:"id"`
	TotalAmount float64 `json:"totalAmount"`
	TaxRows     []struct {
		Kind   string  `json:"kind"`
		Amount float64 `json:"amount"`
	} `json:"taxRows"`
}

func taxRowsOrder(t *testing.T, s orderShop, body map[string]any) taxRowsOrderJSON {
	t.Helper()
	addLine(t, s.c, s.user.Token, s.product.Id, 3)
	var o taxRowsOrderJSON
	wantStatus(t, s.c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(s.user.Token)...), http.StatusCreated, &o)
	var read taxRowsOrderJSON
	s.c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(s.user.Token)...).JSON(t, &read)
	if fmt.Sprint(read.TaxRows) != fmt.Sprint(o.TaxRows) {
		t.Fatalf("read back %+v, placed %+v", read.TaxRows, o.TaxRows)
	}
	return o
}

// placedEmail is the text of the customer's order confirmation.
func placedEmail(t *testing.T, s orderShop) string {
	t.Helper()
	for _, m := range testapp.Deliver(t, s.h.App) {
		if strings.Contains(m.Subject, "Order") && m.To[0].Address == s.user.Record.Email() {
			return m.Text
		}
	}
	n, _ := s.h.App.CountRecords(mail.Collection)
	t.Fatalf("no confirmation among %d e-mails", n)
	return ""
}

// paidInvoice records the order's payment (which gives it its invoice) and
// returns the invoice page.
func paidInvoice(t *testing.T, s orderShop, id string, total float64) string {
	t.Helper()
	wantStatus(t, s.c.Do("POST", "/api/checkout/admin/orders/"+id+"/payments", map[string]any{"amount": total}, testapp.Auth(s.admin.Token)...), http.StatusCreated, nil)
	r := s.c.Do("GET", "/api/checkout/orders/"+id+"/invoice", nil, testapp.Auth(s.user.Token)...)
	if r.Status != http.StatusOK {
		t.Fatalf("invoice: %d %s", r.Status, r.Body)
	}
	return string(r.Body)
}
