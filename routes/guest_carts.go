package routes

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"stageshop/shop/cart"

	"github.com/pocketbase/pocketbase/core"
)

// NewGuestCartRule labels the per-IP limit of new guest carts among
// PocketBase's rate-limit rules (dashboard: Settings > Rate limits), where
// admins can tune it. A shopper needs one cart; only the first add to an
// unknown session id counts.
const NewGuestCartRule = "shop:newGuestCart"

// maxTrackedIPs bounds the counters' memory (then they start over).
const maxTrackedIPs = 100000

// guestCartCounter counts new guest carts per client IP in fixed windows.
type guestCartCounter struct {
	mu    sync.Mutex
	start map[string]time.Time
	count map[string]int
}

// guestCartCounterOf is the app's counter (one per app, so tests do not
// share one).
func guestCartCounterOf(app core.App) *guestCartCounter {
	return &stateOf(app).guestCarts
}

// allow counts one new cart for ip and reports whether it is within max
// per window.
func (c *guestCartCounter) allow(ip string, max int, window time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if now.Sub(c.start[ip]) >= window {
		if len(c.start) >= maxTrackedIPs {
			c.start, c.count = map[string]time.Time{}, map[string]int{}
		}
		c.start[ip], c.count[ip] = now, 0
	}
	c.count[ip]++
	return c.count[ip] <= max
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
	limits := e.App.Settings().RateLimits
	rule, ok := limits.FindRateLimitRule([]string{NewGuestCartRule})
	if !limits.Enabled || !ok || guestCartCounterOf(e.App).allow(e.RealIP(), rule.MaxRequests, rule.DurationTime()) {
		return nil
	}
	e.Response.Header().Set("Retry-After", strconv.FormatInt(rule.Duration, 10))
	return newError(http.StatusTooManyRequests, "rate_limited",
		"Too many new carts from your network. Please try again later.")
}
