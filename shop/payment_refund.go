package shop

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// Refund statuses.
const (
	RefundRequested = "requested" // recorded; the provider not asked yet (or no answer)
	RefundPending   = "pending"   // asked; the provider has not confirmed (or the shop must send it)
	RefundSucceeded = "succeeded"
	RefundFailed    = "failed"
)

// MaxRefundTries is how often the payments job asks the provider for a
// refund that got no answer before the order is flagged.
const MaxRefundTries = 5

// RefundExceedsError: a refund above what is left to refund.
type RefundExceedsError struct{ Refundable Amount }

func (e *RefundExceedsError) Error() string {
	return "A refund cannot exceed what was paid: at most " + e.Refundable.String() + " can be refunded"
}

// Problem is 409 refund_exceeds_paid with what is left to refund.
func (e *RefundExceedsError) Problem() *wire.Problem {
	p := wire.Conflict("refund_exceeds_paid", e.Error())
	left := e.Refundable
	p.Refundable = &left
	return p
}

// ProviderRefusal is the provider saying no to a request (not an outage).
type ProviderRefusal struct{ Code, Message string }

func (e *ProviderRefusal) Error() string { return "provider refused: " + e.Code + " " + e.Message }

// RefundInput is an admin's refund of an order.
type RefundInput struct {
	Amount Amount
	Reason string
}

// Validate checks a positive amount and a reason of at most 500 characters.
func (in RefundInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Amount, validation.Required.Error("Enter an amount above 0"), validation.Min(Amount(1)).Error("Enter an amount above 0")),
		validation.Field(&in.Reason, validation.RuneLength(0, 500)),
	)
}

// refundSpec is a refund to record.
type refundSpec struct {
	Amount                  int64
	Provider, PaymentIntent string
	Reason, By, ByName      string
	Surplus                 bool
	Deposit                 bool   // a hire deposit given back (never taxed)
	Status                  string // default: requested (provider) or succeeded (manual)
	// ReturnID and Tax: a refund by line (shop/returns) names its return
	// and the tax it gives back, which its credit note states.
	ReturnID string
	Tax      int64
}

