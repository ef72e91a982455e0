package shop_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/money"
	"stageshop/shop/tax"
)

// fuzzPlaces are the addresses the fuzz test ships to, with and without
// rates.
var fuzzPlaces = [][2]string{{"US", "TX"}, {"USA", "California"}, {"United States", "NY"}, {"DE", ""},
	{"Germany", "Berlin"}, {"France", ""}, {"", ""}}

// fuzzCart makes a random cart, rate table and settings from seed.
func fuzzCart(seed uint64, nLines uint8) (tax.Rules, tax.Request) {
	rnd := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	classes := tax.Classes
	var rates []tax.RateEntry
	for _, p := range []struct{ country, region string }{{"US", ""}, {"US", "TX"}, {"US", "CA"}, {"DE", ""}} {
		for _, c := range classes {
			if rnd.IntN(3) > 0 {
				rates = append(rates, tax.RateEntry{Country: p.country, Region: p.region, Class: c,
					Rate: tax.Rate(rnd.Int64N(int64(tax.MaxRate) + 1)), Name: p.country + p.region + c})
			}
		}
	}
	rules := tax.Rules{Table: tax.NewTable(rates), PricesIncludeTax: rnd.IntN(2) == 0, TaxShipping: rnd.IntN(2) == 0}
	place := fuzzPlaces[rnd.IntN(len(fuzzPlaces))]
	req := tax.Request{Country: place[0], Region: place[1], Exempt: rnd.IntN(5) == 0,
		Shipping: shop.Amount(rnd.Int64N(10_000))}
	for range int(nLines%40) + 1 {
		price := rnd.Int64N(money.MaxPriceCents + 1)
		if rnd.IntN(2) == 0 {
			price = rnd.Int64N(10_000) // small prices hit half cents more often
		}
		qty := rnd.Int64N(5) + 1
		if rnd.IntN(20) == 0 {
			qty = rnd.Int64N(cart.MaxLineQuantity) + 1
		}
		req.Lines = append(req.Lines, tax.Item{Class: classes[rnd.IntN(len(classes))], Amount: shop.Amount(price * qty)})
	}
	return rules, req
}

// wantTax is a line's tax by its definition, in exact fractions: amount ×
// rate with exclusive prices, the part of amount that is tax with
// inclusive ones, rounded half away from zero.
func wantTax(amount shop.Amount, r tax.Rate, inclusive bool) shop.Amount {
	frac := new(big.Rat).SetFrac64(int64(r), 100_000)
	if inclusive {
		frac = new(big.Rat).SetFrac64(int64(r), 100_000+int64(r))
	}
	x := new(big.Rat).Mul(new(big.Rat).SetInt64(int64(amount)), frac)
	x.Add(x, big.NewRat(1, 2)) // amounts are not negative here: half up is half away from zero
	q := new(big.Int).Quo(x.Num(), x.Denom())
	return shop.Amount(q.Int64())
}

// For random carts, addresses and settings: the lines add up to the total
// exactly, each line's tax is its definition's, and the two modes agree (a
// net price taxed on top and the same price with that tax included carry
// the same tax). The seeds below run in make test; go test -fuzz
// FuzzComputeTax ./shop explores further.
func FuzzComputeTax(f *testing.F) {
	for seed := range uint64(24) {
		f.Add(seed, uint8(seed*7))
	}
	f.Add(uint64(0xdeadbeef), uint8(39))
	f.Fuzz(func(t *testing.T, seed uint64, nLines uint8) {
		rules, req := fuzzCart(seed, nLines)
		got := tax.Compute(rules, req)
		checkTaxSums(t, rules, req, got)
		checkTaxDefinitions(t, rules, req, got)
		checkModesAgree(t, rules, req)
	})
}

