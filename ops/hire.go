package ops

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/quote"
)

// hireSchedule is when the hire e-mails are looked for: every half hour
// (each goes once, so a late tick only delays it), off PocketBase's hour.
const hireSchedule = "17,47 * * * *"

// bindHireJobs schedules the hire e-mails: the reminder the day before a
// hire's return and the overdue notice (shop.RemindHires).
func bindHireJobs(app core.App) {
	app.Cron().MustAdd("stageshopHireReminders", hireSchedule, func() {
		n, err := shop.RemindHires(app)
		if err != nil {
			app.Logger().Error("hire e-mails", "error", err.Error())
		} else if n > 0 {
			app.Logger().Info("queued hire e-mails", "emails", n)
		}
	})
}

// quoteSchedule is when quotes are expired and reminded: every half hour.
const quoteSchedule = "23,53 * * * *"

// bindQuoteJobs schedules the quotes' expiry past validUntil and the
// reminder two days before it (quote.RunJobs).
func bindQuoteJobs(app core.App) {
	app.Cron().MustAdd("stageshopQuotes", quoteSchedule, func() {
		expired, reminded, err := quote.RunJobs(app, time.Now())
		if err != nil {
			app.Logger().Error("quote jobs", "error", err.Error())
		} else if expired+reminded > 0 {
			app.Logger().Info("quote jobs", "expired", expired, "reminded", reminded)
		}
	})
}
