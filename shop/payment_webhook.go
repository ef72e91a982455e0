package shop

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
)

// effects are what a transition does after its transaction commits:
// refunds to ask of the provider, hosted pages to close.
type effects struct {
	refunds []string
	close   []string
}

// writeWithEffects runs fn in one write transaction and the effects fn
// collects once it commits, after PocketBase's own events of what fn saved
// (so a refund's later save is never broadcast before them).
func writeWithEffects(app core.App, fn func(txApp core.App, fx *effects) error) error {
	return db.Write(app, func(txApp core.App) error {
		fx := &effects{}
		if err := fn(txApp, fx); err != nil {
			return err
		}
		db.AfterCommit(txApp, fx.run)
		return nil
	})
}

func (f *effects) run(app core.App) {
	closeCheckouts(app, f.close)
	for _, id := range f.refunds {
		if err := processRefund(app, id); err != nil {
			app.Logger().Warn("refund not made yet; the payments job retries it", "refund", id, "error", err.Error())
		}
	}
}

// HandleCardWebhook verifies a provider's webhook on its raw body and
// applies the event once: a repeat (same event id) changes nothing, an
// event of another shop on the same account is ignored, one about an
// unknown order is recorded and logged. A bad signature is
// ErrBadSignature; anything else the provider should not retry is nil.
func HandleCardWebhook(app core.App, payload []byte, signature string) error {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return err
	}
	provider, err := cardProvider(app, s)
	if err != nil {
		return ErrBadSignature // no secret to check against: nothing is trusted
	}
	ev, err := provider.ParseEvent(payload, signature)
	if err != nil {
		return ErrBadSignature
	}
	return ApplyProviderEvent(app, ev)
}

// ApplyProviderEvent applies a verified event in one transaction with its
// ledger row, then runs its effects.
func ApplyProviderEvent(app core.App, ev *ProviderEvent) error {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return err
	}
	return writeWithEffects(app, func(txApp core.App, fx *effects) error {
		if seen, err := eventSeen(txApp, ProviderStripe, ev.ID); err != nil || seen {
			return err
		}
		switch {
		case ev.Session != nil:
			return applySessionEvent(txApp, s, ev, fx)
		case ev.Charge != nil && ev.Type == EventChargeRefunded:
			return applyChargeRefunded(txApp, ev)
		case ev.Charge != nil && ev.Type == EventDisputeCreated:
			return applyDispute(txApp, ev)
		}
		return nil // an event type the shop does not act on
	})
}

// applySessionEvent applies a checkout.session.* event.
func applySessionEvent(txApp core.App, s PaymentSettings, ev *ProviderEvent, fx *effects) error {
	sess := ev.Session
	if s.ShopID == "" || sess.ShopID != s.ShopID {
		return nil // another shop's page on the same account
	}
	entry := ledgerEntry{Provider: ProviderStripe, EventID: ev.ID, Amount: sess.Amount, Currency: sess.Currency, At: ev.Created}
	order, err := findOrder(txApp, sess.OrderID)
	if errors.Is(err, ErrOrderNotFound) {
		txApp.Logger().Warn("payment event for an unknown order", "event", ev.ID, "type", ev.Type, "order", sess.OrderID)
		entry.Type, entry.Note = EvUnknownOrder, "order "+sess.OrderID
		return entry.record(txApp)
	}
	if err != nil {
		return err
	}
	entry.OrderID = order.Id
	attempt, err := findAttempt(txApp, order.Id, sess)
	if err != nil {
		return err
	}
	switch ev.Type {
	case EventSessionCompleted, EventSessionAsyncSucceeded:
		if !sess.Paid {
			entry.Type, entry.Note = EvNoChange, "payment still processing"
			return entry.record(txApp)
		}
		return settlePaid(txApp, order, attempt, sess, entry, fx)
	case EventSessionAsyncFailed:
		entry.Type = EvPaymentFailed
		if err := setAttemptStatus(txApp, attempt, AttemptFailed, sess); err != nil {
			return err
		}
		return entry.record(txApp)
	case EventSessionExpired:
		return sessionExpired(txApp, order, attempt, sess, entry)
	}
	return nil
}

// findAttempt finds the attempt a session belongs to: by its reference,
// else by the attempt number in its metadata (the event can arrive before
// the reference was stored); nil when neither matches.
func findAttempt(txApp core.App, orderID string, sess *CheckoutSession) (*core.Record, error) {
	a, err := txApp.FindFirstRecordByFilter(PaymentAttemptsCollection, "orderRef = {:o} && reference = {:r}",
		dbx.Params{"o": orderID, "r": sess.ID})
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return a, err
	}
	a, err = txApp.FindFirstRecordByFilter(PaymentAttemptsCollection, "orderRef = {:o} && attempt = {:n}",
		dbx.Params{"o": orderID, "n": sess.Attempt})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err == nil && a.GetString("reference") != "" && a.GetString("reference") != sess.ID {
		return nil, nil // that attempt has another page
	}
	return a, err
}

