package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The product list orders by (column, id) so pages are stable when values
// tie. Ending each list index with id lets SQLite read a page straight from
// the index, without a temporary sort, and without depending on statistics.
func init() {
	m.Register(func(app core.App) error {
		products, err := app.FindCollectionByNameOrId("products")
		if err != nil {
			return err
		}
		// AddIndex replaces an index of the same name.
		products.AddIndex("idx_products_active_created", false, "isActive, created, id", "")
		products.AddIndex("idx_products_active_cat_created", false, "isActive, category, created, id", "")
		products.AddIndex("idx_products_active_name", false, "isActive, name, id", "")
		products.AddIndex("idx_products_active_cat_name", false, "isActive, category, name, id", "")
		products.AddIndex("idx_products_active_price", false, "isActive, priceCents, id", "")
		products.AddIndex("idx_products_active_cat_price", false, "isActive, category, priceCents, id", "")
		products.AddIndex("idx_products_created", false, "created, id", "")
		products.AddIndex("idx_products_cat_created", false, "category, created, id", "")
		return app.Save(products)
	}, func(app core.App) error {
		products, err := app.FindCollectionByNameOrId("products")
		if err != nil {
			return err
		}
		products.AddIndex("idx_products_active_created", false, "isActive, created", "")
		products.AddIndex("idx_products_active_cat_created", false, "isActive, category, created", "")
		products.AddIndex("idx_products_active_name", false, "isActive, name", "")
		products.AddIndex("idx_products_active_cat_name", false, "isActive, category, name", "")
		products.AddIndex("idx_products_active_price", false, "isActive, priceCents", "")
		products.AddIndex("idx_products_active_cat_price", false, "isActive, category, priceCents", "")
		products.AddIndex("idx_products_created", false, "created", "")
		products.AddIndex("idx_products_cat_created", false, "category, created", "")
		return app.Save(products)
	})
}
