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
	Quantity  int
	UnitPrice int64
	Total     int64
	Rate      string
	Tax       int64
}

// TaxLine is the tax of one rate: its name, rate, the net amount it
// applied to and the tax.
type TaxLine struct {
	Name, Rate   string
	Base, Amount int64
}

// CreditNote is a credit note issued against the invoice.
type CreditNote struct {
	Number      string
	Date        time.Time
	Amount, Tax int64
}

// Invoice is everything the page shows.
type Invoice struct {
	Lang             string
	Number           string
	Date, OrderDate  time.Time
	OrderNumber      string
	PONumber         string
	Seller           Party
	Buyer            Party
	ShipTo           []string
	Lines            []Line
	ShippingMethod   string
	Shipping         int64
	ShippingRate     string
	ShippingTax      int64
	Subtotal         int64
	Tax              int64
	Total            int64
	TaxLines         []TaxLine
	PricesIncludeTax bool
	TaxExempt        bool
	PaymentMethod    string    // bank_transfer, card, invoice; "" when unknown
	PaymentState     string    // a payment status code (awaiting_payment, paid, ...)
	DueDate          time.Time // zero: due on receipt
	CreditNotes      []CreditNote
	PrintScript      string // URL of the print button's script
}

// view is an Invoice with its words in the invoice's language.
type view struct {
	Invoice
	T                       map[string]string
	Title                   string
	DateText, OrderDateText string
	TermsText, StateText    string
	TaxRows, InclRows       []row
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

// taxRows are the tax figures of the totals: each rate's tax before the
// total with exclusive prices, after it ("incl.") with inclusive ones; one
// zero row when nothing was taxed (exempt customers say why below).
func taxRows(inv Invoice) (before, after []row) {
	if len(inv.TaxLines) == 0 {
		return []row{{tr(inv.Lang, "tax"), locale.Price(inv.Tax, inv.Lang)}}, nil
	}
	key := "taxOn"
	if inv.PricesIncludeTax {
		key = "inclTax"
	}
	rows := make([]row, 0, len(inv.TaxLines))
	for _, l := range inv.TaxLines {
		rows = append(rows, row{tr(inv.Lang, key, "name", l.Name, "rate", locale.Decimal(l.Rate, inv.Lang), "base", locale.Price(l.Base, inv.Lang)),
			locale.Price(l.Amount, inv.Lang)})
	}
	if inv.PricesIncludeTax {
		return nil, rows
	}
	return rows, nil
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
