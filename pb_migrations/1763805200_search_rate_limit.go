package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// searchRateLimit is the per-IP limit of searches and suggestions (issue
// 43, routes.SearchRule; the shop counts them, the rule lives among
// PocketBase's so admins tune it in the dashboard): 300 a minute is five a
// second, more than a shopper typing or an office behind one address asks.
var searchRateLimit = core.RateLimitRule{Label: "shop:search", MaxRequests: 300, Duration: 60}

// Adds the search rule to the app's rate limits unless an operator already
// made one of that label.
func init() {
	m.Register(func(app core.App) error {
		return addRateLimit(app, searchRateLimit)
	}, func(app core.App) error {
		return removeRateLimit(app, searchRateLimit.Label)
	})
}
