package shop

import (
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
	"stageshop/shop/invoice"
	"stageshop/shop/locale"
	"stageshop/shop/shipping"
	"stageshop/shop/site"
	"stageshop/shop/wire"
)

// ErrNoInvoice: the order has no invoice (yet): answered as not found.
var ErrNoInvoice = wire.NotFound("This order has no invoice yet")

// InvoiceViewer is who asks for an invoice: the signed-in user, and
// whether they are an admin (who may open any).
type InvoiceViewer struct {
	UserID string
	Admin  bool
}

// InvoicePage renders the invoice of an order as a printable HTML page in
// the customer's language, with the figures the order stored. Someone
// else's order is ErrOrderNotFound (unless the viewer is an admin), an
// order without an invoice number ErrNoInvoice. printScript is the URL of
// the page's print button script.
func InvoicePage(app core.App, orderID string, v InvoiceViewer, printScript string) ([]byte, error) {
	rec, err := findOrder(app, orderID)
	if err != nil {
		return nil, err
	}
	if !v.Admin && (v.UserID == "" || rec.GetString("user") != v.UserID) {
		return nil, ErrOrderNotFound
	}
	if rec.GetString("invoiceNumber") == "" {
		return nil, ErrNoInvoice
	}
	d, err := orderDetail(app, rec)
	if err != nil {
		return nil, err
	}
	to, _, err := orderRecipient(app, rec.GetString("user"))
	if err != nil {
		return nil, err
	}
	inv := invoiceOf(rec, d, locale.Lang(to.Language))
	inv.Seller = sellerOf(app)
	inv.PrintScript = printScript
	return invoice.Render(inv)
}

// invoiceOf is an order's invoice: its figures as stored, in lang.
func invoiceOf(rec *core.Record, d *OrderDetail, lang string) invoice.Invoice {
	inv := invoice.Invoice{
		Lang: lang, Number: d.InvoiceNumber, Date: rec.GetDateTime("invoicedAt").Time(),
		OrderDate: rec.GetDateTime("created").Time(), OrderNumber: d.OrderNumber,
		PONumber: rec.GetString("poNumber"), QuoteNumber: rec.GetString("quoteNumber"),
		Buyer: invoice.Party{Name: strings.TrimSpace(d.Billing.FirstName + " " + d.Billing.LastName),
			Company: d.Billing.CompanyName, Address: addressLines(d.Billing.PostalAddress, lang), TaxID: d.Billing.TaxID,
			Email: d.CustomerEmail},
		ShipTo:         append([]string{strings.TrimSpace(d.Shipping.FirstName + " " + d.Shipping.LastName)}, addressLines(d.Shipping.PostalAddress, lang)...),
		ShippingMethod: d.ShippingMethodName.Get(lang, shipping.MethodName(d.ShippingMethod, lang)), Shipping: int64(d.ShippingAmount),
		ShippingTax: int64(d.ShippingTax), Subtotal: int64(d.SubtotalAmount), Discounts: d.Discounts,
		Deposit: int64(d.DepositAmount), Total: int64(d.TotalAmount), Taxes: d.TaxRows, TaxExempt: d.TaxExempt,
		PaymentMethod: rec.GetString("paymentMethod"), PaymentState: paymentStateOf(rec),
		DueDate: rec.GetDateTime("dueDate").Time(),
	}
	if d.ShippingTax != 0 || d.ShippingTaxRate != 0 {
		inv.ShippingRate = d.ShippingTaxRate.String()
	}
	for _, it := range d.Items {
		name := catalog.LineName(it.ProductName, it.VariantLabelLocalized).Get(lang, "") // "XLR Cable, 10 m"
		if it.Hire != nil {
			name += " (" + it.Hire.Start + " – " + it.Hire.End + ")" // a hire's dates, as the confirmation names them
		}
		l := invoice.Line{Name: name, SKU: it.SKU, Quantity: it.Quantity, UnitPrice: int64(it.UnitPrice),
			Total: int64(it.TotalPrice), Tax: int64(it.TaxAmount)}
		if it.TaxRate != 0 || it.TaxAmount != 0 {
			l.Rate = it.TaxRate.String()
		}
		inv.Lines = append(inv.Lines, l)
	}
	for _, n := range d.CreditNotes {
		created, _ := time.Parse(time.RFC3339, n.CreatedAt)
		inv.CreditNotes = append(inv.CreditNotes, invoice.CreditNote{Number: n.Number, Date: created, Amount: int64(n.Amount), Tax: int64(n.TaxAmount)})
	}
	return inv
}

// paymentStateOf is the order's payment status for the invoice: the
// payment work's status when the order has one, else cancelled or
// awaiting payment.
func paymentStateOf(rec *core.Record) string {
	if s := rec.GetString("paymentStatus"); s != "" {
		return s
	}
	if rec.GetString("status") == StatusCancelled {
		return "cancelled"
	}
	return "awaiting_payment"
}

// addressLines are an address's lines: street, "city, state zip", and
// the country by its name in lang (orders store its ISO code).
func addressLines(a PostalAddress, lang string) []string {
	out := []string{}
	place := strings.TrimSpace(strings.Join(nonEmptyTexts(a.City, strings.TrimSpace(a.State+" "+a.ZipCode)), ", "))
	for _, s := range []string{a.Address, place, locale.CountryName(a.Country, lang)} {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func nonEmptyTexts(ss ...string) []string {
	out := []string{}
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// sellerOf is the seller the invoice names: the store details (the legal
// name, else the shop's name; its address, e-mail and phone) and the tax ID
// of the tax settings.
func sellerOf(app core.App) invoice.Party {
	d, _ := site.LoadStoreDetails(app)
	p := invoice.Party{Name: d.LegalName, Email: d.Email, Phone: d.Phone}
	if p.Name == "" {
		p.Name = d.Name
	}
	for _, l := range strings.Split(d.Address, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			p.Address = append(p.Address, l)
		}
	}
	if recs, err := app.FindRecordsByFilter(shipping.SettingsCollection, "", "created", 1, 0); err == nil && len(recs) > 0 {
		p.TaxID = recs[0].GetString("sellerTaxId")
	}
	if p.Name == "" {
		p.Name = "StageShop"
	}
	return p
}
