package shop

import (
	"context"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
)

// ReconcileAfter is how long a card order waits for its webhook before the
// reconciliation job asks the provider.
const ReconcileAfter = 10 * time.Minute

// expirable reports whether an unpaid card order's hold is over at now.
func expirable(order *core.Record, now time.Time) bool {
	hold := order.GetDateTime("holdUntil").Time()
	return order.GetString("paymentMethod") == MethodCard && order.GetString("paymentStatus") == PayPending &&
		order.GetString("status") == StatusCreated && !hold.IsZero() && !now.Before(hold)
}

// expireOrder cancels an unpaid card order whose hold is over, in the
// caller's transaction: Cancelled and restocked exactly like a cancel (the
// order hooks), its pages closed, the ledger and the shopper's e-mail.
func expireOrder(txApp core.App, order *core.Record) error {
	return expireUnpaid(txApp, order, ProviderStripe, mailPaymentExpired)
}

// expireUnpaid is expireOrder for an order of provider's, told by an
// e-mail of kind.
func expireUnpaid(txApp core.App, order *core.Record, provider, kind string) error {
	order.Set("paymentStatus", PayExpired)
	order.Set("status", StatusCancelled)
	if err := txApp.Save(order); err != nil {
		return err
	}
	_, err := txApp.DB().Update(PaymentAttemptsCollection, dbx.Params{"status": AttemptExpired},
		dbx.HashExp{"orderRef": order.Id, "status": []any{AttemptOpen, AttemptCreating}}).Execute()
	if err != nil {
		return err
	}
	entry := ledgerEntry{Provider: provider, OrderID: order.Id, Type: EvExpired, Amount: cents(order, "amountDueCents"), Currency: Currency}
	if err := entry.record(txApp); err != nil {
		return err
	}
	return queuePaymentMail(txApp, order, kind, "")
}

// ExpireUnpaidOrders expires every unpaid card order whose hold ended by
// now, each in its own transaction (a webhook settling one meanwhile
// wins: the order is checked again inside). It returns how many expired.
func ExpireUnpaidOrders(app core.App, now time.Time) (int, error) {
	var ids []string
	err := app.DB().Select("id").From(OrdersCollection).
		Where(dbx.HashExp{"paymentStatus": PayPending}).
		AndWhere(dbx.NewExp("holdUntil != '' AND holdUntil <= {:now}", dbx.Params{"now": storedTime(now)})).
		Column(&ids)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		expired := false
		err := db.Write(app, func(txApp core.App) error {
			expired = false
			order, err := findOrder(txApp, id)
			if err != nil || !expirable(order, now) {
				return err
			}
			expired = true
			return expireOrder(txApp, order)
		})
		if err != nil {
			return n, err
		}
		if expired {
			n++
		}
	}
	return n, nil
}

// ReconcileCardOrders asks the provider about card orders still pending
// ReconcileAfter after they were placed and applies what it says through
// the webhook's transition code, so a lost webhook loses nothing. It also
// asks again for refunds that got no answer. It returns how many pages it
// asked about.
func ReconcileCardOrders(app core.App, now time.Time) (int, error) {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return 0, err
	}
	provider, err := cardProvider(app, s)
	if err != nil {
		return 0, nil // no card payments: nothing to ask
	}
	var refs []string
	err = app.DB().NewQuery(`SELECT a.reference FROM payment_attempts a JOIN orders o ON o.id = a.orderRef
		WHERE o.paymentStatus = 'pending' AND o.created <= {:before} AND a.reference != ''
		AND a.status IN ('creating', 'open')`).
		Bind(dbx.Params{"before": storedTime(now.Add(-ReconcileAfter))}).Column(&refs)
	if err != nil {
		return 0, err
	}
	for _, ref := range refs {
		ctx, cancel := context.WithTimeout(context.Background(), providerTimeout)
		sess, err := provider.GetCheckout(ctx, ref)
		cancel()
		if err != nil {
			app.Logger().Warn("reconciliation could not ask about a payment page", "session", ref, "error", err.Error())
			continue
		}
		if ev := reconcileEvent(sess); ev != nil {
			if err := ApplyProviderEvent(app, ev); err != nil {
				return 0, err
			}
		}
	}
	return len(refs), ProcessRequestedRefunds(app)
}

// reconcileEvent is the event a page's state stands for (nil while open
// and unpaid). Its id names the page and the state, so asking twice
// applies once, and a webhook for the same page finds it settled.
func reconcileEvent(sess *CheckoutSession) *ProviderEvent {
	ev := &ProviderEvent{Created: time.Now().UTC(), Session: sess}
	switch {
	case sess.Paid:
		ev.ID, ev.Type = "reconcile_"+sess.ID+"_paid", EventSessionCompleted
	case sess.Status == "expired":
		ev.ID, ev.Type = "reconcile_"+sess.ID+"_expired", EventSessionExpired
	default:
		return nil
	}
	return ev
}

// ProcessRequestedRefunds asks the provider again for every refund that
// is still only requested.
func ProcessRequestedRefunds(app core.App) error {
	var ids []string
	err := app.DB().Select("id").From(RefundsCollection).
		Where(dbx.HashExp{"status": RefundRequested, "provider": ProviderStripe}).Column(&ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := processRefund(app, id); err != nil {
			app.Logger().Warn("refund not made yet", "refund", id, "error", err.Error())
		}
	}
	return nil
}

// RemindOverdueInvoices sends the one overdue reminder of every unpaid
// invoice order whose due date passed by now. It returns how many.
func RemindOverdueInvoices(app core.App, now time.Time) (int, error) {
	var ids []string
	err := app.DB().Select("id").From(OrdersCollection).
		Where(dbx.HashExp{"paymentMethod": MethodInvoice, "paymentStatus": []any{PayAwaiting, PayPartiallyPaid}, "reminderSentAt": ""}).
		AndWhere(dbx.NewExp("dueDate != '' AND dueDate < {:now} AND status != 'Cancelled'", dbx.Params{"now": storedTime(now)})).
		Column(&ids)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		err := db.Write(app, func(txApp core.App) error {
			order, err := findOrder(txApp, id)
			if err != nil || !order.GetDateTime("reminderSentAt").IsZero() {
				return err
			}
			order.Set("reminderSentAt", now)
			if err := txApp.Save(order); err != nil {
				return err
			}
			entry := ledgerEntry{Provider: ProviderManual, OrderID: id, Type: EvOverdueReminder,
				Amount: cents(order, "amountDueCents") - cents(order, "amountPaidCents"), Currency: Currency}
			if err := entry.record(txApp); err != nil {
				return err
			}
			return queuePaymentMail(txApp, order, mailInvoiceOverdue, "")
		})
		if err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}
