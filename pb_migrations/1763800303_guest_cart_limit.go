package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// guestCartRule limits new guest carts per IP (the shop counts them itself,
// see routes.NewGuestCartRule; the rule lives here so admins can tune it in
// the dashboard): a shopper needs one, an office or a phone network a few.
var guestCartRule = core.RateLimitRule{Label: "shop:newGuestCart", MaxRequests: 30, Duration: 3600}

func init() {
	m.Register(rateLimitsMigration(guestCartRule))
}
