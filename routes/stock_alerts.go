package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// registerStockAlerts binds POST /api/products/{id}/stock-alerts: "notify
// me when available" on a sold-out product (rate limited per IP by the
// "POST /api/products/" rule).
func registerStockAlerts(se *core.ServeEvent) {
	shopGroup(se, "/api/products").POST("/{id}/stock-alerts", subscribeStockAlert)
}

// subscribeStockAlert: a signed-in shopper's e-mail and language come
// from the account.
func subscribeStockAlert(e *core.RequestEvent) error {
	var in shop.AlertInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if u := shopUser(e); u != nil {
		in.Email, in.UserID = u.Email(), u.Id
		if lang := u.GetString("language"); lang != "" {
			in.Language = lang
		}
	}
	created, err := shop.SubscribeStockAlert(e.App, e.Request.PathValue("id"), in.VariantID, in)
	switch {
	case err != nil:
		return err
	case created:
		return e.JSON(http.StatusCreated, wire.Message{Message: "We will e-mail you when it is back in stock"})
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "You are already on the list for this product"})
}
