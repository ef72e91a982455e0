package ops

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// Schedules of the payment jobs, away from PocketBase's own (on the hour).
const (
	holdsSchedule     = "* * * * *"    // unpaid card orders past their hold; refunds without an answer
	reconcileSchedule = "*/5 * * * *"  // card orders whose webhook is late
	remindersSchedule = "41 * * * *"   // overdue invoices
	transfersSchedule = "*/10 * * * *" // unpaid bank transfers: reminders, then expiry
)

// bindPaymentJobs schedules the payment jobs: expiry of unpaid card
// orders (cancelled and restocked), reconciliation with the provider,
// the one overdue reminder of each invoice, and the reminder and expiry of
// unpaid bank transfers.
func bindPaymentJobs(app core.App) {
	logErr := func(what string, n int, err error) {
		if err != nil {
			app.Logger().Error(what, "error", err.Error())
		} else if n > 0 {
			app.Logger().Info(what, "orders", n)
		}
	}
	app.Cron().MustAdd("stageshopPaymentHolds", holdsSchedule, func() {
		n, err := shop.ExpireUnpaidOrders(app, time.Now())
		logErr("expired unpaid card orders", n, err)
		logErr("retried refunds", 0, shop.ProcessRequestedRefunds(app))
	})
	app.Cron().MustAdd("stageshopPaymentReconcile", reconcileSchedule, func() {
		n, err := shop.ReconcileCardOrders(app, time.Now())
		logErr("asked the payment provider about pending card orders", n, err)
	})
	app.Cron().MustAdd("stageshopInvoiceReminders", remindersSchedule, func() {
		n, err := shop.RemindOverdueInvoices(app, time.Now())
		logErr("sent overdue invoice reminders", n, err)
	})
	app.Cron().MustAdd("stageshopTransferHolds", transfersSchedule, func() {
		reminded, expired, err := shop.ExpireUnpaidTransfers(app, time.Now())
		logErr("reminded unpaid bank transfers", reminded, err)
		logErr("expired unpaid bank transfers", expired, nil)
	})
}
