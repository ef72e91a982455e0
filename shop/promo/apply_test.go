package promo

import (
	"testing"
	"time"
)

var now = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// rule is a live rule of kind and value on target (automatic unless a
// code is given), combinable.
func rule(id string, kind Kind, value int64, target Target) *Rule {
	return &Rule{ID: id, Automatic: true, Kind: kind, Value: value, Target: target, IsActive: true, Combinable: true}
}

func withCode(r *Rule, code string) *Rule {
	r.Automatic, r.Code = false, code
	return r
}

func line(product, category string, amount int64, qty int) Line {
	return Line{ProductID: product, CategoryID: category, Amount: amount, Quantity: qty}
}

// checkSums fails unless every share adds up: each discount's line shares
// to its amount, the lines' shares to the result's amount, and no line
// below zero.
func checkSums(t *testing.T, in Input, res Result) {
	t.Helper()
	var total int64
	for _, d := range res.Discounts {
		var s int64
		for _, v := range d.Lines {
			s += v
		}
		if s != d.Amount {
			t.Fatalf("discount %s: shares add up to %d, amount %d", d.ID, s, d.Amount)
		}
		total += d.Amount
	}
	var lines int64
	for i, v := range res.Lines {
		lines += v
		if v < 0 || v > max(in.Lines[i].Amount, 0) {
			t.Fatalf("line %d: share %d of %d", i, v, in.Lines[i].Amount)
		}
	}
	if total != res.Amount || lines != res.Amount {
		t.Fatalf("discounts %d, lines %d, amount %d", total, lines, res.Amount)
	}
	if res.Amount > in.Subtotal() || res.Shipping > max(in.Shipping, 0) || res.Shipping < 0 {
		t.Fatalf("amount %d of %d, shipping %d of %d", res.Amount, in.Subtotal(), res.Shipping, in.Shipping)
	}
}

func TestPercentageAndFixedOnTheOrder(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 10000, 1), line("b", "", 5000, 2)}}
	res := Apply(in, []*Rule{rule("p", Percentage, 1000, TargetOrder)})
	if res.Amount != 1500 || res.Lines[0] != 1000 || res.Lines[1] != 500 {
		t.Fatalf("10%% of $150: %+v", res)
	}
	res = Apply(in, []*Rule{rule("f", Fixed, 2000, TargetOrder)})
	if res.Amount != 2000 || res.Lines[0]+res.Lines[1] != 2000 {
		t.Fatalf("$20 off: %+v", res)
	}
	checkSums(t, in, res)
}

func TestCategoryPromotionTakesOnlyItsLines(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("spot", "lighting", 20000, 1), line("mic", "sound", 10000, 1)}}
	res := Apply(in, []*Rule{{ID: "v", Code: "VENUE10", Kind: Percentage, Value: 1000, Target: TargetCategories,
		CategoryIDs: []string{"lighting"}, IsActive: true}})
	if res.Amount != 2000 || res.Lines[0] != 2000 || res.Lines[1] != 0 {
		t.Fatalf("10%% off lighting: %+v", res)
	}
	res = Apply(in, []*Rule{rule("f", Fixed, 50000, TargetProducts)})
	if res.Amount != 0 || len(res.Discounts) != 0 {
		t.Fatalf("a product promotion naming no line applies: %+v", res)
	}
}

func TestMinimumSubtotalSaysWhatIsMissing(t *testing.T) {
	r := withCode(rule("t", Percentage, 2500, TargetOrder), "TOURING25")
	r.MinSubtotal = 20000
	in := Input{Now: now, Lines: []Line{line("a", "", 16300, 1)}}
	if reason, missing := r.Check(in); reason != ReasonMinSubtotal || missing != 3700 {
		t.Fatalf("reason %q missing %d, want min_subtotal 3700", reason, missing)
	}
	if res := Apply(in, []*Rule{r}); res.Amount != 0 {
		t.Fatalf("applied below its minimum: %+v", res)
	}
	in.Lines = append(in.Lines, line("b", "", 3700, 1))
	if res := Apply(in, []*Rule{r}); res.Amount != 5000 {
		t.Fatalf("25%% of $200: %+v", res)
	}
}

