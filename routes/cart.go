package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/cart"
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
	g.POST("/discount", applyCartCode)
	g.DELETE("/discount", removeCartCode)
}

// codeInput is the body of POST /api/cart/discount.
type codeInput struct {
	Code string `json:"code"`
}

// applyCartCode puts a promotion code on the cart (rate limited per
// address by the "POST /api/cart/discount" rule, so codes cannot be
// guessed by the thousand).
func applyCartCode(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	var in codeInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	c, err := cart.ApplyCode(e.App, owner, in.Code)
	return answerCart(e, c, err)
}

// removeCartCode takes the code off the cart.
func removeCartCode(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	c, err := cart.RemoveCode(e.App, owner)
	return answerCart(e, c, err)
}

// answerCart writes a cart, or returns err for shopErrors to answer.
func answerCart(e *core.RequestEvent, c *cart.Cart, err error) error {
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, c)
}

// getCart answers the cart; with ?country= (and state, shippingMethod)
// it carries the taxEstimate for that address.
func getCart(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	q := e.Request.URL.Query()
	c, err := shop.GetCartEstimate(e.App, owner, shop.TaxAddress{
		Country: q.Get("country"), State: q.Get("state"), ShippingMethod: q.Get("shippingMethod")})
	return answerCart(e, c, err)
}

func getCartSummary(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	sum, err := cart.GetSummary(e.App, owner)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, sum)
}

func addCartItem(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	var in cart.ItemInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if err := checkNewGuestCart(e, owner); err != nil {
		return err
	}
	var c *cart.Cart
	if in.Hire != nil {
		c, err = cart.AddHire(e.App, owner, in.ProductID, in.VariantID, in.Count(), *in.Hire)
	} else {
		c, err = cart.Add(e.App, owner, in.ProductID, in.VariantID, in.Count())
	}
	return answerCart(e, c, err)
}

func updateCartItem(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	var in cart.QuantityInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	c, err := cart.UpdateItem(e.App, owner, e.Request.PathValue("id"), in.Count())
	return answerCart(e, c, err)
}

func removeCartItem(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	c, err := cart.RemoveItem(e.App, owner, e.Request.PathValue("id"))
	return answerCart(e, c, err)
}

func clearCart(e *core.RequestEvent) error {
	owner, err := cartOwner(e)
	if err != nil {
		return err
	}
	if err := cart.Clear(e.App, owner); err != nil {
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
	merged, err := cart.Merge(e.App, user.Id, body.SessionID)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, merged)
}
