package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// "Newest first" lists in-stock products before sold-out ones (issue 35):
// the list's default order becomes inStock, created, id; these indexes
// serve it with and without a category, for shoppers (isActive) and for
// admins' lists.
var newestInStockIndexes = [][2]string{
	{"idx_products_active_stock_created", "isActive, inStock, created, id"},
	{"idx_products_active_cat_stock_created", "isActive, category, inStock, created, id"},
}

func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "products", func(c *core.Collection) {
			for _, idx := range newestInStockIndexes {
				c.AddIndex(idx[0], false, idx[1], "")
			}
		})
	}, func(app core.App) error {
		return updateCollection(app, "products", func(c *core.Collection) {
			for _, idx := range newestInStockIndexes {
				c.RemoveIndex(idx[0])
			}
		})
	})
}