func TestLimitsAndWindow(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 10000, 1)}}
	r := withCode(rule("x", Fixed, 1000, TargetOrder), "X")
	r.UsageLimit, r.TimesUsed = 1, 1
	if reason, _ := r.Check(in); reason != ReasonUsageLimit {
		t.Fatalf("used up: %q", reason)
	}
	r.UsageLimit, r.PerCustomerLimit, r.CustomerUses = 0, 1, 1
	if reason, _ := r.Check(in); reason != ReasonCustomerLimit {
		t.Fatalf("used by the customer: %q", reason)
	}
	r.PerCustomerLimit = 0
	for _, w := range []struct {
		starts, ends time.Time
		live         bool
	}{
		{now.Add(time.Hour), time.Time{}, false},
		{time.Time{}, now, false}, // the end is not inside
		{now, now.Add(time.Second), true},
	} {
		r.StartsAt, r.EndsAt = w.starts, w.ends
		if r.Live(now) != w.live || Apply(in, []*Rule{r}).Applied("x") != w.live {
			t.Fatalf("window %v-%v: live %v", w.starts, w.ends, r.Live(now))
		}
	}
	r.IsActive = false
	if r.Live(now) {
		t.Fatal("a paused promotion is live")
	}
}

func TestTheBestNonCombinableWins(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 10000, 1)}}
	ten := rule("ten", Percentage, 1000, TargetOrder)
	five := rule("five", Fixed, 500, TargetOrder)
	big := rule("big", Fixed, 2500, TargetOrder)
	big.Combinable = false
	small := rule("small", Percentage, 500, TargetOrder)
	small.Combinable = false
	res := Apply(in, []*Rule{ten, five, big, small})
	if len(res.Discounts) != 1 || res.Discounts[0].ID != "big" || res.Amount != 2500 {
		t.Fatalf("want $25 alone: %+v", res)
	}
	big.Value = 1000 // 10 + 5 combined (10 % then $5 of $90 = $15) beat $10 alone
	res = Apply(in, []*Rule{ten, five, big, small})
	if len(res.Discounts) != 2 || res.Amount != 1500 {
		t.Fatalf("want the combinable pair: %+v", res)
	}
}

func TestOneCodePerCart(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 10000, 1)}}
	a := withCode(rule("a", Fixed, 1000, TargetOrder), "A")
	b := withCode(rule("b", Fixed, 2000, TargetOrder), "B")
	res := Apply(in, []*Rule{a, b})
	if len(res.Discounts) != 1 || res.Discounts[0].ID != "a" {
		t.Fatalf("two codes applied: %+v", res)
	}
}

func TestFreeShippingOnlyWhereItMay(t *testing.T) {
	r := rule("fs", FreeShipping, 0, TargetOrder)
	in := Input{Now: now, Lines: []Line{line("a", "", 10000, 1)}, Shipping: 999, FreeShippingOK: true}
	res := Apply(in, []*Rule{r})
	if res.Shipping != 999 || res.Amount != 0 || len(res.Discounts) != 1 || res.Discounts[0].Shipping != 999 {
		t.Fatalf("free shipping: %+v", res)
	}
	in.FreeShippingOK = false // abroad, or a freight quote
	if res := Apply(in, []*Rule{r}); res.Shipping != 0 || len(res.Discounts) != 0 {
		t.Fatalf("free shipping abroad: %+v", res)
	}
}

// Saleor #17453: an order voucher of 70 % on top of a 40 % product
// promotion was taken from the undiscounted total, and orders came out
// free. Here the voucher takes 70 % of what the promotion left.
func TestSaleor17453OrderVoucherTakesWhatThePromotionLeft(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("p", "", 10*2500, 10)}} // 10 × $25
	promo := rule("promo40", Percentage, 4000, TargetProducts)
	promo.ProductIDs = []string{"p"}
	voucher := withCode(rule("voucher70", Percentage, 7000, TargetOrder), "ANNIV70")
	res := Apply(in, []*Rule{voucher, promo})
	// $250: 40 % is $100, 70 % of the $150 left is $105; $45 to pay.
	if res.Amount != 20500 || in.Subtotal()-res.Amount != 4500 {
		t.Fatalf("want $205 off and $45 to pay: %+v", res)
	}
	if res.Discounts[0].ID != "promo40" || res.Discounts[1].Amount != 10500 {
		t.Fatalf("order: %+v", res.Discounts)
	}
	checkSums(t, in, res)
}