// setAttemptStatus records what became of an attempt (a completed one
// stays completed).
func setAttemptStatus(txApp core.App, a *core.Record, status string, sess *CheckoutSession) error {
	if a == nil || a.GetString("status") == AttemptComplete {
		return nil
	}
	a.Set("status", status)
	if a.GetString("reference") == "" {
		a.Set("reference", sess.ID)
	}
	if sess.PaymentIntent != "" {
		a.Set("paymentIntent", sess.PaymentIntent)
	}
	return txApp.SaveNoValidate(a)
}

// settlePaid applies money taken on a hosted page. The page's own amount
// and currency must match: otherwise nothing is paid and the order is
// flagged. Money for an order that no longer owes it (expired, cancelled,
// or paid through another page) is given back at once.
func settlePaid(txApp core.App, order, attempt *core.Record, sess *CheckoutSession, entry ledgerEntry, fx *effects) error {
	if attempt != nil && attempt.GetString("status") == AttemptComplete {
		entry.Type, entry.Note = EvNoChange, "page already settled"
		return entry.record(txApp)
	}
	expected := cents(order, "amountDueCents") - cents(order, "amountPaidCents")
	if attempt != nil {
		expected = cents(attempt, "amountCents")
	}
	if sess.Currency != Currency || sess.Amount != expected {
		entry.Type = EvAmountMismatch
		entry.Note = "expected " + Amount(expected).String() + " USD, got " + Amount(sess.Amount).String() + " " + sess.Currency
		order.Set("paymentFlag", FlagAmountMismatch)
		if err := txApp.Save(order); err != nil {
			return err
		}
		if err := setAttemptStatus(txApp, attempt, AttemptComplete, sess); err != nil {
			return err
		}
		return entry.record(txApp)
	}
	if err := setAttemptStatus(txApp, attempt, AttemptComplete, sess); err != nil {
		return err
	}
	outstanding := cents(order, "amountDueCents") - cents(order, "amountPaidCents")
	if order.GetString("status") == StatusCancelled || !IsUnpaid(order.GetString("paymentStatus")) || sess.Amount > outstanding {
		return givePaymentBack(txApp, order, sess, entry, fx)
	}
	order.Set("amountPaidCents", cents(order, "amountPaidCents")+sess.Amount)
	order.Set("paidAt", entry.At)
	setPaymentStatus(order)
	if err := txApp.Save(order); err != nil {
		return err
	}
	entry.Type = EvPaid
	if err := entry.record(txApp); err != nil {
		return err
	}
	if err := onInvoiceable(txApp, order); err != nil {
		return err
	}
	others, err := openAttemptRefs(txApp, order.Id)
	if err != nil {
		return err
	}
	fx.close = append(fx.close, others...)
	return queuePaymentMail(txApp, order, mailPaymentReceived, entry.EventID, sess.Amount)
}

// givePaymentBack records money the order did not owe and asks for its
// refund after the commit (flagged for the admin if it cannot be made).
func givePaymentBack(txApp core.App, order *core.Record, sess *CheckoutSession, entry ledgerEntry, fx *effects) error {
	entry.Type = EvLatePayment
	entry.Note = "order " + order.GetString("status") + ", payment " + order.GetString("paymentStatus") + ": refunded automatically"
	if err := entry.record(txApp); err != nil {
		return err
	}
	r, err := newRefund(txApp, order, refundSpec{Amount: sess.Amount, Provider: ProviderStripe,
		PaymentIntent: sess.PaymentIntent, Reason: "payment after the order closed", Surplus: true})
	if err != nil {
		return err
	}
	fx.refunds = append(fx.refunds, r.Id)
	return nil
}

// sessionExpired closes the attempt of an expired page; when the order's
// hold is over too, the order expires now rather than at the next job.
func sessionExpired(txApp core.App, order, attempt *core.Record, sess *CheckoutSession, entry ledgerEntry) error {
	entry.Type = EvSessionExpired
	if err := setAttemptStatus(txApp, attempt, AttemptExpired, sess); err != nil {
		return err
	}
	if err := entry.record(txApp); err != nil {
		return err
	}
	if expirable(order, time.Now().Add(time.Minute)) {
		return expireOrder(txApp, order)
	}
	return nil
}
