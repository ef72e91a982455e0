package routes

import (
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// registerCart binds the /api/cart routes: the signed-in user's cart, or a
// guest's by X-Session-Id.
func registerCart(se *core.ServeEvent) {
	g := shopGroup(se, "/api/cart")
	g.GET("", getCart)
	g.GET("/summary", getCartSummary)
	g.POST("/items", addCartItem)
	g.PUT("/items/{id}", updateCartItem)
	g.DELETE("/items/{id}", removeCartItem)
	g.DELETE("", clearCart)
	g.POST("/merge", mergeCart).Bind(signedIn())
}

// answerCart writes a cart, or returns err for shopErrors to answer.
func answerCart(e *core.RequestEvent, cart *shop.Cart, err error) error {
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, cart)
}

func getCart(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	cart, err := shop.GetCart(e.App, owner)
	return answerCart(e, cart, err)
}

func getCartSummary(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	sum, err := shop.GetCartSummary(e.App, owner)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, sum)
}

// addItemBody is the body of POST /api/cart/items.
type addItemBody struct {
	ProductID string          `json:"productId"`
	VariantID string          `json:"variantId"`
	Quantity  json.RawMessage `json:"quantity"`
}

func addCartItem(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	var body addItemBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	if body.ProductID == "" {
		return validationError(map[string]string{"productId": "This field is required"})
	}
	qty, err := wholeNumber(body.Quantity, "quantity", 1, shop.MaxStockQuantity)
	if err != nil {
		return err
	}
	if err := checkNewGuestCart(e, owner); err != nil {
		return err
	}
	cart, err := shop.AddToCart(e.App, owner, body.ProductID, body.VariantID, int(qty))
	return answerCart(e, cart, err)
}

// quantityBody is the body of PUT /api/cart/items/{id}.
type quantityBody struct {
	Quantity json.RawMessage `json:"quantity"`
}

func updateCartItem(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	var body quantityBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	qty, err := wholeNumber(body.Quantity, "quantity", 1, shop.MaxStockQuantity)
	if err != nil {
		return err
	}
	cart, err := shop.UpdateCartItem(e.App, owner, e.Request.PathValue("id"), int(qty))
	return answerCart(e, cart, err)
}

func removeCartItem(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	cart, err := shop.RemoveCartItem(e.App, owner, e.Request.PathValue("id"))
	return answerCart(e, cart, err)
}

func clearCart(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	if err := shop.ClearCart(e.App, owner); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Cart cleared successfully"})
}

// mergeBody is the body of POST /api/cart/merge.
type mergeBody struct {
	SessionID string `json:"sessionId"`
}

func mergeCart(e *core.RequestEvent) error {
	user := e.Auth
	var body mergeBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	merged, err := shop.MergeCarts(e.App, user.Id, body.SessionID)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, merged)
}
