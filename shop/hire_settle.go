package shop

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/hire"
)

// UpdateBooking moves a hire booking (admins, api.md "Hire") and, when
// the change checks it in (returned), settles its deposit in the same
// transaction: its fees are kept from the deposit, the rest is refunded
// through the order's refunds (a card refund through the provider after
// the commit, a bank transfer or invoice refund recorded as sent) with a
// credit note when the order is invoiced, and fees above the deposit are
// owed on the order. A booking is settled once: checking it in again
// changes nothing.
func UpdateBooking(app core.App, admin *core.Record, id string, c hire.Change) (hire.Booking, error) {
	var out hire.Booking
	err := writeWithEffects(app, func(txApp core.App, fx *effects) error {
		before, err := hire.Get(txApp, id)
		if err != nil {
			return err
		}
		if out, err = hire.Update(txApp, id, c); err != nil {
			return err
		}
		if before.Status == hire.StatusReturned || out.Status != hire.StatusReturned {
			return nil
		}
		if err := settleDeposit(txApp, admin, out, fx); err != nil {
			return err
		}
		out, err = hire.Get(txApp, id)
		return err
	})
	return out, err
}

// settlement is what a returned booking's deposit settles into.
type settlement struct {
	Deposit, Refund, Owed int64
	// Waived is the part of the rest not yet paid: it leaves the amount
	// due instead of being refunded.
	Waived int64
}

// settleDeposit settles booking b's deposit on its order (see
// UpdateBooking) and records the settlement on the booking and the order.
func settleDeposit(txApp core.App, admin *core.Record, b hire.Booking, fx *effects) error {
	order, err := findOrder(txApp, b.OrderID)
	if err != nil {
		return err
	}
	deposit, err := bookingDeposit(txApp, b)
	if err != nil {
		return err
	}
	s := settle(deposit, hire.FeesCents(b), cents(order, "amountDueCents"), cents(order, "amountPaidCents"))
	if s.Waived > 0 {
		order.Set("amountDueCents", cents(order, "amountDueCents")-s.Waived)
		setPaymentStatus(order)
	}
	left, err := refundable(txApp, order)
	if err != nil {
		return err
	}
	s.Refund = min(s.Refund, left) // what earlier refunds gave back is not given twice
	if s.Refund > 0 {
		spec := refundSpec{Reason: fmt.Sprintf("Deposit returned (hire %s – %s)", b.Start, b.End),
			By: admin.Id, ByName: displayName(admin), Deposit: true}
		if err := startRefund(txApp, order, s.Refund, spec, true, fx); err != nil {
			return err
		}
	}
	if s.Owed > 0 {
		order.Set("amountDueCents", cents(order, "amountDueCents")+s.Owed)
		setPaymentStatus(order)
	}
	order.Set("depositSettledCents", cents(order, "depositSettledCents")+deposit)
	if err := txApp.Save(order); err != nil {
		return err
	}
	_, err = txApp.DB().Update(hire.BookingsCollection, dbx.Params{"settled": true, "depositCents": deposit,
		"refundCents": s.Refund + s.Waived, "owedCents": s.Owed}, dbx.HashExp{"id": b.ID}).Execute()
	return err
}

// settle splits a deposit against fees on an order due due and paid paid:
// the fees are kept from the deposit, the rest goes back (refunded, or
// waived from what is due while the order is not paid in full), and fees
// above the deposit are owed.
func settle(deposit, fees, due, paid int64) settlement {
	kept := min(fees, deposit)
	s := settlement{Deposit: deposit, Owed: fees - kept}
	rest := deposit - kept
	s.Waived = min(rest, max(due-paid, 0))
	s.Refund = rest - s.Waived
	return s
}

// bookingDeposit is the deposit paid for a booking: its order line's (the
// line of its variant and dates).
func bookingDeposit(txApp core.App, b hire.Booking) (int64, error) {
	var deposit int64
	err := txApp.DB().Select("COALESCE(SUM(depositCents), 0)").From(OrderItemsCollection).
		Where(dbx.HashExp{"orderRef": b.OrderID, "variantId": b.VariantID, "hireStart": b.Start, "hireEnd": b.End}).
		Row(&deposit)
	return deposit, err
}
