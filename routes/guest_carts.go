package routes

import (
	"net/http"

	"stageshop/shop/cart"

	"github.com/pocketbase/pocketbase/core"
)

// NewGuestCartRule labels the per-IP limit of new guest carts among
// PocketBase's rate-limit rules (dashboard: Settings > Rate limits), where
// admins can tune it. A shopper needs one cart; only the first add to an
// unknown session id counts.
const NewGuestCartRule = "shop:newGuestCart"

// guestCartCounterOf is the app's counter of new guest carts (one per
// app, so tests do not share one).
func guestCartCounterOf(app core.App) *ipWindows {
	return &stateOf(app).guestCarts
}

// checkNewGuestCart lets a guest's add to cart through unless it would make
// a new cart with an id that is easy to guess (400) or beyond the IP's
// limit of new carts (429).
func checkNewGuestCart(e *core.RequestEvent, owner cart.Owner) error {
	if owner.SessionID == "" {
		return nil
	}
	exists, err := cart.GuestExists(e.App, owner.SessionID)
	if err != nil || exists {
		return err
	}
	if cart.WeakSessionID(owner.SessionID) {
		return newError(http.StatusBadRequest, "weak_session_id",
			"The cart session id is too easy to guess; use at least 128 random bits")
	}
	if !overShopLimit(e, guestCartCounterOf(e.App), NewGuestCartRule) {
		return nil
	}
	return newError(http.StatusTooManyRequests, "rate_limited",
		"Too many new carts from your network. Please try again later.")
}
