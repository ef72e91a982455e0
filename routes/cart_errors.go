package routes

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/cart"
)

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
