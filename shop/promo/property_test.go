package promo

import (
	"math/rand/v2"
	"testing"
)

// randomCase builds a cart of up to 6 lines over 3 products and 2
// categories and up to 6 promotions of every kind, target, limit and
// combination, from r.
func randomCase(r *rand.Rand) (Input, []*Rule) {
	in := Input{Now: now, Shipping: r.Int64N(5000), FreeShippingOK: r.IntN(2) == 0}
	for range r.IntN(7) {
		qty := 1 + r.IntN(5)
		in.Lines = append(in.Lines, line([]string{"a", "b", "c"}[r.IntN(3)], []string{"", "x", "y"}[r.IntN(3)],
			int64(qty)*r.Int64N(50000), qty))
	}
	var rules []*Rule
	for i := range r.IntN(7) {
		kind := []Kind{Percentage, Fixed, FreeShipping}[r.IntN(3)]
		value := r.Int64N(60000)
		if kind == Percentage {
			value = r.Int64N(10001)
		}
		ru := rule(string(rune('A'+i)), kind, value, []Target{TargetOrder, TargetProducts, TargetCategories}[r.IntN(3)])
		ru.ProductIDs, ru.CategoryIDs = []string{"a"}, []string{"x"}
		ru.Combinable = r.IntN(3) > 0
		ru.MinSubtotal = r.Int64N(3) * r.Int64N(40000)
		if r.IntN(3) == 0 {
			ru = withCode(ru, "CODE"+ru.ID)
		}
		rules = append(rules, ru)
	}
	return in, rules
}

// checkCase is the properties: shares add up, nothing below zero, at
// most one code, no non-combinable promotion beside another, and the
// result at least as good for the shopper as any one promotion alone.
func checkCase(t *testing.T, in Input, rules []*Rule) {
	t.Helper()
	res := Apply(in, rules)
	checkSums(t, in, res)
	if in.Subtotal()-res.Amount < 0 || in.Shipping-res.Shipping < 0 && in.Shipping >= 0 {
		t.Fatalf("below zero: %+v", res)
	}
	codes := 0
	byID := map[string]*Rule{}
	for _, r := range rules {
		byID[r.ID] = r
	}
	for _, d := range res.Discounts {
		r := byID[d.ID]
		if !r.Automatic {
			codes++
		}
		if !r.Combinable && len(res.Discounts) > 1 {
			t.Fatalf("non-combinable %s joined others: %+v", d.ID, res.Discounts)
		}
	}
	if codes > 1 {
		t.Fatalf("%d codes applied", codes)
	}
	firstCode := ""
	for _, r := range rules {
		if !r.Automatic {
			firstCode = r.ID
			break
		}
	}
	for _, r := range rules {
		if r.Automatic || r.ID == firstCode {
			if alone := Apply(in, []*Rule{r}); alone.Worth() > res.Worth() && !r.Combinable {
				t.Fatalf("%s alone saves %d, the result %d", r.ID, alone.Worth(), res.Worth())
			}
		}
	}
}

// TestPropertyTotalsNeverBelowZeroAndSharesAddUp runs 20,000 random carts
// and promotion sets through Apply.
func TestPropertyTotalsNeverBelowZeroAndSharesAddUp(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 17453))
	for range 20000 {
		in, rules := randomCase(r)
		checkCase(t, in, rules)
	}
}

// FuzzApply checks the same properties on carts the fuzzer makes (its
// seeds run with the ordinary tests).
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(3140), uint64(12226))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		in, rules := randomCase(rand.New(rand.NewPCG(a, b)))
		checkCase(t, in, rules)
	})
}

// TestPropertySplitAddsUp shares random totals over random weights.
func TestPropertySplitAddsUp(t *testing.T) {
	r := rand.New(rand.NewPCG(1003, 1002))
	for range 20000 {
		weights := make([]int64, r.IntN(8))
		var sum int64
		for i := range weights {
			weights[i] = r.Int64N(1<<40) - 1000
			sum += max(weights[i], 0)
		}
		total := r.Int64N(sum + 2)
		got := Split(total, weights)
		var s int64
		for i, v := range got {
			if v < 0 || v > max(weights[i], 0) {
				t.Fatalf("share %d of weight %d", v, weights[i])
			}
			s += v
		}
		if s != min(total, sum) {
			t.Fatalf("shares add up to %d, want %d", s, min(total, sum))
		}
	}
}

// RandomCase is randomCase for the package's external tests (tax_test.go).
var RandomCase = randomCase
