package promo

import (
	"slices"
	"time"

	"stageshop/shop/wire"
)

// Kind is what a promotion takes off.
type Kind string

// The kinds of promotion.
const (
	// Percentage takes Value hundredths of a percent (1250 is 12.5 %).
	Percentage Kind = "percentage"
	// Fixed takes Value cents.
	Fixed Kind = "fixed"
	// FreeShipping makes the chosen method free (where the address is
	// domestic and the shipping is not a freight quote).
	FreeShipping Kind = "free_shipping"
)

// Target is what a promotion applies to.
type Target string

// The targets of a promotion.
const (
	TargetOrder      Target = "order"
	TargetProducts   Target = "products"
	TargetCategories Target = "categories"
)

// Reason says why a promotion that exists does not apply (409
// promotion_not_applicable).
type Reason string

// The reasons a promotion does not apply, in the order they are checked.
const (
	ReasonUsageLimit    Reason = "usage_limit"
	ReasonCustomerLimit Reason = "customer_limit"
	ReasonNoEligible    Reason = "no_eligible_items"
	ReasonMinSubtotal   Reason = "min_subtotal"
)

// Rule is a promotion as Apply needs it: its terms, how often it was
// used and how often by the customer Apply prices for.
type Rule struct {
	ID        string
	Code      string // "" for automatic promotions
	Automatic bool
	Name      wire.Localized
	Kind      Kind
	// Value is hundredths of a percent (Percentage) or cents (Fixed).
	Value       int64
	Target      Target
	ProductIDs  []string
	CategoryIDs []string
	MinSubtotal int64
	// StartsAt and EndsAt bound when it applies ([StartsAt, EndsAt); a
	// zero time is no bound).
	StartsAt, EndsAt time.Time
	// UsageLimit and PerCustomerLimit are 0 for no limit.
	UsageLimit       int
	PerCustomerLimit int
	TimesUsed        int
	CustomerUses     int
	Combinable       bool
	IsActive         bool
}

// Live reports whether the rule exists for a shopper at now: active and
// inside its window. A code that is not live is not found (one answer
// for all, so codes cannot be probed).
func (r *Rule) Live(now time.Time) bool {
	return r.IsActive && (r.StartsAt.IsZero() || !now.Before(r.StartsAt)) &&
		(r.EndsAt.IsZero() || now.Before(r.EndsAt))
}

// targets reports whether the rule applies to line l.
func (r *Rule) targets(l Line) bool {
	switch r.Target {
	case TargetProducts:
		return slices.Contains(r.ProductIDs, l.ProductID)
	case TargetCategories:
		return l.CategoryID != "" && slices.Contains(r.CategoryIDs, l.CategoryID)
	}
	return true
}

// Check says why a live rule does not apply to the lines and customer of
// in ("" when it does) and, for ReasonMinSubtotal, the cents still to add.
func (r *Rule) Check(in Input) (Reason, int64) {
	switch {
	case r.UsageLimit > 0 && r.TimesUsed >= r.UsageLimit:
		return ReasonUsageLimit, 0
	case r.PerCustomerLimit > 0 && r.CustomerUses >= r.PerCustomerLimit:
		return ReasonCustomerLimit, 0
	}
	eligible := false
	for _, l := range in.Lines {
		if l.Amount > 0 && r.targets(l) {
			eligible = true
			break
		}
	}
	if !eligible {
		return ReasonNoEligible, 0
	}
	if sub := in.Subtotal(); sub < r.MinSubtotal {
		return ReasonMinSubtotal, r.MinSubtotal - sub
	}
	return "", 0
}

// rank orders the rules of one set as the policy says: line promotions
// before order-wide ones, percentages before fixed amounts (free shipping
// takes only the shipping and goes last), automatic before the code, then
// by id.
func rank(a, b *Rule) int {
	key := func(r *Rule) (int, int, int) {
		scope := 0
		if r.Target == TargetOrder {
			scope = 1
		}
		kind := map[Kind]int{Percentage: 0, Fixed: 1, FreeShipping: 2}[r.Kind]
		auto := 1
		if r.Automatic {
			auto = 0
		}
		return scope, kind, auto
	}
	as, ak, aa := key(a)
	bs, bk, ba := key(b)
	switch {
	case as != bs:
		return as - bs
	case ak != bk:
		return ak - bk
	case aa != ba:
		return aa - ba
	case a.ID < b.ID:
		return -1
	case a.ID > b.ID:
		return 1
	}
	return 0
}
