// Package ops is what an operator needs around the shop: a graceful stop
// that lets requests in flight finish, Prometheus metrics (GET
// /api/metrics), the crons that clean up (unused uploads, expired refresh
// tokens, abandoned guest carts) and the configuration read from the
// environment. See README.md, "Operating StageShop".
package ops

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/ops/ha"
	"stageshop/shop/account"
)

// Register binds the operations hooks and crons to app, bounds the
// server's connections when it serves (STAGESHOP_READ_HEADER_TIMEOUT,
// STAGESHOP_MAX_CONNS_PER_IP), and applies STAGESHOP_ACCESS_TOKEN_TTL when
// it bootstraps (a bad value stops the start with a clear error).
func Register(app core.App) {
	bindGracefulStop(app)
	bindConnLimits(app)
	bindCrons(app)
	bindPaymentJobs(app)
	bindHireJobs(app)
	bindQuoteJobs(app)
	// A standby's fence (STAGESHOP_HA_FENCE; README, "Past one machine").
	ha.Register(app)
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return account.ApplyAccessTokenTTL(e.App)
	})
}
