package shop

import (
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/cart"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// TaxAddress is where a cart would ship, for its estimate: the country and
// state of the address the shopper gave at checkout, and the shipping
// method once one is chosen.
type TaxAddress struct {
	Country        string
	State          string
	ShippingMethod string
}

// Validate checks the texts' lengths; errors are keyed by the query's names.
func (a TaxAddress) Validate() error {
	length := validation.RuneLength(0, field.MaxAddressFieldLen)
	return validation.ValidateStruct(&a,
		validation.Field(&a.Country, length),
		validation.Field(&a.State, length),
		validation.Field(&a.ShippingMethod, validation.RuneLength(0, 40)),
	)
}

// TaxEstimate is an answer shape (shop/wire).
type TaxEstimate = wire.TaxEstimate

// GetCartEstimate returns the owner's cart with its taxEstimate for addr
// (no estimate without a country). A shipping method that does not fit the
// address is validation.Errors{"shippingMethod"}.
func GetCartEstimate(app core.App, owner cart.Owner, addr TaxAddress) (*cart.Cart, error) {
	addr.Country, addr.State = strings.TrimSpace(addr.Country), strings.TrimSpace(addr.State)
	addr.ShippingMethod = strings.TrimSpace(addr.ShippingMethod)
	if err := addr.Validate(); err != nil {
		return nil, err
	}
	c, err := cart.Get(app, owner)
	if err != nil || addr.Country == "" {
		return c, err
	}
	// The order's normalization: Texas (the name) is TX, as the order
	// that would be taxed has it (issue 43: the estimate said 0).
	place := PostalAddress{Country: addr.Country, State: addr.State}
	field.PlaceAddress(&place)
	addr.Country, addr.State = place.Country, place.State
	exempt := false
	if owner.UserID != "" {
		if exempt, err = taxExempt(app, owner.UserID); err != nil {
			return nil, err
		}
	}
	var shipping Amount
	freight := false
	if addr.ShippingMethod != "" {
		if shipping, freight, err = quoteShipping(app, c.Items, addr.Country, addr.ShippingMethod); err != nil {
			return nil, err
		}
	}
	// The order's pricing: the promotions for this address and method, the
	// tax on the discounted lines (so expectedTotal is the order's total).
	d, err := discountLines(app, c.Items, c.PromoCode, owner.UserID, addr.Country, shipping, freight, time.Now())
	if err != nil {
		return nil, err
	}
	d.Show(c)
	p, err := taxDiscounted(app, c.Items, d, PostalAddress{Country: addr.Country, State: addr.State}, shipping, exempt)
	if err != nil {
		return nil, err
	}
	c.TaxEstimate = &TaxEstimate{Country: addr.Country, State: addr.State, ShippingMethod: addr.ShippingMethod,
		SubtotalAmount: p.Subtotal, DiscountAmount: p.Discount, ShippingAmount: p.Shipping, TaxAmount: p.Tax, TotalAmount: p.Total, DepositAmount: p.Deposit,
		TaxLines: p.Taxed.TaxLines, PricesIncludeTax: p.Taxed.PricesIncludeTax, TaxExempt: exempt,
		TaxRows: wire.TaxRows(p.Taxed.TaxLines, p.Taxed.PricesIncludeTax, exempt, p.Tax)}
	return c, nil
}
