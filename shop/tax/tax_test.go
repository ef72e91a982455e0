package tax_test

import (
	"testing"

	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// rulesOf builds tax rules from rates given as (country, region, class,
// percent, name).
func rulesOf(t *testing.T, inclusive, taxShipping bool, rates ...tax.RateEntry) tax.Rules {
	t.Helper()
	return tax.Rules{Table: tax.NewTable(rates), PricesIncludeTax: inclusive, TaxShipping: taxShipping}
}

func rate(t *testing.T, country, region, class string, percent float64, name string) tax.RateEntry {
	t.Helper()
	r, ok := tax.RateFromPercent(percent)
	if !ok {
		t.Fatalf("rate %v", percent)
	}
	return tax.RateEntry{Country: country, Region: region, Class: class, Rate: r, Name: name}
}

// The most specific rate wins: a state's over its country's; the class
// must match; US, USA and United States are one country and Texas is TX;
// an address no rate matches pays no tax.
func TestTaxRateMatching(t *testing.T) {
	table := tax.NewTable([]tax.RateEntry{
		rate(t, "US", "", tax.Standard, 1, "US federal (test)"),
		rate(t, "United States", "TX", tax.Standard, 6.25, "Texas sales tax"),
		rate(t, "USA", "CA", tax.Standard, 7.25, "California sales tax"),
		rate(t, "Germany", "", tax.Standard, 19, "MwSt. 19 %"),
		rate(t, "DE", "", tax.Reduced, 7, "MwSt. 7 %"),
	})
	cases := []struct {
		country, region, class string
		want                   string // rate name, "" for no match
	}{
		{"US", "TX", tax.Standard, "Texas sales tax"},
		{"usa", "Texas", tax.Standard, "Texas sales tax"},
		{" United  States ", "tx", "", "Texas sales tax"}, // no class: standard
		{"United States of America", "CA", tax.Standard, "California sales tax"},
		{"US", "NY", tax.Standard, "US federal (test)"}, // no state rate: the country's
		{"US", "", tax.Standard, "US federal (test)"},
		{"US", "TX", tax.Reduced, ""}, // no reduced rate in the US
		{"US", "TX", tax.Zero, ""},
		{"Deutschland", "", tax.Standard, "MwSt. 19 %"},
		{"germany", "Bayern", tax.Reduced, "MwSt. 7 %"},
		{"France", "", tax.Standard, ""}, // no rate for the country
		{"", "TX", tax.Standard, ""},
	}
	for _, c := range cases {
		got, ok := table.Match(c.country, c.region, c.class)
		if c.want == "" {
			if ok {
				t.Errorf("%q/%q/%q: matched %q, want no match", c.country, c.region, c.class, got.Name)
			}
			continue
		}
		if !ok || got.Name != c.want {
			t.Errorf("%q/%q/%q: got %q (%v), want %q", c.country, c.region, c.class, got.Name, ok, c.want)
		}
	}
}

// Tax is per line in cents, half away from zero, in integers: the edges
// where a float would round the wrong way.
func TestTaxRoundingAtHalfCents(t *testing.T) {
	cases := []struct {
		percent   float64
		amount    wire.Amount
		inclusive bool
		want      wire.Amount
	}{
		{6.25, 1000, false, 63},  // 62.5 -> 63
		{6.25, 200, false, 13},   // 12.5 -> 13
		{6.25, 199, false, 12},   // 12.4375 -> 12
		{8.25, 1999, false, 165}, // 164.9175
		{7.25, 1, false, 0},      // 0.0725
		{7.25, 7, false, 1},      // 0.5075 -> 1
		{5, 10, false, 1},        // 0.5 -> 1
		{5, 9, false, 0},         // 0.45 -> 0
		{8.875, 4000, false, 355},
		{8.875, 40, false, 4},     // 3.55
		{0.125, 400, false, 1},    // 0.5 -> 1
		{0.125, 399, false, 0},    // 0.49875 -> 0
		{6.25, -1000, false, -63}, // away from zero: -62.5 -> -63
		{19, 1190, true, 190},     // 1190 / 1.19 = 1000 net
		{19, 1000, true, 160},     // 159.66
		{20, 15, true, 3},         // 2.5 -> 3, net 12
		{20, 9, true, 2},          // 1.5 -> 2
		{20, 3, true, 1},          // 0.5 -> 1
		{100, 1, true, 1},         // 0.5 -> 1
		{7, 107, true, 7},         // exact
		{20, -15, true, -3},       // away from zero
		{6.25, 100_000_000_000_000, false, 6_250_000_000_000}, // a million units at the highest price
	}
	for _, c := range cases {
		rules := rulesOf(t, c.inclusive, false, rate(t, "US", "", tax.Standard, c.percent, "Tax"))
		got := tax.Compute(rules, tax.Request{Country: "US", Lines: []tax.Item{{Amount: c.amount}}})
		if got.Tax != c.want || got.Lines[0].Tax != c.want {
			t.Errorf("%v%% of %d (inclusive %v): tax %d, want %d", c.percent, c.amount, c.inclusive, got.Tax, c.want)
		}
	}
}

// Each line is rounded on its own and the order's tax is their sum: three
// lines of 62.5 cents of tax each are 63 + 63 + 63, not round(187.5).
func TestTaxRoundedPerLine(t *testing.T) {
	rules := rulesOf(t, false, false, rate(t, "US", "TX", tax.Standard, 6.25, "Texas sales tax"))
	lines := []tax.Item{{Amount: 1000}, {Amount: 1000}, {Amount: 1000}}
	got := tax.Compute(rules, tax.Request{Country: "US", Region: "TX", Lines: lines})
	if got.Tax != 189 || len(got.TaxLines) != 1 || got.TaxLines[0].Amount != 189 || got.TaxLines[0].Base != 3000 {
		t.Fatalf("taxed %+v", got)
	}
}

// Exclusive prices add the tax on top; inclusive ones hold it: the same
// rate on a net price and on that price with its tax gives the same tax.
func TestTaxInclusiveAndExclusive(t *testing.T) {
	de := []tax.RateEntry{
		rate(t, "DE", "", tax.Standard, 19, "MwSt. 19 %"),
		rate(t, "DE", "", tax.Reduced, 7, "MwSt. 7 %"),
	}
	req := tax.Request{Country: "Germany", Shipping: 999, Lines: []tax.Item{
		{Class: tax.Standard, Amount: 10000}, {Class: tax.Reduced, Amount: 2000}, {Class: tax.Zero, Amount: 500},
	}}
	ex := tax.Compute(rulesOf(t, false, true, de...), req)
	// 19 % of 100.00 + 19 % of 9.99 shipping (189.81 cents -> 190) + 7 % of 20.00; zero class: none.
	if ex.Subtotal != 12500 || ex.Tax != 1900+190+140 || ex.Total != 12500+999+2230 {
		t.Fatalf("exclusive %+v", ex)
	}
	if len(ex.TaxLines) != 2 || ex.TaxLines[0] != (tax.Line{Name: "MwSt. 19 %", Rate: 19000, Base: 10999, Amount: 2090}) ||
		ex.TaxLines[1] != (tax.Line{Name: "MwSt. 7 %", Rate: 7000, Base: 2000, Amount: 140}) {
		t.Fatalf("exclusive tax lines %+v", ex.TaxLines)
	}
	// The same goods priced with their tax included.
	gross := tax.Request{Country: "DE", Shipping: 999 + 190, Lines: []tax.Item{
		{Class: tax.Standard, Amount: 11900}, {Class: tax.Reduced, Amount: 2140}, {Class: tax.Zero, Amount: 500},
	}}
	in := tax.Compute(rulesOf(t, true, true, de...), gross)
	if in.Tax != ex.Tax || in.Total != ex.Total || in.Total != in.Subtotal+in.Shipping {
		t.Fatalf("inclusive %+v, exclusive %+v", in, ex)
	}
	for i := range in.TaxLines {
		if in.TaxLines[i] != ex.TaxLines[i] {
			t.Fatalf("inclusive tax line %+v, exclusive %+v", in.TaxLines[i], ex.TaxLines[i])
		}
	}
	// Shipping untaxed when the shop says so.
	if noShip := tax.Compute(rulesOf(t, false, false, de...), req); noShip.Tax != 1900+140 || noShip.ShippingTax.Tax != 0 {
		t.Fatalf("untaxed shipping %+v", noShip)
	}
}

// A tax-exempt customer pays no tax, and the answer says so.
func TestTaxExemptComputation(t *testing.T) {
	rules := rulesOf(t, false, true, rate(t, "US", "TX", tax.Standard, 6.25, "Texas sales tax"))
	got := tax.Compute(rules, tax.Request{Country: "US", Region: "TX", Exempt: true, Shipping: 999,
		Lines: []tax.Item{{Amount: 10000}}})
	if got.Tax != 0 || len(got.TaxLines) != 0 || got.Total != 10999 || !got.Exempt {
		t.Fatalf("exempt %+v", got)
	}
}

// Rates read from the dashboard's numbers: at most three decimals, 0-100.
func TestRateFromPercent(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want tax.Rate
		ok   bool
	}{{6.25, 6250, true}, {7.125, 7125, true}, {0.001, 1, true}, {19, 19000, true}, {100, 100000, true}, {0, 0, true},
		{8.875, 8875, true}, {6.2501, 0, false}, {-1, 0, false}, {100.001, 0, false}} {
		got, ok := tax.RateFromPercent(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("%v: %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if s := tax.Rate(7125).String(); s != "7.125" {
		t.Errorf("7.125 %% written as %s", s)
	}
	if s := tax.Rate(19000).String(); s != "19" {
		t.Errorf("19 %% written as %s", s)
	}
	if s := tax.Rate(6250).String(); s != "6.25" {
		t.Errorf("6.25 %% written as %s", s)
	}
}
