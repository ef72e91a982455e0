package shop

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
)

// OrderPrice is what an order costs: its lines, its shipping and both.
type OrderPrice struct {
	Subtotal Amount
	Shipping Amount
	Total    Amount
}

// TotalChangedError says the server's total is not the one the shopper
// saw (a price or a shipping rule changed). Nothing was changed.
type TotalChangedError struct {
	OrderPrice
	Expected Amount
}

func (e *TotalChangedError) Error() string {
	return fmt.Sprintf("The order total changed from %d to %d cents", e.Expected, e.Total)
}

// priceOrder prices the cart's lines at today's prices and the chosen
// shipping method by the shop's settings, and compares the total with the
// one the shopper saw when that was sent.
func priceOrder(txApp core.App, in OrderInput, lines []CartItem) (OrderPrice, error) {
	var p OrderPrice
	for _, l := range lines {
		p.Subtotal += l.TotalPrice
	}
	settings, err := LoadShippingSettings(txApp)
	if err != nil {
		return p, err
	}
	if p.Shipping, err = settings.Quote(in.ShippingMethod, in.Shipping.Country, p.Subtotal); err != nil {
		return p, err
	}
	p.Total = p.Subtotal + p.Shipping
	if expected := in.expectedTotal(); expected != nil && *expected != p.Total {
		return p, &TotalChangedError{OrderPrice: p, Expected: *expected}
	}
	return p, nil
}
