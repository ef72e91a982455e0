package shop

import (
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/cart"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// OrderPrice is what an order costs: its lines, its discounts, its
// shipping (less free shipping), its tax on the discounted lines and the
// total (Subtotal - Discount + Shipping + Tax with exclusive prices), with
// the tax of every line (tax.Compute).
type OrderPrice struct {
	Subtotal Amount
	Discount Amount
	Shipping Amount
	Tax      Amount
	Total    Amount
	Taxed    tax.Taxed
	// Deposit is the hire lines' deposits, in Total, never taxed.
	Deposit Amount
	// Discounts are the promotions that apply and each line's share.
	Discounts Discounted
	// Freight says the shipping is quoted separately (Shipping is 0 until
	// then); WeightGrams is what the lines weigh.
	Freight     bool
	WeightGrams int64
	// MethodName is the shipping method's name, kept with the order.
	MethodName Localized
}

// TotalChangedError says the server's total is not the one the shopper
// saw (a price, a shipping rule or a tax rate changed). Nothing was
// changed.
type TotalChangedError struct {
	OrderPrice
	Expected Amount
}

func (e *TotalChangedError) Error() string {
	return fmt.Sprintf("The order total changed from %d to %d cents", e.Expected, e.Total)
}

// Problem is 409 total_changed with the server's figures, so the app can
// show them.
func (e *TotalChangedError) Problem() *wire.Problem {
	p := wire.Conflict("total_changed", "The order total has changed; please review it and place the order again")
	total, subtotal, discount, shipping, tax := e.Total, e.Subtotal, e.Discount, e.Shipping, e.Tax
	p.Total, p.Subtotal, p.Discount, p.Shipping, p.Tax = &total, &subtotal, &discount, &shipping, &tax
	return p
}

// taxExempt reports whether an admin marked the user tax-exempt.
func taxExempt(app core.App, userID string) (bool, error) {
	var exempt bool
	err := app.DB().Select("taxExempt").From(account.UsersCollection).Where(dbx.HashExp{"id": userID}).Row(&exempt)
	return exempt, err
}

// taxLines computes the tax of cart lines shipped to addr for shipping
// (tax.Compute with the shop's rules) and the order's figures.
func taxLines(app core.App, lines []cart.Item, addr PostalAddress, shipping Amount, exempt bool) (OrderPrice, error) {
	return taxDiscounted(app, lines, Discounted{}, addr, shipping, exempt)
}

// taxDiscounted is taxLines for lines less their shares of d, with the
// shipping d leaves: each line is taxed on its discounted amount, and
// Subtotal stays the lines' sum as priced.
func taxDiscounted(app core.App, lines []cart.Item, d Discounted, addr PostalAddress, shipping Amount, exempt bool) (OrderPrice, error) {
	rules, err := tax.LoadRules(app)
	if err != nil {
		return OrderPrice{}, err
	}
	shipping = max(shipping-Amount(d.Res.Shipping), 0)
	req := tax.Request{Country: addr.Country, Region: addr.State, Exempt: exempt, Shipping: shipping,
		Lines: make([]tax.Item, len(lines))}
	for i, l := range lines {
		req.Lines[i] = tax.Item{Class: l.TaxClass, Amount: max(l.TotalPrice-lineDiscount(d, i), 0)}
	}
	return figuresOf(tax.Compute(rules, req), d, lines), nil
}

// figuresOf is the price of lines taxed as t with the discounts d: the
// subtotal as priced (the discounts back on), the hire deposits on top.
func figuresOf(t tax.Taxed, d Discounted, lines []cart.Item) OrderPrice {
	off := Amount(d.Res.Amount)
	var deposit Amount
	for _, l := range lines {
		deposit += l.Deposit
	}
	return OrderPrice{Subtotal: t.Subtotal + off, Discount: off, Shipping: t.Shipping, Tax: t.Tax, Total: t.Total + deposit,
		Deposit: deposit, Taxed: t, Discounts: d}
}

// quoteShipping is what the method costs for the lines (their subtotal,
// weight and freight-only flags) to country and whether it is freight
// quoted separately, or validation.Errors{"shippingMethod"} when it does
// not fit. The cart estimate and the order both price shipping here.
func quoteShipping(app core.App, lines []cart.Item, country, method string) (Amount, bool, error) {
	settings, err := shipping.LoadSettings(app)
	if err != nil {
		return 0, false, err
	}
	return settings.QuoteFor(method, shipping.ShipmentOf(cart.ShippingLines(lines), country))
}

// shippingMethodNameFor is the name of the method code that fits the lines
// to country, as the owner calls it now (nil when none does, and for
// freight).
func shippingMethodNameFor(app core.App, lines []cart.Item, country, code string) (Localized, error) {
	if code == shipping.MethodFreight {
		return nil, nil // the shop's own word for it, in every language (the e-mails' and the app's)
	}
	settings, err := shipping.LoadSettings(app)
	if err != nil {
		return nil, err
	}
	for _, m := range settings.WithZones().MethodsFor(shipping.ShipmentOf(cart.ShippingLines(lines), country)) {
		if m.Code == code {
			return m.Name, nil
		}
	}
	return nil, nil
}

// priceOrder prices the cart's lines for the order's shipping address and
// method, the customer and the cart's promotion code (with the live
// automatic promotions), and compares the total with the one the shopper
// saw when that was sent: a changed price, shipping rule, tax rate or
// promotion is *TotalChangedError.
func priceOrder(txApp core.App, userID, code string, in OrderInput, lines []cart.Item) (OrderPrice, error) {
	exempt, err := taxExempt(txApp, userID)
	if err != nil {
		return OrderPrice{}, err
	}
	shippingCost, freight, err := quoteShipping(txApp, lines, in.Shipping.Country, in.ShippingMethod)
	if err != nil {
		return OrderPrice{}, err
	}
	d, err := discountLines(txApp, lines, code, userID, in.Shipping.Country, shippingCost, freight, time.Now())
	if err != nil {
		return OrderPrice{}, err
	}
	p, err := taxDiscounted(txApp, lines, d, in.Shipping.PostalAddress, shippingCost, exempt)
	if err != nil {
		return p, err
	}
	p.Freight, p.WeightGrams = freight, shipping.ShipmentOf(cart.ShippingLines(lines), "").WeightGrams
	if p.MethodName, err = shippingMethodNameFor(txApp, lines, in.Shipping.Country, in.ShippingMethod); err != nil {
		return p, err
	}
	if expected := in.expectedTotal(); expected != nil && *expected != p.Total {
		return p, &TotalChangedError{OrderPrice: p, Expected: *expected}
	}
	return p, nil
}
