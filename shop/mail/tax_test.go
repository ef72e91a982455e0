package mail

import (
	"strings"
	"testing"

	"stageshop/shop/wire"
)

// An order e-mail writes a tax rate with the reader's decimal mark, as the
// prices beside it: "6,25" in Russian, "6.25" in English.
func TestTaxRateInTheReadersFormat(t *testing.T) {
	line := wire.TaxLine{Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}
	for lang, want := range map[string]string{"en": "6.25", "ru": "6,25", "zh": "6.25"} {
		o := Order{TaxRows: wire.TaxRows([]wire.TaxLine{line}, false, false, 188)}
		before, _ := taxTotals(lang, o)
		if len(before) != 1 || !strings.Contains(before[0].Label, want+"%") {
			t.Errorf("%s: %+v, want the rate written %s%%", lang, before, want)
		}
		o.TaxRows = wire.TaxRows([]wire.TaxLine{line}, true, false, 188)
		if _, after := taxTotals(lang, o); len(after) != 1 || !strings.Contains(after[0].Label, want+"%") {
			t.Errorf("%s inclusive: %+v", lang, after)
		}
	}
}

// The e-mail's tax rows are the order's list, each kind in the e-mail's
// words: an exempt customer's one row, a zero tax, each rate before the
// total, the tax inside it after the total.
func TestTaxTotalsFollowTheOrdersRows(t *testing.T) {
	vat := wire.TaxLine{Name: "VAT", Rate: 19000, Base: 840, Amount: 160}
	for _, c := range []struct {
		name          string
		rows          []wire.TaxRow
		before, after string
	}{
		{"exempt", wire.TaxRows(nil, false, true, 0), "Tax: Tax exempt", ""},
		{"nothing taxed", wire.TaxRows(nil, true, false, 0), "Tax: $0.00", ""},
		{"exclusive", wire.TaxRows([]wire.TaxLine{vat}, false, false, 160), "VAT (19%): $1.60", ""},
		{"inclusive", wire.TaxRows([]wire.TaxLine{vat}, true, false, 160), "", "Incl. VAT (19%): $1.60"},
	} {
		before, after := taxTotals("en", Order{TaxRows: c.rows})
		if got := joinTotals(before); got != c.before {
			t.Errorf("%s: before the total %q, want %q", c.name, got, c.before)
		}
		if got := joinTotals(after); got != c.after {
			t.Errorf("%s: after the total %q, want %q", c.name, got, c.after)
		}
	}
}

func joinTotals(ts []total) string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.Label+": "+t.Value)
	}
	return strings.Join(out, "; ")
}
