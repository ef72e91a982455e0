package mail

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// Kinds of hire e-mail (issue 46), to the customer: the reminder the day
// before a hire's return and the notice once it is overdue.
const (
	KindHireReminder = "hire_reminder"
	KindHireOverdue  = "hire_overdue"
)

func init() { kinds = append(kinds, KindHireReminder, KindHireOverdue) }

// Hire is what a hire e-mail tells: the order, the item and its dates
// (the shop's, YYYY-MM-DD).
type Hire struct {
	To                   Recipient
	OrderID, OrderNumber string
	Item                 string // the product's name in the customer's language
	Quantity             int
	Start, End           string
}

// QueueHire queues the hire e-mail of kind to the customer, in their
// language, once per eventKey.
func QueueHire(txApp core.App, kind, eventKey string, h Hire) error {
	lang := locale.Lang(h.To.Language)
	v := newView(txApp, lang, h.To.Email, h.To.Name)
	args := []string{"number", h.OrderNumber, "item", h.Item, "start", h.Start, "end", h.End}
	v.Subject = tr(lang, kind+"Subject", args...)
	v.Heading = tr(lang, kind+"Heading", args...)
	v.Intro = []string{tr(lang, kind+"Intro", args...)}
	v.Facts = append(v.Facts, fact{tr(lang, "orderNumber"), h.OrderNumber},
		fact{tr(lang, "hireItem"), h.Item}, fact{tr(lang, "hireDates"), tr(lang, "hireRange", args...)})
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, h.To.Email, eventKey, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
