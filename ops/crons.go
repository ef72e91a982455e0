package ops

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/cart"
)

// The shop's crons, at minutes away from PocketBase's own jobs (on the
// hour and at midnight). PocketBase's scheduler starts with `serve`.
const (
	cleanupSchedule      = "23 * * * *" // unused uploads: hourly
	refreshTokenSchedule = "17 4 * * *" // expired refresh tokens: daily
	guestCartSchedule    = "41 4 * * *" // abandoned guest carts: daily
)

// bindCrons schedules the shop's clean-ups.
func bindCrons(app core.App) {
	app.Cron().MustAdd("stageshopUnusedImages", cleanupSchedule, func() {
		n, err := RemoveUnusedImages(app, time.Now().Add(-UnusedImageAge))
		logCleanup(app, "unused images", n, err)
	})
	app.Cron().MustAdd("stageshopPruneRefreshTokens", refreshTokenSchedule, func() {
		logCleanup(app, "refresh tokens", -1, account.PruneRefreshTokens(app))
	})
	app.Cron().MustAdd("stageshopPruneGuestCarts", guestCartSchedule, func() {
		n, err := cart.PruneGuests(app)
		logCleanup(app, "guest carts", n, err)
	})
}

// logCleanup logs a clean-up's failure, or how many records it removed
// (n < 0: not counted).
func logCleanup(app core.App, what string, n int, err error) {
	switch {
	case err != nil:
		app.Logger().Error("cleaning up "+what, "error", err.Error(), "removed", n)
	case n > 0:
		app.Logger().Info("removed "+what, "removed", n)
	}
}
