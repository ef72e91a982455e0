package mail

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// KindFreightQuoted is the shop's freight quote for an order placed with
// shipping quoted separately (to the customer).
const KindFreightQuoted = "freight_quoted"

func init() { kinds = append(kinds, KindFreightQuoted) }

// QueueFreightQuoted queues the freight quote of o (its shipping amount
// and new total) to the customer's account to, once per order.
func QueueFreightQuoted(txApp core.App, to Recipient, o Order) error {
	if to.Email == "" {
		return nil
	}
	lang := locale.Lang(to.Language)
	v := newView(txApp, lang, to.Email, to.Name)
	amount, tot := locale.Price(o.ShippingAmount, lang), locale.Price(o.Total, lang)
	v.Subject = tr(lang, "quoteSubject", "number", o.Number, "amount", amount)
	v.Heading = tr(lang, "quoteHeading")
	v.Intro = []string{tr(lang, "quoteIntro", "number", o.Number, "amount", amount, "total", tot)}
	orderView(v, o, true)
	if o.Transfer != nil {
		transferView(v, o.Transfer)
	} else if o.PayBy != "" {
		v.Intro = append(v.Intro, tr(lang, "quotePayBy", "date", o.PayBy))
	} else {
		v.Intro = append(v.Intro, tr(lang, "quotePay"))
	}
	invoiceLink(v, o)
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(KindFreightQuoted, to.Email, KindFreightQuoted+":"+o.ID, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