// newRefund records a refund in the caller's transaction.
func newRefund(txApp core.App, order *core.Record, r refundSpec) (*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(RefundsCollection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Set("orderRef", order.Id)
	rec.Set("amountCents", r.Amount)
	rec.Set("provider", r.Provider)
	rec.Set("paymentIntent", r.PaymentIntent)
	rec.Set("reason", truncate(r.Reason, 500))
	rec.Set("by", r.By)
	rec.Set("byName", r.ByName)
	rec.Set("surplus", r.Surplus)
	rec.Set("deposit", r.Deposit)
	rec.Set("status", RefundRequested)
	rec.Set("returnRef", r.ReturnID)
	rec.Set("taxCents", r.Tax)
	if err := txApp.SaveNoValidate(rec); err != nil {
		return nil, err
	}
	entry := ledgerEntry{Provider: r.Provider, OrderID: order.Id, Type: EvRefundRequested, Amount: r.Amount,
		Currency: Currency, By: r.By, ByName: r.ByName, Note: r.Reason}
	return rec, entry.record(txApp)
}

// openRefundCents is what an order's refunds asked for and not yet
// confirmed (or sent) add up to; surplus refunds give back money the
// order never kept, so they are not counted.
func openRefundCents(app core.App, orderID string) (int64, error) {
	var open float64
	err := app.DB().Select("COALESCE(SUM(amountCents), 0)").From(RefundsCollection).
		Where(dbx.HashExp{"orderRef": orderID, "surplus": false, "status": []any{RefundRequested, RefundPending}}).Row(&open)
	return int64(math.Round(open)), err
}

// refundable is what may still be refunded of an order (balance). Write
// transactions run one at a time, so two admins at once cannot both pass
// this check.
func refundable(txApp core.App, order *core.Record) (int64, error) {
	open, err := openRefundCents(txApp, order.Id)
	if err != nil {
		return 0, err
	}
	_, left := balance(0, cents(order, "amountPaidCents"), cents(order, "amountRefundedCents"), open)
	return left, nil
}

// cardPaymentIntent is the provider's payment of a card order (the page
// that was settled).
func cardPaymentIntent(txApp core.App, orderID string) (string, error) {
	var pi string
	err := txApp.DB().Select("paymentIntent").From(PaymentAttemptsCollection).
		Where(dbx.HashExp{"orderRef": orderID, "status": AttemptComplete}).AndWhere(dbx.NewExp("paymentIntent != ''")).
		OrderBy("attempt DESC").Limit(1).Row(&pi)
	return pi, err
}

// startRefund records a refund of amount: a card refund is asked of the
// provider after the commit (returned in fx), a bank transfer or invoice
// refund is recorded as sent (sent false: waiting for the admin to send).
func startRefund(txApp core.App, order *core.Record, amount int64, spec refundSpec, sent bool, fx *effects) error {
	left, err := refundable(txApp, order)
	if err != nil {
		return err
	}
	if amount > left {
		return &RefundExceedsError{Refundable: Amount(max(left, 0))}
	}
	spec.Amount = amount
	if order.GetString("paymentMethod") == MethodCard {
		spec.Provider = ProviderStripe
		if spec.PaymentIntent, err = cardPaymentIntent(txApp, order.Id); err != nil {
			return fmt.Errorf("card refund without a settled payment: %w", err)
		}
		r, err := newRefund(txApp, order, spec)
		if err != nil {
			return err
		}
		fx.refunds = append(fx.refunds, r.Id)
		return nil
	}
	spec.Provider = ProviderManual
	r, err := newRefund(txApp, order, spec)
	if err != nil {
		return err
	}
	if sent {
		return refundSucceeded(txApp, order, r)
	}
	r.Set("status", RefundPending)
	order.Set("paymentFlag", FlagRefundToSend)
	if err := txApp.SaveNoValidate(r); err != nil {
		return err
	}
	return txApp.Save(order)
}

// RefundOrder refunds part or all of an order's payment (admins): a card
// refund goes through the provider with an idempotency key and stays
// pending until it confirms; a bank transfer or invoice refund is recorded
// as sent. Above what is left: *RefundExceedsError.
func RefundOrder(app core.App, admin *core.Record, orderID string, in RefundInput) (*OrderDetail, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	err := writeWithEffects(app, func(txApp core.App, fx *effects) error {
		order, err := findOrder(txApp, orderID)
		if err != nil {
			return err
		}
		return startRefund(txApp, order, int64(in.Amount), refundSpec{Reason: in.Reason, By: admin.Id, ByName: displayName(admin)}, true, fx)
	})
	if err != nil {
		return nil, err
	}
	return GetOrder(app, orderID)
}

// ErrRefundNotPending: marking as sent a refund that is not a pending
// bank transfer refund of that order.
var ErrRefundNotPending = wire.Conflict("refund_not_pending", "This refund is not waiting to be sent")

// MarkRefundSent records that the shop sent a pending bank transfer
// refund (admins).
func MarkRefundSent(app core.App, admin *core.Record, orderID, refundID string) (*OrderDetail, error) {
	err := db.Write(app, func(txApp core.App) error {
		order, err := findOrder(txApp, orderID)
		if err != nil {
			return err
		}
		r, err := db.FindRecord(txApp, RefundsCollection, refundID, ErrRefundNotPending)
		if err != nil {
			return err
		}
		if r.GetString("orderRef") != order.Id || r.GetString("provider") != ProviderManual || r.GetString("status") != RefundPending {
			return ErrRefundNotPending
		}
		r.Set("byName", displayName(admin))
		if order.GetString("paymentFlag") == FlagRefundToSend {
			order.Set("paymentFlag", "")
		}
		return refundSucceeded(txApp, order, r)
	})
	if err != nil {
		return nil, err
	}
	return GetOrder(app, orderID)
}

// refundSucceeded applies a confirmed refund: the order's refunded amount
// (money it owed back, not a surplus), the ledger, the credit note and the
// customer's e-mail, in the caller's transaction.
func refundSucceeded(txApp core.App, order, r *core.Record) error {
	r.Set("status", RefundSucceeded)
	if err := txApp.SaveNoValidate(r); err != nil {
		return err
	}
	amount := cents(r, "amountCents")
	if !r.GetBool("surplus") {
		applyRefundedAmount(order, amount)
	}
	if err := txApp.Save(order); err != nil {
		return err
	}
	entry := ledgerEntry{Provider: r.GetString("provider"), OrderID: order.Id, Type: EvRefunded, Amount: amount,
		Currency: Currency, ByName: r.GetString("byName"), Note: r.GetString("reason")}
	if err := entry.record(txApp); err != nil {
		return err
	}
	if err := onRefunded(txApp, order, r); err != nil {
		return err
	}
	return queuePaymentMail(txApp, order, mailRefund, r.Id, amount)
}

// applyRefundedAmount moves a confirmed refund's amount into the order's
// figures. A part payment handed back while the order is open and not
// fully paid is money in and out: it leaves the amount paid, so the order
// is owed it again and can still be paid in full (issue 43: it stayed
// partially_refunded with 0.00 outstanding for good). A refund of a paid
// or cancelled order is money the shop gives back: the amount refunded.
func applyRefundedAmount(order *core.Record, amount int64) {
	paid := cents(order, "amountPaidCents")
	if order.GetString("status") != StatusCancelled && paid < cents(order, "amountDueCents") && amount <= paid {
		order.Set("amountPaidCents", paid-amount)
	} else {
		order.Set("amountRefundedCents", cents(order, "amountRefundedCents")+amount)
	}
	setPaymentStatus(order)
}

// refundFailed records a refund the provider refused or never made; the
// order is flagged for the admin.
func refundFailed(txApp core.App, order, r *core.Record, why string) error {
	r.Set("status", RefundFailed)
	r.Set("lastError", truncate(why, 1000))
	if err := txApp.SaveNoValidate(r); err != nil {
		return err
	}
	order.Set("paymentFlag", FlagRefundFailed)
	if err := txApp.Save(order); err != nil {
		return err
	}
	entry := ledgerEntry{Provider: r.GetString("provider"), OrderID: order.Id, Type: EvRefundFailed,
		Amount: cents(r, "amountCents"), Currency: Currency, Note: why}
	return entry.record(txApp)
}

// processRefund asks the provider for a requested refund, with the
// refund's id as idempotency key, and records the answer: succeeded,
// pending until the provider confirms, or failed. No answer leaves it
// requested for the payments job to ask again.
func processRefund(app core.App, refundID string) error {
	r, err := app.FindRecordById(RefundsCollection, refundID)
	if err != nil || r.GetString("status") != RefundRequested || r.GetString("provider") != ProviderStripe {
		return err
	}
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return err
	}
	var res *RefundResult
	provider, callErr := cardProvider(app, s)
	if callErr == nil {
		ctx, cancel := context.WithTimeout(context.Background(), providerTimeout)
		res, callErr = provider.Refund(ctx, RefundRequest{PaymentIntent: r.GetString("paymentIntent"),
			Amount: cents(r, "amountCents"), OrderID: r.GetString("orderRef"), RefundID: r.Id,
			IdempotencyKey: "stageshop:refund:" + r.Id})
		cancel()
	}
	err = db.Write(app, func(txApp core.App) error {
		return recordRefundAnswer(txApp, refundID, res, callErr)
	})
	if err != nil {
		return err
	}
	return callErr
}

