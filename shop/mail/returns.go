package mail

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// Kinds of return e-mail (issue 48), all to the customer: the return
// asked for, approved, rejected (with the shop's message) and received
// (with the refund; the refund's own e-mail follows when it is made).
const (
	KindReturnRequested = "return_requested"
	KindReturnApproved  = "return_approved"
	KindReturnRejected  = "return_rejected"
	KindReturnReceived  = "return_received"
)

func init() {
	kinds = append(kinds, KindReturnRequested, KindReturnApproved, KindReturnRejected, KindReturnReceived)
}

// Return is what a return e-mail tells, the refund in cents.
type Return struct {
	To                   Recipient
	OrderID, OrderNumber string
	Number               string // the return's: R-2026-000012
	Message              string // the shop's, with an approval or rejection
	Refund               int64
}

// QueueReturn queues the return e-mail of kind to the customer in their
// language, once per eventKey.
func QueueReturn(txApp core.App, kind, eventKey string, r Return) error {
	lang := locale.Lang(r.To.Language)
	v := newView(txApp, lang, r.To.Email, r.To.Name)
	args := []string{"number", r.Number, "order", r.OrderNumber, "amount", locale.Price(r.Refund, lang)}
	v.Subject = tr(lang, kind+"Subject", args...)
	v.Heading = tr(lang, kind+"Heading", args...)
	v.Intro = []string{tr(lang, kind+"Intro", args...)}
	v.Facts = append(v.Facts, fact{tr(lang, "returnNumber"), r.Number}, fact{tr(lang, "orderNumber"), r.OrderNumber})
	if kind == KindReturnReceived {
		v.Facts = append(v.Facts, fact{tr(lang, "payAmountRefunded"), locale.Price(r.Refund, lang)})
	}
	if r.Message != "" {
		v.Quotes = []quote{{Label: tr(lang, "returnMessage"), Text: r.Message}}
	}
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, r.To.Email, eventKey, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
