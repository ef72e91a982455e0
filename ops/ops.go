// Package ops is what an operator needs around the shop: a graceful stop
// that lets requests in flight finish, Prometheus metrics (GET
// /api/metrics) and the cron that removes uploaded images no product uses.
// See README.md, "Operating StageShop".
package ops

import (
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the operations hooks, routes and crons to app.
func Register(app core.App) {
	bindGracefulStop(app)
	bindImageCleanup(app)
	bindPaymentJobs(app)
}
