package promo

import (
	"slices"
	"time"

	"stageshop/shop/wire"
)

// Line is one cart or order line as Apply sees it: its product and
// category, its amount in cents as priced (unit price × quantity) and its
// quantity.
type Line struct {
	ProductID  string
	CategoryID string
	Amount     int64
	Quantity   int
}

// Input is what Apply prices: the lines, the shipping of the chosen method
// in cents (0 while none is chosen), whether a free-shipping discount may
// take it (the address is domestic or not known yet, and the shipping is
// not a freight quote), the customer ("" for a guest) and the time.
type Input struct {
	Lines          []Line
	Shipping       int64
	FreeShippingOK bool
	Customer       string
	Now            time.Time
}

// Subtotal is the lines' sum as priced, before any discount.
func (in Input) Subtotal() int64 {
	var s int64
	for _, l := range in.Lines {
		s += l.Amount
	}
	return s
}

// Discount is one promotion applied: what it takes off the lines (Amount,
// shared over them in Lines, one entry per input line) and the shipping
// it saves (free shipping; not part of Amount).
type Discount struct {
	ID       string
	Code     string
	Name     wire.Localized
	Kind     Kind
	Amount   int64
	Shipping int64
	Lines    []int64
}

// Result is what Apply decided: the discounts in the order they were
// taken, their sum off the lines (Amount), the shipping saved, and each
// line's share of Amount (Lines, adding up to Amount exactly).
type Result struct {
	Discounts []Discount
	Amount    int64
	Shipping  int64
	Lines     []int64
}

// Worth is what the result saves the shopper.
func (r Result) Worth() int64 { return r.Amount + r.Shipping }

// LinesLeft is each line of in less its share of the discounts: the
// amounts tax is computed on (never below zero).
func (r Result) LinesLeft(in Input) []int64 {
	out := make([]int64, len(in.Lines))
	for i, l := range in.Lines {
		out[i] = max(l.Amount, 0)
		if i < len(r.Lines) {
			out[i] -= r.Lines[i]
		}
	}
	return out
}

// Applied reports whether the promotion of id is among the discounts.
func (r Result) Applied(id string) bool {
	return slices.ContainsFunc(r.Discounts, func(d Discount) bool { return d.ID == id })
}

// Apply is the shop's one discount computation (the stacking policy of
// the package doc). rules are the candidates: the automatic promotions
// and the cart's code (only the first rule with a code counts: one code
// per cart; a rule given twice counts once). Rules that are not live at
// in.Now or whose Check fails are left out.
func Apply(in Input, rules []*Rule) Result {
	var combinable, alone []*Rule
	seen := map[string]bool{}
	code := false
	for _, r := range rules {
		if r == nil || seen[r.ID] || !r.Live(in.Now) {
			continue
		}
		if !r.Automatic {
			if code || r.Code == "" {
				continue // a second code, or a code rule without its code
			}
			code = true
		}
		seen[r.ID] = true
		if reason, _ := r.Check(in); reason != "" {
			continue
		}
		if r.Combinable {
			combinable = append(combinable, r)
		} else {
			alone = append(alone, r)
		}
	}
	best := applySet(in, combinable)
	slices.SortFunc(alone, rank)
	for _, r := range alone {
		if res := applySet(in, []*Rule{r}); res.Worth() > best.Worth() {
			best = res
		}
	}
	return best
}

// applySet takes the set's discounts one after the other, each from what
// the ones before it left.
func applySet(in Input, set []*Rule) Result {
	set = slices.Clone(set)
	slices.SortFunc(set, rank)
	left := make([]int64, len(in.Lines))
	for i, l := range in.Lines {
		left[i] = max(l.Amount, 0)
	}
	shipLeft := int64(0)
	if in.FreeShippingOK {
		shipLeft = max(in.Shipping, 0)
	}
	res := Result{Lines: make([]int64, len(in.Lines))}
	freeListed := false
	for _, r := range set {
		d := Discount{ID: r.ID, Code: r.Code, Name: r.Name, Kind: r.Kind, Lines: make([]int64, len(in.Lines))}
		if r.Kind == FreeShipping {
			if freeListed || !in.FreeShippingOK {
				continue // a second free shipping finds nothing left (Vendure #3140)
			}
			freeListed = true
			d.Shipping, shipLeft = shipLeft, 0
			res.Shipping += d.Shipping
			res.Discounts = append(res.Discounts, d)
			continue
		}
		weights := make([]int64, len(in.Lines))
		var base int64
		for i, l := range in.Lines {
			if r.targets(l) {
				weights[i] = left[i]
				base += left[i]
			}
		}
		d.Amount = offOf(r, base)
		if d.Amount == 0 {
			continue
		}
		d.Lines = Split(d.Amount, weights)
		for i, s := range d.Lines {
			left[i] -= s
			res.Lines[i] += s
		}
		res.Amount += d.Amount
		res.Discounts = append(res.Discounts, d)
	}
	return res
}

// offOf is what rule r takes off base, the cents left of what it
// targets: a percentage of it rounded half up, or the fixed amount; never
// more than base.
func offOf(r *Rule, base int64) int64 {
	if base <= 0 {
		return 0
	}
	switch r.Kind {
	case Percentage:
		q, rem := mulDiv(uint64(base), uint64(min(max(r.Value, 0), 10000)), 10000)
		if rem >= 10000-rem {
			q++
		}
		return min(int64(q), base)
	case Fixed:
		return min(max(r.Value, 0), base)
	}
	return 0
}
