package quote

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// storedOf is the stored line of an item from the catalog at quantity
// qty, quoted at unit cents (its list price when unit < 0).
func storedOf(it cart.Item, unit int64) storedLine {
	l := storedLine{ProductID: it.ProductID, VariantID: it.VariantID, SKU: it.SKU, Name: it.ProductName,
		Label: it.VariantLabelLocalized, Quantity: it.Quantity, ListCents: int64(it.UnitPrice), UnitCents: unit,
		Deposit: int64(it.Deposit), TaxClass: it.TaxClass, WeightGrams: it.WeightGrams, FreightOnly: it.FreightOnly}
	if unit < 0 {
		l.UnitCents = l.ListCents
	}
	if it.Hire != nil {
		l.HireStart, l.HireEnd, l.Days = it.Hire.Start, it.Hire.End, it.Hire.Days
	}
	if l.Label == nil {
		l.Label = wire.Localized{}
	}
	return l
}

// orderLines are a quote's lines as its order has them: each product line
// at the higher of its list and quoted price less the difference (the
// quote's discount), then the service lines.
func orderLines(lines []storedLine, services []storedService) []shop.QuoteLine {
	out := make([]shop.QuoteLine, 0, len(lines)+len(services))
	for _, l := range lines {
		base := max(l.ListCents, l.UnitCents)
		qty := int64(l.Quantity)
		it := cart.Item{ProductID: l.ProductID, VariantID: l.VariantID, SKU: l.SKU, ProductName: l.Name,
			VariantLabel: l.Label.Get("en", ""), VariantLabelLocalized: l.Label, Quantity: l.Quantity,
			UnitPrice: wire.Amount(base), TotalPrice: wire.Amount(base * qty), Deposit: wire.Amount(l.Deposit),
			Active: true, AvailableStock: l.Quantity, TaxClass: tax.ClassOf(l.TaxClass), WeightGrams: l.WeightGrams, FreightOnly: l.FreightOnly}
		if l.HireStart != "" {
			it.Hire = &wire.CartHire{Start: l.HireStart, End: l.HireEnd, Days: l.Days, UnitPrice: wire.Amount(base)}
		}
		out = append(out, shop.QuoteLine{Item: it, Discount: wire.Amount((base - l.UnitCents) * qty)})
	}
	for _, s := range services {
		it := cart.Item{ProductName: s.Name, Quantity: 1, UnitPrice: wire.Amount(s.Cents), TotalPrice: wire.Amount(s.Cents),
			Active: true, TaxClass: tax.ClassOf(s.TaxClass), VariantLabelLocalized: wire.Localized{}}
		out = append(out, shop.QuoteLine{Item: it})
	}
	return out
}

// reprice prices the record's lines, service lines and shipping for its
// customer and address, and keeps the figures and the tax as quoted.
func reprice(txApp core.App, rec *core.Record) error {
	lines := orderLines(linesOf(rec), servicesOf(rec))
	addr := shippingOf(rec).PostalAddress
	p, err := shop.PriceQuote(txApp, rec.GetString("user"), rec.GetString("number"), lines, addr, wire.Amount(rec.GetInt("shippingCents")))
	if err != nil {
		return err
	}
	rec.Set("subtotalCents", int64(p.Subtotal))
	rec.Set("discountCents", int64(p.Discount))
	rec.Set("taxCents", int64(p.Tax))
	rec.Set("depositCents", int64(p.Deposit))
	rec.Set("totalCents", int64(p.Total))
	rec.Set("taxed", storedTaxOf(p.Taxed))
	return nil
}

// storedLineTax is a line's tax as a quote keeps it, in cents.
type storedLineTax struct {
	Rate      int64  `json:"rate"`
	Name      string `json:"name"`
	Base, Tax int64
}

// storedTax is the tax as quoted (tax.Taxed in cents: wire.Amount only
// marshals).
type storedTax struct {
	Subtotal, Shipping, Tax, Total int64
	PricesIncludeTax, Exempt       bool
	Lines                          []storedLineTax
	ShippingTax                    storedLineTax
	TaxLines                       []storedLineTax
}

func lineTaxIn(l tax.LineTax) storedLineTax {
	return storedLineTax{Rate: int64(l.Rate), Name: l.Name, Base: int64(l.Base), Tax: int64(l.Tax)}
}

func (l storedLineTax) out() tax.LineTax {
	return tax.LineTax{Rate: tax.Rate(l.Rate), Name: l.Name, Base: wire.Amount(l.Base), Tax: wire.Amount(l.Tax)}
}

// storedTaxOf is t as stored.
func storedTaxOf(t tax.Taxed) storedTax {
	s := storedTax{Subtotal: int64(t.Subtotal), Shipping: int64(t.Shipping), Tax: int64(t.Tax), Total: int64(t.Total),
		PricesIncludeTax: t.PricesIncludeTax, Exempt: t.Exempt, ShippingTax: lineTaxIn(t.ShippingTax),
		Lines: []storedLineTax{}, TaxLines: []storedLineTax{}}
	for _, l := range t.Lines {
		s.Lines = append(s.Lines, lineTaxIn(l))
	}
	for _, l := range t.TaxLines {
		s.TaxLines = append(s.TaxLines, storedLineTax{Rate: int64(l.Rate), Name: l.Name, Base: int64(l.Base), Tax: int64(l.Amount)})
	}
	return s
}

// taxedOf is the tax as quoted.
func taxedOf(rec *core.Record) tax.Taxed {
	var s storedTax
	_ = rec.UnmarshalJSONField("taxed", &s)
	t := tax.Taxed{Subtotal: wire.Amount(s.Subtotal), Shipping: wire.Amount(s.Shipping), Tax: wire.Amount(s.Tax),
		Total: wire.Amount(s.Total), PricesIncludeTax: s.PricesIncludeTax, Exempt: s.Exempt, ShippingTax: s.ShippingTax.out()}
	for _, l := range s.Lines {
		t.Lines = append(t.Lines, l.out())
	}
	for _, l := range s.TaxLines {
		t.TaxLines = append(t.TaxLines, tax.Line{Name: l.Name, Rate: tax.Rate(l.Rate), Base: wire.Amount(l.Base), Amount: wire.Amount(l.Tax)})
	}
	return t
}
