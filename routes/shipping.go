package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// registerShipping binds GET /api/shipping/methods: the shop's shipping
// methods and rules, as the shipping page, cart and checkout show them.
func registerShipping(se *core.ServeEvent) {
	shopGroup(se, "/api/shipping").GET("/methods", shippingMethods)
}

// shippingMethods lists the methods that fit ?country= (all five without
// it), priced for ?subtotal= (0 without it).
func shippingMethods(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	options, err := shop.ShippingOptionsFor(e.App, shop.ShippingQuery{Country: q.Get("country"), Subtotal: q.Get("subtotal")})
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	return e.JSON(http.StatusOK, options)
}
