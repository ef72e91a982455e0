package shop

import (
	"math"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/wire"
)

// Collections of the payment records (superusers only).
const (
	PaymentAttemptsCollection = "payment_attempts"
	PaymentEventsCollection   = "payment_events"
	RefundsCollection         = "refunds"
	PaymentSettingsCollection = "payment_settings"
)

// Payment methods.
const (
	MethodCard         = "card"
	MethodBankTransfer = "bank_transfer"
	MethodInvoice      = "invoice"
)

// PaymentMethods are the methods in the order the Billing step offers them.
var PaymentMethods = []string{MethodCard, MethodBankTransfer, MethodInvoice}

// Payment statuses (docs/api.md, Payments).
const (
	PayPending           = "pending"          // card, not paid yet
	PayAwaiting          = "awaiting_payment" // bank transfer or invoice
	PayPartiallyPaid     = "partially_paid"
	PayPaid              = "paid"
	PayPartiallyRefunded = "partially_refunded"
	PayRefunded          = "refunded"
	PayExpired           = "expired" // card not paid in time: order Cancelled, restocked
)

// PaymentStatuses lists every payment status.
var PaymentStatuses = []string{PayPending, PayAwaiting, PayPartiallyPaid, PayPaid, PayPartiallyRefunded, PayRefunded, PayExpired}

// Payment flags: why an admin must look at an order's payment.
const (
	FlagAmountMismatch = "amount_mismatch" // the provider's amount or currency differs
	FlagDispute        = "dispute"         // the customer disputed the charge
	FlagRefundFailed   = "refund_failed"   // a refund could not be made
	FlagRefundToSend   = "refund_to_send"  // a bank transfer refund waits for the admin
)

// Payment, PaymentEvent, PaymentAttempt and Refund are answer shapes
// (shop/wire).
type (
	Payment        = wire.Payment
	PaymentEvent   = wire.PaymentEvent
	PaymentAttempt = wire.PaymentAttempt
	Refund         = wire.Refund
)

// paymentStatusFor derives the payment status from the amounts: money
// refunded first, then money paid against money due.
func paymentStatusFor(method string, due, paid, refunded int64, expired bool) string {
	switch {
	case refunded > 0 && refunded >= paid:
		return PayRefunded
	case refunded > 0:
		return PayPartiallyRefunded
	case paid == 0 && expired:
		return PayExpired
	case paid == 0 && method == MethodCard:
		return PayPending
	case paid == 0:
		return PayAwaiting
	case paid < due:
		return PayPartiallyPaid
	}
	return PayPaid
}

// IsUnpaid reports whether a payment status still waits for money.
func IsUnpaid(status string) bool {
	return slices.Contains([]string{PayPending, PayAwaiting, PayPartiallyPaid}, status)
}

// cents reads an integer-cents field of a record.
func cents(rec *core.Record, field string) int64 {
	return int64(rec.GetFloat(field))
}

// balance is what an order still waits for (due less paid) and what may
// still be refunded of it (paid, less refunded and openRefunds, the
// refunds asked for and not yet confirmed), never below 0: the one
// computation of both, for the answers and the checks of the writes.
func balance(due, paid, refunded, openRefunds int64) (outstanding, refundable int64) {
	return max(due-paid, 0), max(paid-refunded-openRefunds, 0)
}

// paymentOf reads the payment state of an order record (no timeline);
// openRefunds is what its refunds not yet confirmed add up to.
func paymentOf(rec *core.Record, openRefunds int64) *Payment {
	outstanding, refundable := balance(cents(rec, "amountDueCents"), cents(rec, "amountPaidCents"),
		cents(rec, "amountRefundedCents"), openRefunds)
	return &Payment{
		Method:         rec.GetString("paymentMethod"),
		Status:         rec.GetString("paymentStatus"),
		AmountDue:      Amount(cents(rec, "amountDueCents")),
		AmountPaid:     Amount(cents(rec, "amountPaidCents")),
		AmountRefunded: Amount(cents(rec, "amountRefundedCents")),
		Outstanding:    Amount(outstanding),
		Refundable:     Amount(refundable),
		PaidAt:         wire.Stamp(rec.GetDateTime("paidAt")),
		DueDate:        wire.Stamp(rec.GetDateTime("dueDate")),
		PONumber:       rec.GetString("poNumber"),
		Reference:      rec.GetString("paymentReference"),
		HoldUntil:      wire.Stamp(rec.GetDateTime("holdUntil")),
		Flag:           rec.GetString("paymentFlag"),
	}
}

// setPaymentStatus recomputes an order record's payment status from its
// amounts (an expired order stays expired until money arrives).
func setPaymentStatus(rec *core.Record) {
	expired := rec.GetString("paymentStatus") == PayExpired
	rec.Set("paymentStatus", paymentStatusFor(rec.GetString("paymentMethod"), cents(rec, "amountDueCents"),
		cents(rec, "amountPaidCents"), cents(rec, "amountRefundedCents"), expired))
}

// paymentRow is the payment part of an order list row.
type paymentRow struct {
	PaymentMethod       string         `db:"paymentMethod"`
	PaymentStatus       string         `db:"paymentStatus"`
	AmountDueCents      float64        `db:"amountDueCents"`
	AmountPaidCents     float64        `db:"amountPaidCents"`
	AmountRefundedCents float64        `db:"amountRefundedCents"`
	PaidAt              types.DateTime `db:"paidAt"`
	DueDate             types.DateTime `db:"dueDate"`
	PONumber            string         `db:"poNumber"`
	PaymentReference    string         `db:"paymentReference"`
	HoldUntil           types.DateTime `db:"holdUntil"`
	PaymentFlag         string         `db:"paymentFlag"`
	OpenRefundCents     float64        `db:"openRefundCents"`
}

// openRefundsColumn is the list query's openRefundCents: what the
// order's refunds not yet confirmed add up to (as openRefundCents reads it).
const openRefundsColumn = "(SELECT COALESCE(SUM(r.amountCents), 0) FROM " + RefundsCollection +
	" r WHERE r.orderRef = " + OrdersCollection + ".id AND r.surplus = FALSE AND r.status IN ('" +
	RefundRequested + "', '" + RefundPending + "')) AS openRefundCents"

// payment converts a list row's payment columns.
func (r paymentRow) payment() *Payment {
	due, paid, refunded := int64(math.Round(r.AmountDueCents)), int64(math.Round(r.AmountPaidCents)), int64(math.Round(r.AmountRefundedCents))
	outstanding, refundable := balance(due, paid, refunded, int64(math.Round(r.OpenRefundCents)))
	return &Payment{
		Method: r.PaymentMethod, Status: r.PaymentStatus,
		AmountDue: Amount(due), AmountPaid: Amount(paid), AmountRefunded: Amount(refunded),
		Outstanding: Amount(outstanding), Refundable: Amount(refundable),
		PaidAt: wire.Stamp(r.PaidAt), DueDate: wire.Stamp(r.DueDate), PONumber: r.PONumber,
		Reference: r.PaymentReference, HoldUntil: wire.Stamp(r.HoldUntil), Flag: r.PaymentFlag,
	}
}
