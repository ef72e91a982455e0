package wire

// Promotion is a discount as the admin sees it (GET /api/admin/promotions):
// its terms, how often it was used, and the orders it gave a discount to
// (their total, less cancelled ones, in Revenue; the discounts given in
// Discounted). Value is a percentage with two decimals (12.5) or dollars
// off; minSubtotal is dollars; startsAt and endsAt are RFC 3339 or null;
// usageLimit and perCustomerLimit are 0 for no limit.
type Promotion struct {
	ID               string    `json:"id"`
	Code             string    `json:"code"`
	Automatic        bool      `json:"automatic"`
	Name             Localized `json:"name"`
	Kind             string    `json:"kind" tstype:"'percentage' | 'fixed' | 'free_shipping'"`
	Value            Amount    `json:"value"`
	Target           string    `json:"target" tstype:"'order' | 'products' | 'categories'"`
	ProductIDs       []string  `json:"productIds"`
	CategoryIDs      []string  `json:"categoryIds"`
	MinSubtotal      Amount    `json:"minSubtotal"`
	StartsAt         *string   `json:"startsAt"`
	EndsAt           *string   `json:"endsAt"`
	UsageLimit       int       `json:"usageLimit"`
	PerCustomerLimit int       `json:"perCustomerLimit"`
	TimesUsed        int       `json:"timesUsed"`
	Combinable       bool      `json:"combinable"`
	IsActive         bool      `json:"isActive"`
	Orders           int       `json:"orders"`
	Revenue          Amount    `json:"revenue"`
	Discounted       Amount    `json:"discounted"`
	CreatedAt        string    `json:"createdAt"`
}

// Discount is one discount on a cart or an order: the promotion's code (""
// for an automatic one) and name as they were when the order was placed,
// and what it saves. A free-shipping discount's amount is the shipping it
// saves, which is not also in discountAmount.
type Discount struct {
	Code   string    `json:"code"`
	Name   Localized `json:"name"`
	Amount Amount    `json:"amount"`
}

// Label is how the invoice and the e-mails name d in lang: the
// promotion's name as it was, with its code ("Touring (TOURING25)").
func (d Discount) Label(lang string) string {
	name := d.Name.Get(lang, d.Code)
	if d.Code != "" && name != d.Code {
		return name + " (" + d.Code + ")"
	}
	return name
}

// PromoIssue says why the code a cart carries gives nothing now: reason
// "promotion_not_found" (it ended or was paused), "not_combinable" (a
// better promotion that joins no other applies instead), or the contract's
// promotion_not_applicable reasons ("min_subtotal" with Missing, the
// amount still to add; "no_eligible_items", "usage_limit",
// "customer_limit").
type PromoIssue struct {
	Reason  string  `json:"reason" tstype:"'promotion_not_found' | 'not_combinable' | 'min_subtotal' | 'no_eligible_items' | 'usage_limit' | 'customer_limit'"`
	Missing *Amount `json:"missing,omitempty"`
}
