package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// orderRateLimits bound placing and cancelling orders (issue 27: eight
// order-cancel cycles took 0.15 s). Per IP, PocketBase's limiter counts
// them by path ("POST /api/checkout/orders/" is every action on an own
// order: cancel); per customer, the shop counts the perUser: tags by user
// id. Windows of 10 minutes: a shopper places a few orders an hour, an
// office behind one address a few more.
var orderRateLimits = []core.RateLimitRule{
	{Label: "POST /api/checkout/create-order", MaxRequests: 20, Duration: 600},
	{Label: "POST /api/checkout/orders/", MaxRequests: 20, Duration: 600},
	{Label: "perUser:createOrder", MaxRequests: 10, Duration: 600},
	{Label: "perUser:cancelOrder", MaxRequests: 10, Duration: 600},
}

func init() {
	m.Register(rateLimitsMigration(orderRateLimits...))
}
