package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Products gain the manufacturer's identifiers search engines and Google
// Merchant Center ask for (issue 50, api.md "Product feeds"): an optional
// brand, manufacturer part number (mpn) and GTIN (the barcode: 8, 12, 13
// or 14 digits). Empty for every product until the owner sets them.
func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "products", func(c *core.Collection) {
			c.Fields.Add(
				&core.TextField{Name: "brand", Max: 100},
				&core.TextField{Name: "mpn", Max: 70},
				&core.TextField{Name: "gtin", Max: 14, Pattern: `^(\d{8}|\d{12,14})$`},
			)
		})
	}, func(app core.App) error {
		return updateCollection(app, "products", func(c *core.Collection) {
			c.Fields.RemoveByName("brand")
			c.Fields.RemoveByName("mpn")
			c.Fields.RemoveByName("gtin")
		})
	})
}
