package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// promoCodeRateLimit is the per-IP limit of promotion codes tried (issue
// 45, api.md: applying codes is rate limited per address; PocketBase's
// limiter counts the path, admins tune it in the dashboard). Ten a minute
// is more than a shopper types and too few to guess codes.
var promoCodeRateLimit = core.RateLimitRule{Label: "POST /api/cart/discount", MaxRequests: 10, Duration: 60}

// Adds the rule unless an operator already made one of that label.
func init() {
	m.Register(func(app core.App) error {
		return addRateLimit(app, promoCodeRateLimit)
	}, func(app core.App) error {
		return removeRateLimit(app, promoCodeRateLimit.Label)
	})
}