// recordRefundAnswer stores what the provider answered for a refund.
func recordRefundAnswer(txApp core.App, refundID string, res *RefundResult, callErr error) error {
	r, err := txApp.FindRecordById(RefundsCollection, refundID)
	if err != nil {
		return err
	}
	order, err := findOrder(txApp, r.GetString("orderRef"))
	if err != nil {
		return err
	}
	if res != nil && r.GetString("reference") == "" {
		r.Set("reference", res.ID)
	}
	if r.GetString("status") != RefundRequested { // a webhook confirmed it meanwhile
		return txApp.SaveNoValidate(r)
	}
	var refusal *ProviderRefusal
	switch {
	case errors.As(callErr, &refusal):
		return refundFailed(txApp, order, r, refusal.Error())
	case callErr != nil:
		r.Set("tries", r.GetInt("tries")+1)
		r.Set("lastError", truncate(callErr.Error(), 1000))
		if r.GetInt("tries") >= MaxRefundTries {
			return refundFailed(txApp, order, r, "no answer from the provider after several tries")
		}
		return txApp.SaveNoValidate(r)
	case res.Status == RefundSucceeded:
		return refundSucceeded(txApp, order, r)
	case res.Status == RefundFailed:
		return refundFailed(txApp, order, r, "the provider could not make the refund")
	}
	r.Set("status", RefundPending)
	return txApp.SaveNoValidate(r)
}

// displayName is a user's name, or e-mail when it has none.
func displayName(u *core.Record) string {
	if u == nil {
		return ""
	}
	name := u.GetString("firstName") + " " + u.GetString("lastName")
	if n := truncate(name, 250); n != "" {
		return n
	}
	return u.Email()
}