// checkTaxSums: lines and shipping add up to the tax, the rates' lines to
// the tax and the bases, and subtotal, shipping and tax to the total.
func checkTaxSums(t *testing.T, rules tax.Rules, req tax.Request, got tax.Taxed) {
	t.Helper()
	var subtotal, lineTax, base, perRate, perRateBase shop.Amount
	for i, l := range req.Lines {
		subtotal += l.Amount
		lineTax += got.Lines[i].Tax
		if got.Lines[i].Name != "" {
			base += got.Lines[i].Base
		}
	}
	lineTax += got.ShippingTax.Tax
	if got.ShippingTax.Name != "" {
		base += got.ShippingTax.Base
	}
	for _, tl := range got.TaxLines {
		perRate += tl.Amount
		perRateBase += tl.Base
	}
	want := subtotal + req.Shipping
	if !rules.PricesIncludeTax {
		want += got.Tax
	}
	switch {
	case got.Subtotal != subtotal || got.Shipping != req.Shipping:
		t.Fatalf("subtotal %d shipping %d, lines add up to %d and %d", got.Subtotal, got.Shipping, subtotal, req.Shipping)
	case lineTax != got.Tax || perRate != got.Tax:
		t.Fatalf("tax %d, lines add up to %d, rates to %d", got.Tax, lineTax, perRate)
	case perRateBase != base:
		t.Fatalf("rates' bases %d, taxed lines' bases %d", perRateBase, base)
	case got.Total != want:
		t.Fatalf("total %d, want %d (inclusive %v)", got.Total, want, rules.PricesIncludeTax)
	case req.Exempt && (got.Tax != 0 || len(got.TaxLines) != 0):
		t.Fatalf("exempt customer taxed %d", got.Tax)
	}
}

// checkTaxDefinitions: each line carries the rate that matches it and the
// tax its definition gives; inclusive lines split into base + tax.
func checkTaxDefinitions(t *testing.T, rules tax.Rules, req tax.Request, got tax.Taxed) {
	t.Helper()
	check := func(what string, class string, amount shop.Amount, lt tax.LineTax) {
		r, ok := rules.Table.Match(req.Country, req.Region, class)
		if !ok || req.Exempt {
			r = tax.RateEntry{}
		}
		want := wantTax(amount, r.Rate, rules.PricesIncludeTax)
		if lt.Rate != r.Rate || lt.Name != r.Name || lt.Tax != want {
			t.Fatalf("%s of %d (%s): rate %v %q tax %d, want %v %q %d", what, amount, class, lt.Rate, lt.Name, lt.Tax, r.Rate, r.Name, want)
		}
		if rules.PricesIncludeTax && lt.Base+lt.Tax != amount || !rules.PricesIncludeTax && lt.Base != amount {
			t.Fatalf("%s of %d: base %d + tax %d (inclusive %v)", what, amount, lt.Base, lt.Tax, rules.PricesIncludeTax)
		}
	}
	for i, l := range req.Lines {
		check("line", l.Class, l.Amount, got.Lines[i])
	}
	if rules.TaxShipping && req.Shipping != 0 {
		check("shipping", tax.Standard, req.Shipping, got.ShippingTax)
	} else if got.ShippingTax.Tax != 0 {
		t.Fatalf("untaxed shipping carries %d", got.ShippingTax.Tax)
	}
}

// checkModesAgree prices the request's amounts as net prices taxed on top
// and then as gross prices with that tax included: both carry the same
// tax per line and in all, the same net bases and the same total.
func checkModesAgree(t *testing.T, rules tax.Rules, req tax.Request) {
	t.Helper()
	exclusive, inclusive := rules, rules
	exclusive.PricesIncludeTax, inclusive.PricesIncludeTax = false, true
	ex := tax.Compute(exclusive, req)
	gross := req
	gross.Lines = make([]tax.Item, len(req.Lines))
	for i, l := range req.Lines {
		gross.Lines[i] = tax.Item{Class: l.Class, Amount: l.Amount + ex.Lines[i].Tax}
	}
	gross.Shipping = req.Shipping + ex.ShippingTax.Tax
	in := tax.Compute(inclusive, gross)
	for i, l := range req.Lines {
		if in.Lines[i].Tax != ex.Lines[i].Tax || in.Lines[i].Base != l.Amount {
			t.Fatalf("line %d of net %d: on top %d; included in %d: tax %d, net %d",
				i, l.Amount, ex.Lines[i].Tax, gross.Lines[i].Amount, in.Lines[i].Tax, in.Lines[i].Base)
		}
	}
	if in.Tax != ex.Tax || in.Total != ex.Total || in.ShippingTax.Base != req.Shipping {
		t.Fatalf("tax on top %d total %d; included: tax %d total %d", ex.Tax, ex.Total, in.Tax, in.Total)
	}
}
