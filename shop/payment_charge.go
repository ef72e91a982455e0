package shop

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// orderOfPayment finds the order a provider payment belongs to ("" when
// none: not this shop's, or unknown).
func orderOfPayment(txApp core.App, paymentIntent string) (string, error) {
	if paymentIntent == "" {
		return "", nil
	}
	var id string
	err := txApp.DB().Select("orderRef").From(PaymentAttemptsCollection).
		Where(dbx.HashExp{"paymentIntent": paymentIntent}).Limit(1).Row(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// applyChargeRefunded confirms the order's refunds with what the provider
// says was refunded of the charge: refunds it lists by id, else as many of
// the pending ones, oldest first, as its total covers. A refund made in the
// provider's dashboard (more than the shop asked for) is recorded as one.
func applyChargeRefunded(txApp core.App, ev *ProviderEvent) error {
	c := ev.Charge
	orderID, err := orderOfPayment(txApp, c.PaymentIntent)
	if err != nil || orderID == "" {
		return err // not a payment of this shop's orders
	}
	order, err := findOrder(txApp, orderID)
	if err != nil {
		return err
	}
	entry := ledgerEntry{Provider: ProviderStripe, EventID: ev.ID, OrderID: orderID, Type: EvNoChange,
		Amount: c.Refunded, Currency: c.Currency, At: ev.Created, Note: "refunded on the charge in all"}
	if err := entry.record(txApp); err != nil {
		return err
	}
	refunds, err := txApp.FindRecordsByFilter(RefundsCollection, "paymentIntent = {:pi} && provider = {:p}", "created", 0, 0,
		dbx.Params{"pi": c.PaymentIntent, "p": ProviderStripe})
	if err != nil {
		return err
	}
	var confirmed int64
	open := []*core.Record{}
	for _, r := range refunds {
		switch r.GetString("status") {
		case RefundSucceeded:
			confirmed += cents(r, "amountCents")
		case RefundRequested, RefundPending:
			open = append(open, r)
		}
	}
	for _, r := range open {
		if confirmed+cents(r, "amountCents") > c.Refunded && !listed(c, r.GetString("reference")) {
			continue
		}
		confirmed += cents(r, "amountCents")
		if err := refundSucceeded(txApp, order, r); err != nil {
			return err
		}
	}
	if extra := c.Refunded - confirmed; extra > 0 && len(c.Refunds) == 0 {
		return externalRefund(txApp, order, extra, c.PaymentIntent)
	}
	return nil
}

// listed reports whether the charge's refund list names ref as succeeded.
func listed(c *ChargeInfo, ref string) bool {
	for _, r := range c.Refunds {
		if ref != "" && r.ID == ref && r.Status == RefundSucceeded {
			return true
		}
	}
	return false
}

// externalRefund records money refunded outside the shop (the provider's
// dashboard), never more than the order has left to refund.
func externalRefund(txApp core.App, order *core.Record, amount int64, paymentIntent string) error {
	left, err := refundable(txApp, order)
	if err != nil {
		return err
	}
	amount = min(amount, max(left, 0))
	if amount == 0 {
		return nil
	}
	r, err := newRefund(txApp, order, refundSpec{Amount: amount, Provider: ProviderStripe, PaymentIntent: paymentIntent,
		Reason: "refunded in the Stripe dashboard"})
	if err != nil {
		return err
	}
	return refundSucceeded(txApp, order, r)
}

// applyDispute flags the order of a disputed charge for the admin.
func applyDispute(txApp core.App, ev *ProviderEvent) error {
	orderID, err := orderOfPayment(txApp, ev.Charge.PaymentIntent)
	if err != nil || orderID == "" {
		return err
	}
	order, err := findOrder(txApp, orderID)
	if err != nil {
		return err
	}
	order.Set("paymentFlag", FlagDispute)
	if err := txApp.Save(order); err != nil {
		return err
	}
	entry := ledgerEntry{Provider: ProviderStripe, EventID: ev.ID, OrderID: orderID, Type: EvDispute,
		Amount: ev.Charge.Amount, Currency: ev.Charge.Currency, At: ev.Created}
	return entry.record(txApp)
}
