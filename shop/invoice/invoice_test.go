package invoice

import (
	"strings"
	"testing"
	"time"
)

func TestMoneyAndDates(t *testing.T) {
	for cents, want := range map[int64]string{0: "$0.00", 5: "$0.05", 129990: "$1,299.90", -188: "-$1.88", 100_000_000_00: "$100,000,000.00"} {
		if got := Money(cents); got != want {
			t.Errorf("Money(%d) = %s, want %s", cents, got, want)
		}
	}
	d := time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC)
	for lang, want := range map[string]string{"en": "November 26, 2026", "ru": "26 ноября 2026 г.", "zh": "2026年11月26日", "fr": "November 26, 2026"} {
		if got := Date(lang, d); got != want {
			t.Errorf("%s: %s, want %s", lang, got, want)
		}
	}
}

// The totals say the tax the way the prices were given: each rate before
// the total with prices before tax, "Incl." after it with inclusive ones,
// and an exempt customer's invoice says why there is none.
func TestRenderTaxRows(t *testing.T) {
	inv := Invoice{Lang: "en", Number: "INV-2026-000001", Subtotal: 3000, Shipping: 999, Tax: 188, Total: 4187,
		TaxLines: []TaxLine{{Name: "Texas sales tax", Rate: "6.25", Base: 3000, Amount: 188}}, PaymentState: "paid",
		Lines: []Line{{Name: "Mic <b>", Quantity: 3, UnitPrice: 1000, Total: 3000, Rate: "6.25", Tax: 188}}}
	page := render(t, inv)
	before, _, _ := strings.Cut(page, `data-testid="invoice-total"`)
	if !strings.Contains(before, "Texas sales tax 6.25% on $30.00") || !strings.Contains(page, "Mic &lt;b&gt;") || !strings.Contains(page, ">Paid<") {
		t.Fatalf("exclusive invoice:\n%s", page)
	}
	inv.PricesIncludeTax = true
	page = render(t, inv)
	_, after, _ := strings.Cut(page, `data-testid="invoice-total"`)
	if !strings.Contains(after, "Incl. Texas sales tax 6.25% on $30.00") {
		t.Fatalf("inclusive invoice:\n%s", page)
	}
	inv.TaxLines, inv.TaxExempt, inv.Tax, inv.Lang = nil, true, 0, "zh"
	if page = render(t, inv); !strings.Contains(page, "免税") || strings.Contains(page, "<script>") {
		t.Fatalf("exempt invoice:\n%s", page)
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
