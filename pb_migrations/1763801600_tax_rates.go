package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Tax as data: the tax_rates collection (superusers, in the dashboard):
// a country as an address gives it, a US state or none for the whole
// country, a tax class, a rate in percent with up to three decimals and a
// name. Products get a tax class (standard unless set); the shop's
// settings say whether prices include tax and whether shipping is taxed
// (both off: US style).
func init() {
	m.Register(func(app core.App) error {
		if err := createTaxRates(app); err != nil {
			return err
		}
		if err := updateCollection(app, "products", func(c *core.Collection) {
			c.Fields.Add(&core.SelectField{Name: "taxClass", MaxSelect: 1, Values: []string{"standard", "reduced", "zero"}})
		}); err != nil {
			return err
		}
		if _, err := app.DB().NewQuery(`UPDATE products SET taxClass = 'standard' WHERE taxClass = ''`).Execute(); err != nil {
			return err
		}
		return updateCollection(app, "shop_settings", func(c *core.Collection) {
			c.Fields.Add(&core.BoolField{Name: "pricesIncludeTax"}, &core.BoolField{Name: "taxShipping"})
		})
	}, func(app core.App) error {
		if err := removeFields(app, "shop_settings", "pricesIncludeTax", "taxShipping"); err != nil {
			return err
		}
		if err := removeFields(app, "products", "taxClass"); err != nil {
			return err
		}
		return deleteCollections(app, "tax_rates")
	})
}

// createTaxRates makes the rates collection. The rule that a place and
// class have one rate, and the region's and rate's formats, are the record
// hook's (shop.ValidateTaxRateRecord): "US" and "United States" are one
// country, which an index cannot see.
func createTaxRates(app core.App) error {
	zero, hundred := 0.0, 100.0
	c := core.NewBaseCollection("tax_rates")
	c.Fields.Add(
		&core.TextField{Name: "country", Required: true, Max: 100},
		&core.TextField{Name: "region", Max: 10},
		&core.SelectField{Name: "taxClass", Required: true, MaxSelect: 1, Values: []string{"standard", "reduced", "zero"}},
		&core.NumberField{Name: "rate", Min: &zero, Max: &hundred},
		&core.TextField{Name: "name", Required: true, Max: 100},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	return app.Save(c)
}
