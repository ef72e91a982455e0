package shop

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/mail"
)

// This file is what shop/returns (issue 48) uses of the orders and the
// refunds: it sits above shop, so the refunds, credit notes and stock
// moves stay written once, here.

// SeriesReturn is the series of return numbers: R-2026-000012.
const SeriesReturn = "R"

// NextReturnNumber draws the next return number of the year's gapless
// sequence in the caller's write transaction.
func NextReturnNumber(txApp core.App) (string, error) {
	return nextDocumentNumber(txApp, SeriesReturn, time.Now().UTC().Year())
}

// LineRefund is a refund the server computed from an order's lines: the
// amount to give back and the tax inside it, for a return (ReturnID).
type LineRefund struct {
	Amount, Tax int64
	Reason      string
	ReturnID    string
	Admin       *core.Record
}

// StartLineRefund records a refund of order in the caller's transaction,
// as RefundOrder does: a card refund is asked of the provider after the
// commit with the refund's id as idempotency key, a bank transfer or
// invoice refund is recorded as sent with its credit note. Above what is
// left to refund: *RefundExceedsError. It answers the refund's id.
func StartLineRefund(txApp core.App, order *core.Record, r LineRefund) (string, error) {
	fx := &effects{}
	spec := refundSpec{Reason: r.Reason, By: r.Admin.Id, ByName: displayName(r.Admin), ReturnID: r.ReturnID, Tax: r.Tax}
	if err := startRefund(txApp, order, r.Amount, spec, true, fx); err != nil {
		return "", err
	}
	db.AfterCommit(txApp, fx.run)
	var id string
	err := txApp.DB().Select("id").From(RefundsCollection).Where(dbx.HashExp{"orderRef": order.Id, "returnRef": r.ReturnID}).
		OrderBy("rowid DESC").Limit(1).Row(&id)
	return id, err
}

// RefundableCents is what may still be refunded of an order.
func RefundableCents(txApp core.App, order *core.Record) (int64, error) {
	return refundable(txApp, order)
}

// RestockLine puts n units of an order line back into its variant's
// stock (a returned line), telling waiting shoppers when it was sold out.
// A line whose variant and product are gone has nowhere to go back to.
func RestockLine(txApp core.App, item *core.Record, n int) error {
	vid, err := lineVariant(txApp, item)
	if err != nil || vid == "" {
		return err
	}
	return restockAndNotify(txApp, vid, n)
}

// FindOrderRecord loads an order record or answers ErrOrderNotFound.
func FindOrderRecord(app core.App, orderID string) (*core.Record, error) {
	return findOrder(app, orderID)
}

// OrderItemRecords reads an order's lines in their order.
func OrderItemRecords(app core.App, orderID string) ([]*core.Record, error) {
	return orderItems(app, orderID)
}

// DeliveredAt is when the order last moved into Delivered (its history),
// zero when it never did.
func DeliveredAt(order *core.Record) time.Time {
	var at time.Time
	for _, c := range adminHistoryOf(order) {
		if c.Status != StatusDelivered {
			continue
		}
		if t, err := time.Parse(time.RFC3339, c.At); err == nil {
			at = t
		}
	}
	return at
}

// OrderCustomer is the customer an order's e-mails go to, in their
// language.
func OrderCustomer(app core.App, order *core.Record) (mail.Recipient, error) {
	return customerOf(app, order)
}
