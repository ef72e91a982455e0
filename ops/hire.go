package ops

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
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
