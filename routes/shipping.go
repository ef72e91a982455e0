package routes

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
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
	country := strings.TrimSpace(q.Get("country"))
	if len([]rune(country)) > shop.MaxAddressFieldLen {
		return validationError(map[string]string{"country": "Must be at most 200 characters"})
	}
	var subtotal int64
	if s := strings.TrimSpace(q.Get("subtotal")); s != "" {
		cents, err := shop.CentsFromJSON(json.Number(s))
		if err != nil || cents < 0 || cents > 1e13 {
			return validationError(map[string]string{"subtotal": "Must be an amount with at most two decimals"})
		}
		subtotal = cents
	}
	settings, err := shop.LoadShippingSettings(e.App)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	return e.JSON(http.StatusOK, wire.ShippingMethods{
		HomeCountry:           settings.HomeCountry,
		FreeShippingThreshold: settings.FreeShippingThreshold,
		Methods:               settings.Methods(country, shop.Amount(subtotal)),
	})
}
