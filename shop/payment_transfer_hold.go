package shop

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
)

// Unpaid bank transfers (issue 43, stock hoarding: one transfer order took
// every unit of three products with no hold and no expiry). A transfer
// order holds its stock until holdUntil, the setting transferHoldDays
// after its payment opened (placement, or the freight quote); a reminder
// goes out a day before (half the hold when it is one day), and once the
// hold is over and the reminder at least that long ago, the order is
// cancelled and restocked, and the customer told. Orders an admin moved on
// (Processing and later) or that received money are never expired.

// EvTransferReminder is the ledger's record of a transfer's reminder.
const EvTransferReminder = "transfer_reminder"

// transferReminderLead is how long before a transfer's hold ends its
// reminder goes out, and how long after the reminder it may expire.
func transferReminderLead(s PaymentSettings) time.Duration {
	return min(24*time.Hour, s.TransferHold()/2)
}

// unpaidTransfer reports whether order is an unpaid bank transfer still
// holding its stock.
func unpaidTransfer(order *core.Record) bool {
	return order.GetString("paymentMethod") == MethodBankTransfer && order.GetString("paymentStatus") == PayAwaiting &&
		order.GetString("status") == StatusCreated && cents(order, "amountPaidCents") == 0 &&
		!order.GetDateTime("holdUntil").IsZero()
}

// transferIDs are the unpaid bank-transfer orders whose holdUntil is at or
// before until, with or without their reminder sent.
func transferIDs(app core.App, until time.Time, reminded bool) ([]string, error) {
	var ids []string
	sent := "reminderSentAt = ''"
	if reminded {
		sent = "reminderSentAt != ''"
	}
	err := app.DB().Select("id").From(OrdersCollection).
		Where(dbx.HashExp{"paymentMethod": MethodBankTransfer, "paymentStatus": PayAwaiting, "status": StatusCreated}).
		AndWhere(dbx.NewExp("holdUntil != '' AND holdUntil <= {:until} AND "+sent, dbx.Params{"until": storedTime(until)})).
		Column(&ids)
	return ids, err
}

// ExpireUnpaidTransfers sends the reminder of every unpaid bank transfer
// whose hold ends within the lead, then expires those whose hold is over
// and whose reminder went out at least the lead before now. Each order is
// checked again inside its own transaction, so concurrent runs (two cron
// ticks, two servers) remind, cancel and restock each order once. It
// returns how many it reminded and expired.
func ExpireUnpaidTransfers(app core.App, now time.Time) (reminded, expired int, err error) {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return 0, 0, err
	}
	lead := transferReminderLead(s)
	ids, err := transferIDs(app, now.Add(lead), false)
	if err != nil {
		return 0, 0, err
	}
	for _, id := range ids {
		done, err := onTransfer(app, id, func(txApp core.App, order *core.Record) (bool, error) {
			if !order.GetDateTime("reminderSentAt").IsZero() || order.GetDateTime("holdUntil").Time().After(now.Add(lead)) {
				return false, nil
			}
			return true, remindTransfer(txApp, order, now)
		})
		if err != nil {
			return reminded, expired, err
		}
		reminded += done
	}
	if ids, err = transferIDs(app, now, true); err != nil {
		return reminded, expired, err
	}
	for _, id := range ids {
		done, err := onTransfer(app, id, func(txApp core.App, order *core.Record) (bool, error) {
			sent := order.GetDateTime("reminderSentAt").Time()
			if sent.IsZero() || now.Before(sent.Add(lead)) || now.Before(order.GetDateTime("holdUntil").Time()) {
				return false, nil
			}
			return true, expireUnpaid(txApp, order, ProviderManual, mailTransferExpired)
		})
		if err != nil {
			return reminded, expired, err
		}
		expired += done
	}
	return reminded, expired, nil
}

// onTransfer runs fn on order id in a write transaction when it is still
// an unpaid transfer; 1 when fn did its change.
func onTransfer(app core.App, id string, fn func(txApp core.App, order *core.Record) (bool, error)) (int, error) {
	done := false
	err := db.Write(app, func(txApp core.App) error {
		done = false
		order, err := findOrder(txApp, id)
		if err != nil || !unpaidTransfer(order) {
			return err
		}
		done, err = fn(txApp, order)
		return err
	})
	if err != nil || !done {
		return 0, err
	}
	return 1, nil
}

// remindTransfer records and queues the reminder of an unpaid transfer:
// the amount, the reference, the bank details and the day it expires.
func remindTransfer(txApp core.App, order *core.Record, now time.Time) error {
	order.Set("reminderSentAt", now)
	if err := txApp.Save(order); err != nil {
		return err
	}
	entry := ledgerEntry{Provider: ProviderManual, OrderID: order.Id, Type: EvTransferReminder,
		Amount: cents(order, "amountDueCents"), Currency: Currency}
	if err := entry.record(txApp); err != nil {
		return err
	}
	return queuePaymentMail(txApp, order, mailTransferReminder, "")
}
