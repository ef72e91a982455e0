package invoice

import (
	"strings"
	"testing"
	"time"

	"stageshop/shop/wire"
)

// The totals say the tax the way the prices were given: each rate before
// the total with prices before tax, "Incl." after it with inclusive ones,
// and an exempt customer's invoice says why there is none.
func TestRenderTaxRows(t *testing.T) {
	texas := []wire.TaxLine{{Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}}
	inv := Invoice{Lang: "en", Number: "INV-2026-000001", Subtotal: 3000, Shipping: 999, Total: 4187,
		Taxes: wire.TaxRows(texas, false, false, 188), PaymentState: "paid",
		Lines: []Line{{Name: "Mic <b>", Quantity: 3, UnitPrice: 1000, Total: 3000, Rate: "6.25", Tax: 188}}}
	page := render(t, inv)
	before, _, _ := strings.Cut(page, `data-testid="invoice-total"`)
	if !strings.Contains(before, "Texas sales tax 6.25% on $30.00") || !strings.Contains(page, "Mic &lt;b&gt;") || !strings.Contains(page, ">Paid<") {
		t.Fatalf("exclusive invoice:\n%s", page)
	}
	inv.Taxes = wire.TaxRows(texas, true, false, 188)
	page = render(t, inv)
	_, after, _ := strings.Cut(page, `data-testid="invoice-total"`)
	if !strings.Contains(after, "Incl. Texas sales tax 6.25% on $30.00") {
		t.Fatalf("inclusive invoice:\n%s", page)
	}
	inv.Taxes, inv.TaxExempt, inv.Lang = wire.TaxRows(nil, false, true, 0), true, "zh"
	if page = render(t, inv); !strings.Contains(page, "免税") || !strings.Contains(page, "<th>税费</th><td class=\"num\">US$0.00</td>") || strings.Contains(page, "<script>") {
		t.Fatalf("exempt invoice:\n%s", page)
	}
}

// Every price of the invoice is written as its reader writes prices (the
// app's and the e-mails' one table): lines, tax, totals and credit notes.
func TestPricesInTheReadersFormat(t *testing.T) {
	inv := Invoice{Number: "INV-2026-000001", Subtotal: 129990, Shipping: 999, Total: 139113,
		Taxes:       wire.TaxRows([]wire.TaxLine{{Name: "Texas sales tax", Rate: 6250, Base: 129990, Amount: 8124}}, false, false, 8124),
		Lines:       []Line{{Name: "Moving Head", Quantity: 1, UnitPrice: 129990, Total: 129990, Rate: "6.25", Tax: 8124}},
		CreditNotes: []CreditNote{{Number: "CN-2026-000001", Amount: 5000, Tax: 292}}}
	for lang, want := range map[string][]string{
		"en": {"$1,299.90", "$9.99", "$81.24", "$1,391.13", "-$50.00", "-$2.92"},
		"ru": {"1\u00a0299,90\u00a0$", "9,99\u00a0$", "81,24\u00a0$", "1\u00a0391,13\u00a0$", "-50,00\u00a0$", "-2,92\u00a0$"},
		"zh": {"US$1,299.90", "US$9.99", "US$81.24", "US$1,391.13", "-US$50.00", "-US$2.92"},
	} {
		inv.Lang = lang
		page := render(t, inv)
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s invoice lacks %q", lang, w)
			}
		}
		if lang == "ru" && strings.Contains(page, "$1,299.90") {
			t.Errorf("%s invoice writes an English price", lang)
		}
	}
}

// A rate is written with the reader's decimal mark, as the prices beside it.
func TestRatesInTheReadersFormat(t *testing.T) {
	inv := Invoice{Lang: "ru", Number: "INV-2026-000001", Subtotal: 3000, Total: 3188, ShippingRate: "6.25",
		Taxes: wire.TaxRows([]wire.TaxLine{{Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}}, false, false, 188),
		Lines: []Line{{Name: "Mic", Quantity: 3, UnitPrice: 1000, Total: 3000, Rate: "6.25", Tax: 188}}}
	page := render(t, inv)
	if strings.Count(page, "6,25%") != 3 || strings.Contains(page, "6.25") {
		t.Fatalf("Russian invoice writes rates as 6.25:\n%s", page)
	}
	inv.Lang = "en"
	if page = render(t, inv); strings.Count(page, "6.25%") != 3 {
		t.Fatalf("English invoice:\n%s", page)
	}
}

// A paid invoice says how it was paid, not that it is due: "Due on
// receipt" beside "Paid" asks for the money twice. An unpaid one keeps
// its terms.
func TestPaidInvoiceIsNotDue(t *testing.T) {
	inv := Invoice{Lang: "en", Number: "INV-2026-000001", Total: 1000, PaymentMethod: "bank_transfer", PaymentState: "paid"}
	for _, state := range []string{"paid", "partially_refunded", "refunded"} {
		inv.PaymentState = state
		if page := render(t, inv); strings.Contains(page, "Due on receipt") || !strings.Contains(page, "<p>Bank transfer</p>") {
			t.Errorf("%s invoice:\n%s", state, page)
		}
	}
	inv.PaymentMethod, inv.PaymentState, inv.DueDate = "invoice", "awaiting_payment", time.Date(2026, 12, 26, 0, 0, 0, 0, time.UTC)
	if page := render(t, inv); !strings.Contains(page, "On invoice · Due by December 26, 2026") {
		t.Errorf("unpaid invoice lost its terms:\n%s", page)
	}
}

func render(t *testing.T, inv Invoice) string {
	t.Helper()
	b, err := Render(inv)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
