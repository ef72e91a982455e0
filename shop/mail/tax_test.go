package mail

import (
	"strings"
	"testing"
)

// An order e-mail writes a tax rate with the reader's decimal mark, as the
// prices beside it: "6,25" in Russian, "6.25" in English.
func TestTaxRateInTheReadersFormat(t *testing.T) {
	o := Order{Tax: 188, TaxLines: []TaxLine{{Name: "Texas sales tax", Rate: "6.25", Amount: 188}}}
	for lang, want := range map[string]string{"en": "6.25", "ru": "6,25", "zh": "6.25"} {
		before, _ := taxTotals(lang, o)
		if len(before) != 1 || !strings.Contains(before[0].Label, want+"%") {
			t.Errorf("%s: %+v, want the rate written %s%%", lang, before, want)
		}
		o.PricesIncludeTax = true
		if _, after := taxTotals(lang, o); len(after) != 1 || !strings.Contains(after[0].Label, want+"%") {
			t.Errorf("%s inclusive: %+v", lang, after)
		}
		o.PricesIncludeTax = false
	}
}
