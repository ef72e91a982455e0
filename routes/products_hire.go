package routes

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/catalog"
	"stageshop/shop/wire"
)

// hireTerms is the answer's hire object of a product's terms.
func hireTerms(h catalog.HireTerms) *wire.ProductHire {
	return &wire.ProductHire{Enabled: h.Enabled, SaleEnabled: h.SaleEnabled, Deposit: shop.Amount(h.DepositCents),
		BufferDays: h.BufferDays, MinDays: h.MinDays, LeadDays: h.LeadDays}
}

// hireRates is the answer's hireRates of a variant's rates.
func hireRates(r catalog.HireRates) *wire.HireRates {
	out := &wire.HireRates{Day: shop.Amount(r.DayCents)}
	if r.WeekendCents > 0 {
		a := shop.Amount(r.WeekendCents)
		out.Weekend = &a
	}
	if r.WeekCents > 0 {
		a := shop.Amount(r.WeekCents)
		out.Week = &a
	}
	return out
}

// kitComponents is the answer's kit, each component named as its product
// (a component since deleted keeps only its ids).
func kitComponents(app core.App, kit []catalog.KitComponent) []wire.KitComponent {
	if len(kit) == 0 {
		return nil
	}
	ids := make([]string, len(kit))
	for i, c := range kit {
		ids[i] = c.ProductID
	}
	names := catalog.ProductNames(app, ids)
	out := make([]wire.KitComponent, len(kit))
	for i, c := range kit {
		out[i] = wire.KitComponent{ProductID: c.ProductID, VariantID: c.VariantID, Quantity: c.Quantity}
		if n, ok := names[c.ProductID]; ok {
			out[i].Name, out[i].NameLocalized = n["en"], n
		}
	}
	return out
}

// withHire adds one product's hire members to its answer: the terms, the
// kit with names, the default variant's rates and fleet on the product and
// each variant's on it.
func withHire(app core.App, p catalog.Product, out *wire.Product) {
	out.Hire = hireTerms(p.Hire)
	out.Kit = kitComponents(app, p.Kit)
	byID := make(map[string]catalog.Variant, len(p.Variants))
	for _, v := range p.Variants {
		byID[v.ID] = v
	}
	for i := range out.Variants {
		v := byID[out.Variants[i].ID]
		n := v.HireQuantity
		out.Variants[i].HireRates, out.Variants[i].HireQuantity = hireRates(v.HireRates), &n
	}
	if v, ok := byID[p.DefaultVariantID]; ok {
		n := v.HireQuantity
		out.HireRates, out.HireQuantity = hireRates(v.HireRates), &n
	}
}
