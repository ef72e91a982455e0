package mail

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// Kinds of payment e-mail, all to the customer.
const (
	KindPaymentReceived = "payment_received"
	KindPaymentExpired  = "payment_expired"
	KindRefund          = "refund_issued"
	KindInvoiceDue      = "invoice_due"
	KindInvoiceOverdue  = "invoice_overdue"
	// A bank transfer not received: the reminder before its hold ends, and
	// the cancellation after (issue 43).
	KindTransferReminder = "transfer_reminder"
	KindTransferExpired  = "transfer_expired"
)

func init() {
	kinds = append(kinds, KindPaymentReceived, KindPaymentExpired, KindRefund, KindInvoiceDue, KindInvoiceOverdue,
		KindTransferReminder, KindTransferExpired)
}

// Payment is what a payment e-mail tells, amounts in cents.
type Payment struct {
	To                   Recipient
	OrderID, OrderNumber string
	Amount               int64 // of this event: received, refunded, due
	Outstanding          int64 // still to pay
	Reference, PONumber  string
	DueDate              string // 2026-12-25; a transfer's: the day its hold ends
	BankDetails          string
	HoldMinutes          int // how long a card payment was waited for
	// InvoiceNumber is the order's invoice, once it has one (linked);
	// CreditNote the number of a refund's credit note.
	InvoiceNumber, CreditNote string
}

// QueuePayment queues the payment e-mail of kind to the customer, once
// per eventKey.
func QueuePayment(txApp core.App, kind, eventKey string, p Payment) error {
	lang := locale.Lang(p.To.Language)
	v := newView(txApp, lang, p.To.Email, p.To.Name)
	args := []string{"number", p.OrderNumber, "amount", locale.Price(p.Amount, lang), "outstanding", locale.Price(p.Outstanding, lang),
		"reference", p.Reference, "date", p.DueDate}
	v.Subject = tr(lang, kind+"Subject", args...)
	v.Heading = tr(lang, kind+"Heading", args...)
	v.Intro = []string{tr(lang, kind+"Intro", args...)}
	if kind == KindPaymentExpired { // "within 31 minutes": the reader's plural of the hold
		v.Intro = []string{texts.Plural(lang, kind+"Intro", p.HoldMinutes, args...)}
	}
	v.Facts = append(v.Facts, fact{tr(lang, "orderNumber"), p.OrderNumber})
	switch kind {
	case KindPaymentReceived:
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountPaid"), locale.Price(p.Amount, lang)})
		if p.Outstanding > 0 {
			v.Intro = append(v.Intro, tr(lang, "payOutstanding", args...))
		}
	case KindInvoiceDue, KindInvoiceOverdue, KindTransferReminder:
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountDue"), locale.Price(p.Amount, lang)}, fact{tr(lang, "payReference"), p.Reference})
		if p.PONumber != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "payPO"), p.PONumber})
		}
		if p.DueDate != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "payDueDate"), p.DueDate})
		}
		if p.BankDetails != "" {
			v.Quotes = []quote{{Label: tr(lang, "payBankDetails"), Text: p.BankDetails}}
		}
	case KindRefund:
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountRefunded"), locale.Price(p.Amount, lang)})
		if p.CreditNote != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "creditNote"), p.CreditNote})
		}
	}
	if kind != KindPaymentExpired && kind != KindTransferExpired {
		invoiceLink(v, Order{ID: p.OrderID, InvoiceNumber: p.InvoiceNumber})
	}
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, p.To.Email, eventKey, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