// Vendure #3140: two free-shipping promotions each took the shipping off,
// and shipping went negative. Here the second finds nothing left.
func TestVendure3140TwoFreeShippingsGiveZeroNotNegative(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 5000, 1)}, Shipping: 1314, FreeShippingOK: true}
	res := Apply(in, []*Rule{rule("fs1", FreeShipping, 0, TargetOrder), rule("fs2", FreeShipping, 0, TargetOrder),
		withCode(rule("fs3", FreeShipping, 0, TargetOrder), "SHIPFREE")})
	if res.Shipping != 1314 || len(res.Discounts) != 1 || in.Shipping-res.Shipping != 0 {
		t.Fatalf("want the shipping saved once: %+v", res)
	}
}

// Medusa #12226 (and #14899): fixed amounts stacked on a tax-inclusive
// line took more than the line and the taxable base went negative. Here
// every discount is taken from the lines as priced (gross with inclusive
// prices), from what is left of each: no line's discounted amount, the
// base tax is computed on, is below zero.
func TestMedusa12226StackingNeverMakesTheTaxableBaseNegative(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 11900, 1), line("b", "", 100, 1)}} // €119 incl. 19 %
	lineFixed := rule("line", Fixed, 11900, TargetProducts)
	lineFixed.ProductIDs = []string{"a"}
	res := Apply(in, []*Rule{lineFixed, rule("order", Fixed, 5000, TargetOrder), rule("pct", Percentage, 5000, TargetOrder)})
	for i, l := range in.Lines {
		if base := l.Amount - res.Lines[i]; base < 0 {
			t.Fatalf("line %d taxable base %d", i, base)
		}
	}
	if res.Amount != 12000 || in.Subtotal()-res.Amount != 0 {
		t.Fatalf("want everything off, nothing beyond: %+v", res)
	}
	checkSums(t, in, res)
}

// macrozheng/mall #1003 (with #1002): a coupon's per-unit share was
// multiplied by the quantity again, rebuilding its whole face value on
// any cart: ¥1,000 off a ¥176 order paid -824.00. Here a fixed discount
// never exceeds what it targets and its shares are of line amounts
// (quantity already in), so the order pays 0.00.
func TestMacrozhengMall1003CouponNeverBeyondTheOrder(t *testing.T) {
	in := Input{Now: now, Lines: []Line{line("a", "", 2*4400, 2), line("b", "", 2*4400, 2)}} // ¥176
	coupon := withCode(rule("c", Fixed, 100000, TargetOrder), "DV-COUPON")
	res := Apply(in, []*Rule{coupon, coupon}) // the same coupon twice counts once
	if res.Amount != 17600 || len(res.Discounts) != 1 || in.Subtotal()-res.Amount != 0 {
		t.Fatalf("want ¥176 off once: %+v", res)
	}
	if res.Lines[0] != 8800 || res.Lines[1] != 8800 {
		t.Fatalf("shares: %v", res.Lines)
	}
}

func TestSplitIsLargestRemainder(t *testing.T) {
	got := Split(100, []int64{100, 100, 100})
	if got[0] != 34 || got[1] != 33 || got[2] != 33 {
		t.Fatalf("100 over three: %v", got)
	}
	got = Split(10, []int64{0, 333, 667, -5})
	if got[0] != 0 || got[1] != 3 || got[2] != 7 || got[3] != 0 {
		t.Fatalf("10 over 333:667: %v", got)
	}
}

func TestSplitNeverBeyondTheWeights(t *testing.T) {
	if got := Split(10, []int64{1, 2}); got[0] != 1 || got[1] != 2 {
		t.Fatalf("10 over 1 and 2: %v", got)
	}
}
