package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// registerShipping binds GET /api/shipping/methods (the shop's shipping
// methods and rules, as the shipping page, cart and checkout show them),
// the admin's shipping settings (GET|PUT /api/admin/shipping) and the
// freight quote of an order (POST .../admin/orders/{id}/shipping-quote).
func registerShipping(se *core.ServeEvent) {
	shopGroup(se, "/api/shipping").GET("/methods", shippingMethods)
	admin := shopGroup(se, "/api/admin/shipping")
	admin.Bind(staffOnly())
	admin.GET("", adminShipping)
	admin.PUT("", adminSaveShipping)
	orders := shopGroup(se, "/api/checkout/admin/orders")
	orders.Bind(staffOnly())
	orders.POST("/{id}/shipping-quote", adminShippingQuote)
}

// shippingMethods lists the methods that fit ?country= (every zone's
// without it), priced for ?subtotal= (0 without it); with ?cart=1, for
// the caller's cart (bearer token or X-Session-Id): its subtotal, weight
// and freight-only lines. ?zones=1 (without a cart) adds every zone with
// its methods' weight bands, for the shipping page.
func shippingMethods(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	query := shipping.Query{Country: q.Get("country"), Subtotal: q.Get("subtotal")}
	var (
		options *wire.ShippingMethods
		err     error
	)
	if q.Get("cart") == "1" {
		owner, ownerErr := cartOwner(e)
		if ownerErr != nil && ownerErr != cart.ErrSessionRequired {
			return ownerErr
		}
		options, err = cart.ShippingOptions(e.App, owner, query)
	} else if options, err = shipping.OptionsFor(e.App, query); err == nil && q.Get("zones") == "1" {
		// The shipping page lists every zone's methods with all their weight bands.
		var all *wire.ShippingSettings
		if all, err = shipping.AdminSettings(e.App); err == nil {
			options.Zones = all.Zones
		}
	}
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	return e.JSON(http.StatusOK, options)
}

func adminShipping(e *core.RequestEvent) error {
	s, err := shipping.AdminSettings(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, s)
}

func adminSaveShipping(e *core.RequestEvent) error {
	var in shipping.SettingsInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	s, err := shipping.SaveSettings(acting(e), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, s)
}

func adminShippingQuote(e *core.RequestEvent) error {
	var in shop.QuoteInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	d, err := shop.SetShippingQuote(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, d)
}
