package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Orders keep their tax as it was computed when they were placed: the
// total tax, the tax per rate, whether prices included it and whether the
// customer was exempt, the shipping's rate and tax, the buyer's company
// and tax ID; each line keeps its class, rate, rate name and tax. A rate
// changed later changes no order. Orders placed before this had no tax.
func init() {
	m.Register(func(app core.App) error {
		zero, hundred := 0.0, 100.0
		if err := updateCollection(app, "orders", func(c *core.Collection) {
			c.Fields.Add(
				&core.NumberField{Name: "taxCents", OnlyInt: true, Min: &zero},
				&core.JSONField{Name: "taxLines", MaxSize: 20000},
				&core.BoolField{Name: "pricesIncludeTax"},
				&core.BoolField{Name: "taxExempt"},
				&core.NumberField{Name: "shippingTaxRate", Min: &zero, Max: &hundred},
				&core.NumberField{Name: "shippingTaxCents", OnlyInt: true, Min: &zero},
				&core.TextField{Name: "companyName", Max: 200},
				&core.TextField{Name: "taxId", Max: 50},
			)
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "order_items", func(c *core.Collection) {
			c.Fields.Add(
				&core.TextField{Name: "taxClass", Max: 20},
				&core.NumberField{Name: "taxRate", Min: &zero, Max: &hundred},
				&core.TextField{Name: "taxName", Max: 100},
				&core.NumberField{Name: "taxCents", OnlyInt: true, Min: &zero},
			)
		}); err != nil {
			return err
		}
		return execAll(app, []string{
			`UPDATE orders SET taxCents = 0, taxLines = '[]', shippingTaxRate = 0, shippingTaxCents = 0`,
			`UPDATE order_items SET taxClass = 'standard', taxRate = 0, taxCents = 0`,
		})
	}, func(app core.App) error {
		if err := removeFields(app, "order_items", "taxClass", "taxRate", "taxName", "taxCents"); err != nil {
			return err
		}
		return removeFields(app, "orders", "taxCents", "taxLines", "pricesIncludeTax", "taxExempt",
			"shippingTaxRate", "shippingTaxCents", "companyName", "taxId")
	})
}
