// Package invoice renders an order's invoice as a printable HTML page, in
// the customer's language (en, ru or zh): the seller and the buyer, the
// lines with their tax rates, the tax per rate, the totals, the payment
// terms and state, and the credit notes issued against it. It only
// renders: the figures are the order's, as shop stored them.
package invoice

import (
	"bytes"
	"embed"
	"html/template"
	"time"

	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

//go:embed templates/invoice.html
var templateFS embed.FS

var page = template.Must(template.New("invoice.html").ParseFS(templateFS, "templates/invoice.html"))

// Party is a seller or a buyer: a name, a company, address lines, a tax ID
// and contacts.
type Party struct {
	Name, Company string
	Address       []string
	TaxID         string
	Email, Phone  string
}

// Line is a line of the invoice: amounts in cents, the rate as written
// ("6.25"; "" when no tax applied).
type Line struct {
	Name      string
	SKU       string // the shop's SKU of the line's variant, under its name
	Quantity  int
	UnitPrice int64
	Total     int64
	Rate      string
	Tax       int64
}

// CreditNote is a credit note issued against the invoice.
type CreditNote struct {
	Number      string
	Date        time.Time
	Amount, Tax int64
}

// Invoice is everything the page shows.
type Invoice struct {
	Lang            string
	Number          string
	Date, OrderDate time.Time
	OrderNumber     string
	PONumber        string
	QuoteNumber     string // the quote the order came from (api.md "Quotes")
	Seller          Party
	Buyer           Party
	ShipTo          []string
	Lines           []Line
	ShippingMethod  string
	Shipping        int64
	ShippingRate    string
	ShippingTax     int64
	Subtotal        int64
	Discounts       []wire.Discount // as they were when the order was placed; Total has them off
	Deposit         int64           // hire deposits: in Total, never taxed nor revenue
	Total           int64
	Taxes           []wire.TaxRow // the order's tax rows (wire.TaxRows)
	TaxExempt       bool
	PaymentMethod   string    // bank_transfer, card, invoice; "" when unknown
	PaymentState    string    // a payment status code (awaiting_payment, paid, ...)
	DueDate         time.Time // zero: due on receipt
	CreditNotes     []CreditNote
	PrintScript     string // URL of the print button's script
}

// view is an Invoice with its words in the invoice's language.
type view struct {
	Invoice
	T                       map[string]string
	Title                   string
	DateText, OrderDateText string
	TermsText, StateText    string
	TaxRows, InclRows       []row
	DiscountRows            []row
	NoteRows                []noteRow
}

// Money writes cents as a price in the invoice's language, as the app and
// the e-mails write it (locale.Price: $1,299.90, 1 299,90 $, US$1,299.90).
func (v view) Money(cents int64) string { return locale.Price(cents, v.Lang) }

// Rate writes a tax rate ("6.25") with the language's decimal mark, as the
// prices beside it (6,25 in Russian).
func (v view) Rate(rate string) string { return locale.Decimal(rate, v.Lang) }

// row is a labelled figure of the totals.
type row struct{ Label, Value string }

// noteRow is a credit note as the page lists it.
type noteRow struct{ Number, Date, Amount, Tax string }

// Render writes the invoice page.
func Render(inv Invoice) ([]byte, error) {
	lang := locale.Lang(inv.Lang)
	inv.Lang = lang
	v := view{Invoice: inv, T: texts.Words(lang), Title: tr(lang, "pageTitle", "number", inv.Number),
		DateText: locale.Date(inv.Date, lang), OrderDateText: locale.Date(inv.OrderDate, lang)}
	v.TaxRows, v.InclRows = taxRows(inv)
	for _, d := range inv.Discounts {
		v.DiscountRows = append(v.DiscountRows, row{tr(lang, "discount", "name", d.Label(lang)), v.Money(-int64(d.Amount))})
	}
	v.TermsText = termsText(inv)
	v.StateText = tr(lang, inv.PaymentState)
	for _, n := range inv.CreditNotes {
		v.NoteRows = append(v.NoteRows, noteRow{Number: n.Number, Date: locale.Date(n.Date, lang), Amount: v.Money(-n.Amount),
			Tax: tr(lang, "noteTax") + " " + v.Money(-n.Tax)})
	}
	var b bytes.Buffer
	if err := page.Execute(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// taxRows are the tax figures of the totals, the order's own rows
// (wire.TaxRows) in the invoice's words: each rate's tax with its base
// before the total, the tax inside it ("Incl.") after it; one row of the
// tax when nothing was taxed (exempt customers say why below).
func taxRows(inv Invoice) (before, after []row) {
	for _, r := range inv.Taxes {
		amount := locale.Price(int64(r.Amount), inv.Lang)
		label := func(key string) string {
			return tr(inv.Lang, key, "name", r.Name, "rate", locale.Decimal(r.Rate.String(), inv.Lang), "base", locale.Price(int64(r.Base), inv.Lang))
		}
		switch r.Kind {
		case wire.TaxRowIncluded:
			after = append(after, row{label("inclTax"), amount})
		case wire.TaxRowLine:
			before = append(before, row{label("taxOn"), amount})
		default:
			before = append(before, row{tr(inv.Lang, "tax"), amount})
		}
	}
	return before, after
}

// termsText is how and by when the invoice is to be paid; once it is paid
// (or refunded after that) only how: a due date beside "Paid" would ask
// for the money again.
func termsText(inv Invoice) string {
	switch inv.PaymentState {
	case "paid", "partially_refunded", "refunded":
		if inv.PaymentMethod == "" {
			return tr(inv.Lang, inv.PaymentState)
		}
		return tr(inv.Lang, inv.PaymentMethod)
	}
	due := tr(inv.Lang, "dueOnReceipt")
	if !inv.DueDate.IsZero() {
		due = tr(inv.Lang, "dueBy", "date", locale.Date(inv.DueDate, inv.Lang))
	}
	if inv.PaymentMethod == "" {
		return due
	}
	return tr(inv.Lang, inv.PaymentMethod) + " · " + due
}
