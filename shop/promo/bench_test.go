package promo_test

import (
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/promo"
)

// benchCart is ten lines over three categories.
func benchCart(customer string) promo.Input {
	in := promo.Input{Now: now, Customer: customer, Shipping: 999, FreeShippingOK: true}
	for i := range 10 {
		in.Lines = append(in.Lines, promo.Line{ProductID: string(rune('a' + i)), CategoryID: []string{"x", "y", "z"}[i%3],
			Amount: int64(1000 + 731*i), Quantity: 1 + i%3})
	}
	return in
}

// BenchmarkApplyThreeAutomaticAndACode is the computation alone: three
// automatic promotions (a percentage on a category, a fixed amount on the
// order, free shipping) and a code (bench/RESULTS.md, section 14).
func BenchmarkApplyThreeAutomaticAndACode(b *testing.B) {
	rules := []*promo.Rule{
		{ID: "a", Automatic: true, Kind: promo.Percentage, Value: 1000, Target: promo.TargetCategories, CategoryIDs: []string{"x"}, IsActive: true, Combinable: true},
		{ID: "b", Automatic: true, Kind: promo.Fixed, Value: 500, Target: promo.TargetOrder, IsActive: true, Combinable: true, MinSubtotal: 5000},
		{ID: "c", Automatic: true, Kind: promo.FreeShipping, Target: promo.TargetOrder, IsActive: true, Combinable: true},
		{ID: "d", Code: "TOURING25", Kind: promo.Percentage, Value: 2500, Target: promo.TargetOrder, IsActive: true},
	}
	in := benchCart("")
	b.ReportAllocs()
	for b.Loop() {
		promo.Apply(in, rules)
	}
}

// BenchmarkApplyingACode is what applying a code costs on the server
// before the cart's own reads: the code checked and the candidates loaded
// from a real database holding 3 automatic and 50 code promotions, the
// customer's uses counted, and Apply (bench/RESULTS.md, section 14).
func BenchmarkApplyingACode(b *testing.B) {
	app := testapp.New(b)
	for i := range 50 {
		code := "CODE-" + string(rune('A'+i%26)) + string(rune('A'+i/26))
		if _, err := promo.Create(app, promo.Terms{Code: code, Name: []byte(`"` + code + `"`), Kind: promo.Percentage, Value: "10",
			Target: promo.TargetOrder, PerCustomerLimit: 1, Combinable: true}); err != nil {
			b.Fatal(err)
		}
	}
	for _, kind := range []promo.Kind{promo.Percentage, promo.Fixed, promo.FreeShipping} {
		if _, err := promo.Create(app, promo.Terms{Automatic: true, Name: []byte(`"auto"`), Kind: kind, Value: "5",
			Target: promo.TargetOrder, Combinable: true}); err != nil {
			b.Fatal(err)
		}
	}
	in := benchCart(testapp.NewUser(b, app, false).ID())
	b.ResetTimer()
	for b.Loop() {
		if _, err := promo.CheckCode(app, "code-ma", in); err != nil {
			b.Fatal(err)
		}
		rules, err := promo.Candidates(app, "code-ma", in.Customer, now)
		if err != nil {
			b.Fatal(err)
		}
		if res := promo.Apply(in, rules); len(res.Discounts) == 0 {
			b.Fatal("no discount")
		}
	}
}
