package mail

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Text is a localized text keyed by language code ("en" is the fallback).
type Text map[string]string

// In returns the text in lang, else English, else any.
func (t Text) In(lang string) string {
	if s := strings.TrimSpace(t[lang]); s != "" {
		return s
	}
	if s := strings.TrimSpace(t["en"]); s != "" {
		return s
	}
	for _, l := range Languages {
		if s := strings.TrimSpace(t[l]); s != "" {
			return s
		}
	}
	return ""
}

// Line is one line of an order, with prices in cents: Name says what was
// bought ("XLR Cable - 10 m"), SKU its stock keeping unit ("" for lines
// from before variants).
type Line struct {
	Name      Text
	SKU       string
	Quantity  int
	UnitPrice int64
	Total     int64
}

// Address is where an order goes.
type Address struct {
	FirstName, LastName, Address, City, State, ZipCode, Country, Phone string
}

// lines formats the address for the layouts.
func (a Address) lines() []string {
	out := []string{}
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	add(a.FirstName + " " + a.LastName)
	add(a.Address)
	add(strings.Join(nonEmpty(a.City, a.State, a.ZipCode), ", "))
	add(a.Country)
	add(a.Phone)
	return out
}

func nonEmpty(ss ...string) []string {
	out := []string{}
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Order is what the order e-mails tell, amounts in cents. Subtotal 0 with
// lines means "the sum of the lines" (orders from before shipping costs).
type Order struct {
	ID, Number                  string
	CustomerName, CustomerEmail string
	Lines                       []Line
	Subtotal, ShippingAmount    int64
	Total                       int64
	ShippingMethod              string // code such as "standard"; "" when unknown
	TrackingNumber              string
	Address                     Address
}

// orderView fills the parts every order e-mail shares: number, lines,
// totals, address and the link to My Orders (or the admin's orders).
func orderView(v *view, o Order, withLines bool) {
	lang := v.Lang
	v.Facts = append(v.Facts, fact{tr(lang, "orderNumber"), o.Number})
	if !withLines {
		return
	}
	var sum int64
	for _, l := range o.Lines {
		v.Lines = append(v.Lines, viewLine{Name: l.Name.In(lang), SKU: l.SKU, Qty: l.Quantity, Unit: Price(l.UnitPrice), Total: Price(l.Total)})
		sum += l.Total
	}
	sub := o.Subtotal
	if sub == 0 {
		sub = sum
	}
	v.Totals = append(v.Totals, total{Label: tr(lang, "subtotal"), Value: Price(sub)})
	shipping := Price(o.ShippingAmount)
	if o.ShippingAmount == 0 && o.ShippingMethod != "" {
		shipping = tr(lang, "free")
	}
	label := tr(lang, "shipping")
	if o.ShippingMethod != "" {
		label += " (" + methodName(lang, o.ShippingMethod) + ")"
	}
	v.Totals = append(v.Totals, total{Label: label, Value: shipping})
	tot := o.Total
	if tot == 0 {
		tot = sub + o.ShippingAmount
	}
	v.Totals = append(v.Totals, total{Label: tr(lang, "total"), Value: Price(tot), Strong: true})
	v.Address = o.Address.lines()
}

// methodName is a shipping method's name in lang (its code when unknown).
func methodName(lang, code string) string {
	switch code {
	case "standard", "express", "overnight", "intl_standard", "intl_express":
		return tr(lang, code)
	}
	return code
}

// QueueOrderPlaced queues the order confirmation to the customer (in
// language) and a notice to every admin (each in their own language).
func QueueOrderPlaced(txApp core.App, language string, o Order) error {
	lang := Lang(language)
	v := newView(txApp, lang, o.CustomerEmail, o.CustomerName)
	v.Subject = tr(lang, "placedSubject", "number", o.Number)
	v.Heading = tr(lang, "placedHeading")
	v.Intro = []string{tr(lang, "placedIntro", "number", o.Number)}
	orderView(v, o, true)
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(KindOrderPlaced, o.CustomerEmail, KindOrderPlaced+":"+o.ID, v)
	if err != nil {
		return err
	}
	if err := enqueue(txApp, e); err != nil {
		return err
	}
	return toAdmins(txApp, KindOrderAdmin+":"+o.ID, func(a Recipient) (rendered, error) {
		l := Lang(a.Language)
		v := newView(txApp, l, a.Email, a.Name)
		tot := o.Total
		if tot == 0 {
			tot = o.Subtotal + o.ShippingAmount
		}
		v.Subject = tr(l, "adminSubject", "number", o.Number, "total", Price(tot))
		v.Heading = tr(l, "adminHeading")
		v.Intro = []string{tr(l, "adminIntro", "customer", o.CustomerName, "email", o.CustomerEmail, "number", o.Number)}
		orderView(v, o, true)
		v.Button = &button{tr(l, "adminOrders"), v.link("/admin/orders")}
		return render(KindOrderAdmin, a.Email, "", v)
	})
}

// QueueOrderStatus queues the customer's e-mail for a new status: Shipped
// (with the tracking number when set), Delivered or Cancelled; other
// statuses send nothing. Each (order, status) e-mails at most once, so an
// admin who goes back and forth does not flood the customer.
func QueueOrderStatus(txApp core.App, language, status string, o Order) error {
	var kind, prefix string
	switch status {
	case "Shipped":
		kind, prefix = KindOrderShipped, "ship"
	case "Delivered":
		kind, prefix = KindOrderDelivered, "deliv"
	case "Cancelled":
		kind, prefix = KindOrderCancelled, "cancel"
	default:
		return nil
	}
	lang := Lang(language)
	v := newView(txApp, lang, o.CustomerEmail, o.CustomerName)
	v.Subject = tr(lang, prefix+"Subject", "number", o.Number)
	v.Heading = tr(lang, prefix+"Heading")
	v.Intro = []string{tr(lang, prefix+"Intro", "number", o.Number)}
	orderView(v, o, kind == KindOrderCancelled)
	if kind == KindOrderShipped && strings.TrimSpace(o.TrackingNumber) != "" {
		v.Intro = append(v.Intro, tr(lang, "shipTrack"))
		v.Facts = append(v.Facts, fact{tr(lang, "tracking"), strings.TrimSpace(o.TrackingNumber)})
	}
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, o.CustomerEmail, kind+":"+o.ID, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
