package mail

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
	"stageshop/shop/wire"
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
	for _, l := range locale.Languages() {
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

// lines formats the address for the layouts, the country by its name in
// lang.
func (a Address) lines(lang string) []string {
	out := []string{}
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	add(a.FirstName + " " + a.LastName)
	add(a.Address)
	add(strings.Join(nonEmpty(a.City, a.State, a.ZipCode), ", "))
	add(locale.CountryName(a.Country, lang))
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
// The tax figures are the order's own, as it stored them when placed.
// CustomerName and CustomerEmail are the delivery contact the shopper
// typed: shown, never written to.
type Order struct {
	ID, Number                  string
	CustomerName, CustomerEmail string
	Lines                       []Line
	Subtotal, ShippingAmount    int64
	Discounts                   []wire.Discount // as they were when placed; Total has them off
	TaxRows                     []wire.TaxRow   // the order's (wire.TaxRows)
	Total                       int64
	ShippingMethod              string // code such as "standard"; "" when unknown
	ShippingName                Text   // the method's name as the shop calls it (nil: by its code)
	// FreightPending says the shipping is quoted separately and not yet
	// (the order's shipping shows "Quoted separately").
	FreightPending bool
	Carrier        string // the carrier's name ("UPS"), "" when none
	TrackingURL    string // the carrier's tracking page, "" when unknown
	TrackingNumber string
	InvoiceNumber  string // "" until invoiced
	Address        Address
	// Transfer, on a bank transfer order's confirmation, is how to pay it.
	Transfer *Transfer
	// PayBy is the last day a quoted card order can be paid (2026-12-25);
	// "" when none.
	PayBy string
}

// Transfer is what a bank transfer must carry: the amount, the reference
// to quote and the shop's bank details.
type Transfer struct {
	Amount      int64
	Reference   string
	BankDetails string
	// DueDate is an invoice's due date (2026-12-25); "" when none.
	DueDate string
}

// transferView adds the bank transfer instructions to a confirmation.
func transferView(v *view, t *Transfer) {
	lang := v.Lang
	v.Intro = append(v.Intro, tr(lang, "bank_transfer_instructionsIntro", "amount", locale.Price(t.Amount, lang), "reference", t.Reference))
	v.Facts = append(v.Facts, fact{tr(lang, "payAmountDue"), locale.Price(t.Amount, lang)}, fact{tr(lang, "payReference"), t.Reference})
	if t.DueDate != "" {
		v.Facts = append(v.Facts, fact{tr(lang, "payDueDate"), t.DueDate})
	}
	if t.BankDetails != "" {
		v.Quotes = append(v.Quotes, quote{Label: tr(lang, "payBankDetails"), Text: t.BankDetails})
	}
}

// taxTotals are the tax rows of an order's totals, the order's own list
// (wire.TaxRows) in the e-mail's words: each rate's tax (or "Tax exempt",
// or a zero tax) before the total, the tax inside it after the total with
// inclusive prices.
func taxTotals(lang string, o Order) (before, after []total) {
	for _, r := range o.TaxRows {
		rate := locale.Decimal(r.Rate.String(), lang)
		switch r.Kind {
		case wire.TaxRowExempt:
			before = append(before, total{Label: tr(lang, "tax"), Value: tr(lang, "taxExempt")})
		case wire.TaxRowNone:
			before = append(before, total{Label: tr(lang, "tax"), Value: locale.Price(int64(r.Amount), lang)})
		case wire.TaxRowIncluded:
			after = append(after, total{Label: tr(lang, "inclTax", "name", r.Name, "rate", rate), Value: locale.Price(int64(r.Amount), lang)})
		default:
			before = append(before, total{Label: tr(lang, "taxLine", "name", r.Name, "rate", rate), Value: locale.Price(int64(r.Amount), lang)})
		}
	}
	return before, after
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
		v.Lines = append(v.Lines, viewLine{Name: l.Name.In(lang), SKU: l.SKU, Qty: l.Quantity, Unit: locale.Price(l.UnitPrice, lang), Total: locale.Price(l.Total, lang)})
		sum += l.Total
	}
	sub := o.Subtotal
	if sub == 0 {
		sub = sum
	}
	v.Totals = append(v.Totals, total{Label: tr(lang, "subtotal"), Value: locale.Price(sub, lang)})
	for _, d := range o.Discounts {
		v.Totals = append(v.Totals, total{Label: tr(lang, "discount", "name", d.Label(lang)), Value: locale.Price(-int64(d.Amount), lang)})
	}
	shipping := locale.Price(o.ShippingAmount, lang)
	switch {
	case o.FreightPending:
		shipping = tr(lang, "freightQuoted")
	case o.ShippingAmount == 0 && o.ShippingMethod != "":
		shipping = tr(lang, "free")
	}
	label := tr(lang, "shipping")
	if name := o.ShippingName.In(lang); name != "" {
		label += " (" + name + ")"
	} else if o.ShippingMethod != "" {
		label += " (" + methodName(lang, o.ShippingMethod) + ")"
	}
	v.Totals = append(v.Totals, total{Label: label, Value: shipping})
	before, after := taxTotals(lang, o)
	v.Totals = append(v.Totals, before...)
	tot := o.Total
	if tot == 0 && len(o.Discounts) == 0 { // an order from before totals; a discounted one may be free
		tot = sub + o.ShippingAmount
	}
	v.Totals = append(v.Totals, total{Label: tr(lang, "total"), Value: locale.Price(tot, lang), Strong: true})
	v.Totals = append(v.Totals, after...)
	v.Address = o.Address.lines(lang)
}

// methodName is a shipping method's name in lang (its code when unknown).
func methodName(lang, code string) string {
	switch code {
	case "standard", "express", "overnight", "intl_standard", "intl_express", "freight":
		return tr(lang, code)
	}
	return code
}

// QueueOrderPlaced queues the order confirmation to the customer's account
// to (in its language) and a notice to every admin (each in their own
// language). The shipping e-mail of the order is only shown, never written
// to. An order without an account (to.Email empty) notifies the admins only.
func QueueOrderPlaced(txApp core.App, to Recipient, o Order) error {
	if to.Email != "" {
		lang := locale.Lang(to.Language)
		v := newView(txApp, lang, to.Email, to.Name)
		v.Subject = tr(lang, "placedSubject", "number", o.Number)
		v.Heading = tr(lang, "placedHeading")
		v.Intro = []string{tr(lang, "placedIntro", "number", o.Number)}
		orderView(v, o, true)
		if o.FreightPending {
			v.Intro = append(v.Intro, tr(lang, "freightIntro"))
		} else if o.Transfer != nil {
			transferView(v, o.Transfer)
		}
		invoiceLink(v, o)
		v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
		v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
		e, err := render(KindOrderPlaced, to.Email, KindOrderPlaced+":"+o.ID, v)
		if err != nil {
			return err
		}
		if err := enqueue(txApp, e); err != nil {
			return err
		}
	}
	return queueAdminNotice(txApp, KindOrderAdmin, "admin", to, o)
}

// QueueOrderCancelledAdmin queues the notice to every admin (each in their
// own language) that the customer to cancelled order o, as a new order
// notifies them.
func QueueOrderCancelledAdmin(txApp core.App, to Recipient, o Order) error {
	return queueAdminNotice(txApp, KindOrderCancelAdmin, "cancelAdmin", to, o)
}

// AdminOrderPath is the order's own page in the admin area, where every
// e-mail to admins about an order links.
func AdminOrderPath(orderID string) string { return "/admin/orders/" + orderID }

// queueAdminNotice queues kind to every admin about order o of customer
// to, with the texts prefix+Subject, Heading and Intro and a link to the
// order's own page.
func queueAdminNotice(txApp core.App, kind, prefix string, to Recipient, o Order) error {
	return toAdmins(txApp, kind+":"+o.ID, func(a Recipient) (rendered, error) {
		l := locale.Lang(a.Language)
		v := newView(txApp, l, a.Email, a.Name)
		tot := o.Total
		if tot == 0 && len(o.Discounts) == 0 { // as orderView
			tot = o.Subtotal + o.ShippingAmount
		}
		v.Subject = tr(l, prefix+"Subject", "number", o.Number, "total", locale.Price(tot, l))
		v.Heading = tr(l, prefix+"Heading")
		v.Intro = []string{tr(l, prefix+"Intro", "customer", o.CustomerName, "email", to.Email, "number", o.Number)}
		orderView(v, o, true)
		v.Button = &button{tr(l, "adminOrder", "number", o.Number), v.link(AdminOrderPath(o.ID))}
		return render(kind, a.Email, "", v)
	})
}

// QueueOrderStatus queues the e-mail for a new status to the customer's
// account to: Shipped (with the tracking number when set), Delivered or
// Cancelled; other statuses send nothing. Each (order, status) e-mails at
// most once, so an admin who goes back and forth does not flood the
// customer.
func QueueOrderStatus(txApp core.App, to Recipient, status string, o Order) error {
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
	lang := locale.Lang(to.Language)
	v := newView(txApp, lang, to.Email, to.Name)
	v.Subject = tr(lang, prefix+"Subject", "number", o.Number)
	v.Heading = tr(lang, prefix+"Heading")
	v.Intro = []string{tr(lang, prefix+"Intro", "number", o.Number)}
	orderView(v, o, kind == KindOrderCancelled)
	if kind == KindOrderShipped && strings.TrimSpace(o.TrackingNumber) != "" {
		v.Intro = append(v.Intro, tr(lang, "shipTrack"))
		if o.Carrier != "" {
			v.Facts = append(v.Facts, fact{tr(lang, "carrier"), o.Carrier})
		}
		v.Facts = append(v.Facts, fact{tr(lang, "tracking"), strings.TrimSpace(o.TrackingNumber)})
		if o.TrackingURL != "" {
			v.Links = append(v.Links, button{tr(lang, "trackLink"), o.TrackingURL})
		}
	}
	v.Button = &button{tr(lang, "myOrders"), v.link("/account/orders")}
	v.After = []string{tr(lang, "questions", "url", v.link("/contact"))}
	e, err := render(kind, to.Email, kind+":"+o.ID, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}

// InvoicePath is the app's page that opens an order's invoice for its
// customer (signing in first when needed).
func InvoicePath(orderID string) string { return "/account/orders/" + orderID + "/invoice" }

// invoiceLink adds the order's invoice number and a link to the invoice,
// once the order has one.
func invoiceLink(v *view, o Order) {
	if o.InvoiceNumber == "" {
		return
	}
	v.Facts = append(v.Facts, fact{tr(v.Lang, "invoice"), o.InvoiceNumber})
	v.Links = append(v.Links, button{tr(v.Lang, "viewInvoice", "number", o.InvoiceNumber), v.link(InvoicePath(o.ID))})
}
