package promo_test

import (
	"math/rand/v2"
	"testing"

	"stageshop/shop/promo"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// taxOf computes the tax of the discounted lines with the shop's one tax
// computation: 19 % standard in DE, prices as given.
func taxOf(in promo.Input, res promo.Result, inclusive bool) tax.Taxed {
	rate, _ := tax.RateFromPercent(19)
	rules := tax.Rules{Table: tax.NewTable([]tax.RateEntry{{Country: "DE", Class: "standard", Rate: rate, Name: "MwSt"}}), PricesIncludeTax: inclusive}
	req := tax.Request{Country: "DE"}
	for _, a := range res.LinesLeft(in) {
		req.Lines = append(req.Lines, tax.Item{Class: "standard", Amount: wire.Amount(a)})
	}
	return tax.Compute(rules, req)
}

// Medusa #12226 at the tax: a fixed €19 off the order on a €119 line with
// tax-inclusive prices. The discount comes off the gross amount as priced,
// and tax is the part inside what is left: €100 gross, €15.97 tax, €84.03
// net (one rounding rule, per line, half away from zero); stacked beyond
// the line, the taxable base is 0, never negative.
func TestMedusa12226TaxIsOnTheDiscountedGross(t *testing.T) {
	in := promo.Input{Now: now, Lines: []promo.Line{{ProductID: "a", Amount: 11900, Quantity: 1}}}
	off19 := &promo.Rule{ID: "f", Code: "MINUS19", Kind: promo.Fixed, Value: 1900, Target: promo.TargetOrder, IsActive: true}
	taxed := taxOf(in, promo.Apply(in, []*promo.Rule{off19}), true)
	if taxed.Total != 10000 || taxed.Tax != 1597 || taxed.Lines[0].Base != 8403 {
		t.Fatalf("total %d tax %d base %d, want 10000, 1597, 8403", taxed.Total, taxed.Tax, taxed.Lines[0].Base)
	}
	all := &promo.Rule{ID: "g", Automatic: true, Kind: promo.Fixed, Value: 20000, Target: promo.TargetOrder, IsActive: true, Combinable: true}
	off19.Combinable = true
	taxed = taxOf(in, promo.Apply(in, []*promo.Rule{off19, all}), true)
	if taxed.Total != 0 || taxed.Tax != 0 || taxed.Lines[0].Base != 0 {
		t.Fatalf("stacked beyond the line: total %d tax %d base %d", taxed.Total, taxed.Tax, taxed.Lines[0].Base)
	}
}

// With tax-exclusive prices each line is taxed on its amount less its
// share: 10 % off $100.01 and $33.33 is taxed on $90.01 and $30.00.
func TestTaxIsOnEachDiscountedLine(t *testing.T) {
	in := promo.Input{Now: now, Lines: []promo.Line{{ProductID: "a", Amount: 10001, Quantity: 1}, {ProductID: "b", Amount: 3333, Quantity: 3}}}
	ten := &promo.Rule{ID: "p", Automatic: true, Kind: promo.Percentage, Value: 1000, Target: promo.TargetOrder, IsActive: true, Combinable: true}
	res := promo.Apply(in, []*promo.Rule{ten})
	taxed := taxOf(in, res, false)
	if res.Amount != 1333 || taxed.Subtotal != 12001 || taxed.Lines[0].Base+taxed.Lines[1].Base != 12001 {
		t.Fatalf("discount %d, taxed subtotal %d", res.Amount, taxed.Subtotal)
	}
	if want := taxed.Lines[0].Tax + taxed.Lines[1].Tax; taxed.Tax != want {
		t.Fatalf("tax %d, lines' %d", taxed.Tax, want)
	}
}

// TestPropertyTaxIsOnTheDiscountedAmounts runs 5,000 random carts and
// promotion sets through Apply and the shop's tax computation at 19 %:
// with exclusive prices each line is taxed on its amount less its share
// (never on the undiscounted amount), the tax is 19 % of what is left to
// within each line's rounding, and with inclusive prices each line's base
// and tax add up to what is left; nothing is ever below zero.
func TestPropertyTaxIsOnTheDiscountedAmounts(t *testing.T) {
	r := rand.New(rand.NewPCG(12226, 45))
	for range 5000 {
		in, rules := promo.RandomCase(r)
		res := promo.Apply(in, rules)
		left := make([]int64, len(in.Lines)) // each line less its share, computed here
		for i, l := range in.Lines {
			left[i] = max(l.Amount, 0) - res.Lines[i]
		}
		excl, incl := taxOf(in, res, false), taxOf(in, res, true)
		var sum, lineTax int64
		for i, a := range left {
			if a < 0 || excl.Lines[i].Base != wire.Amount(a) || excl.Lines[i].Tax < 0 {
				t.Fatalf("line %d: left %d, taxed on %d (tax %d)", i, a, excl.Lines[i].Base, excl.Lines[i].Tax)
			}
			if incl.Lines[i].Base+incl.Lines[i].Tax != wire.Amount(a) || incl.Lines[i].Base < 0 {
				t.Fatalf("inclusive line %d: base %d + tax %d, left %d", i, incl.Lines[i].Base, incl.Lines[i].Tax, a)
			}
			sum += a
			lineTax += int64(excl.Lines[i].Tax)
		}
		if int64(excl.Tax) != lineTax || excl.Total < 0 || incl.Total != wire.Amount(sum) {
			t.Fatalf("tax %d, lines' %d, totals %d / %d", excl.Tax, lineTax, excl.Total, incl.Total)
		}
		if d := int64(excl.Tax)*100 - 19*sum; d > 50*int64(len(left)) || d < -50*int64(len(left)) {
			t.Fatalf("tax %d on %d discounted cents is not 19 %%", excl.Tax, sum)
		}
	}
}
