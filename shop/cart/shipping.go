package cart

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// ShippingOptions answers q for the owner's cart: its subtotal (the
// query's is ignored), weight and freight-only lines; an empty cart is
// priced like shipping.OptionsFor.
func ShippingOptions(app core.App, owner Owner, q shipping.Query) (*wire.ShippingMethods, error) {
	q.Normalize()
	if err := q.Validate(); err != nil {
		return nil, err
	}
	cart, err := Find(app, owner)
	if err != nil || cart == nil {
		return shipping.OptionsFor(app, q)
	}
	lines, err := Lines(app, cart.Id)
	if err != nil {
		return nil, err
	}
	settings, err := shipping.LoadSettings(app)
	if err != nil {
		return nil, err
	}
	settings = settings.WithZones()
	sh := shipping.ShipmentOf(ShippingLines(lines), q.Country)
	methods := settings.MethodsFor(sh)
	freight := len(methods) == 1 && methods[0].Freight
	return &wire.ShippingMethods{HomeCountry: settings.HomeCountry, FreeShippingThreshold: settings.HomeThreshold(),
		Methods: methods, WeightKg: wire.Grams(sh.WeightGrams), Freight: freight, FreeShippingMissing: settings.FreeMissing(sh.Subtotal)}, nil
}

// ShippingLines are cart lines as shipping prices them.
func ShippingLines(lines []Item) []shipping.Line {
	out := make([]shipping.Line, len(lines))
	for i, l := range lines {
		out[i] = shipping.Line{Subtotal: l.TotalPrice, WeightGrams: l.WeightGrams, Quantity: l.Quantity, FreightOnly: l.FreightOnly}
	}
	return out
}
