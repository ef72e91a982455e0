package routes

import (
	"errors"
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

// stockAlertBody is the body of the stock-alert route; a signed-in
// shopper's e-mail and language come from the account.
type stockAlertBody struct {
	Email     string `json:"email"`
	Language  string `json:"language"`
	VariantID string `json:"variantId"`
}

func subscribeStockAlert(e *core.RequestEvent) error {
	var body stockAlertBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	in := shop.AlertInput{Email: body.Email, Language: body.Language}
	if u := shopUser(e); u != nil {
		in.Email, in.UserID = u.Email(), u.Id
		if lang := u.GetString("language"); lang != "" {
			in.Language = lang
		}
	}
	created, err := shop.SubscribeStockAlert(e.App, e.Request.PathValue("id"), body.VariantID, in)
	switch {
	case errors.Is(err, shop.ErrProductNotFound):
		return errProductNotFound
	case errors.Is(err, shop.ErrInStock):
		return newError(http.StatusConflict, "in_stock", "This product is in stock: it can be bought now")
	case err != nil:
		return err
	case created:
		return e.JSON(http.StatusCreated, wire.Message{Message: "We will e-mail you when it is back in stock"})
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "You are already on the list for this product"})
}
