package routes

import (
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/cart"
)

// lineConflict is the 409 for order lines that cannot be fulfilled, each
// under errors["items.{productId}"]. When stock is short the code is
// insufficient_stock, the message that of the first short line (as for a
// cart line) and available what is left of each short product; when
// products merely vanished from sale the code is product_unavailable.
func lineConflict(lines shop.LineErrors) *apiError {
	ids := slices.Sorted(maps.Keys(lines))
	ae := newError(http.StatusConflict, "product_unavailable", "Some products in your cart are no longer available")
	for _, id := range ids {
		if lines[id].Short {
			ae.Code, ae.Message = "insufficient_stock", lines[id].Error()
			ae.Available = lines.Available()
			break
		}
	}
	// By variant, and by product (the contract's key: the first failing
	// variant's message when two of one product fail).
	ae.Errors = make(map[string]string, 2*len(lines))
	for _, id := range ids {
		l := lines[id]
		ae.Errors["items."+id] = l.Error()
		if key := "items." + l.ProductID; l.ProductID != "" && ae.Errors[key] == "" {
			ae.Errors[key] = l.Error()
		}
	}
	return ae
}

// totalChanged is the 409 for an order whose total is not the one the
// shopper saw; it carries the server's figures so the app can show them.
func totalChanged(c *shop.TotalChangedError) *apiError {
	ae := newError(http.StatusConflict, "total_changed", "The order total has changed; please review it and place the order again")
	total, subtotal, discount, shipping, tax := c.Total, c.Subtotal, c.Discount, c.Shipping, c.Tax
	ae.Total, ae.Subtotal, ae.Discount, ae.Shipping, ae.Tax = &total, &subtotal, &discount, &shipping, &tax
	return ae
}

// cartOwner says whose cart a request is about: the signed-in user, or the
// guest session of X-Session-Id. A bearer token that PocketBase could not
// verify is 401, so the app refreshes its token instead of losing the cart.
func cartOwner(e *core.RequestEvent) (cart.Owner, error) {
	if u := shopUser(e); u != nil {
		return cart.Owner{UserID: u.Id}, nil
	}
	if e.Auth == nil && strings.TrimSpace(e.Request.Header.Get("Authorization")) != "" {
		return cart.Owner{}, newError(http.StatusUnauthorized, "unauthorized", "Authentication required")
	}
	owner := cart.Owner{SessionID: e.Request.Header.Get("X-Session-Id")}
	switch {
	case owner.SessionID == "":
		return owner, cart.ErrSessionRequired
	case !cart.ValidSessionID(owner.SessionID):
		return owner, cart.ErrBadSessionID
	}
	return owner, nil
}
