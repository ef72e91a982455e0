package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The search index holds the SKUs of a product's variants, its price range
// and whether it is on sale or in stock (issue 31): a change of the
// product's variant summary (kept by the triggers of 1763801700) is logged
// in search_changes like the changes 1763801300 logs. A later migration
// that drops or retypes a column named here must drop this trigger first.
func init() {
	m.Register(func(app core.App) error {
		return execAll(app, []string{
			`CREATE TRIGGER search_products_variants AFTER UPDATE OF skus, priceFromCents, priceToCents, onSale, inStock ON products
				WHEN OLD.skus IS NOT NEW.skus OR OLD.priceFromCents IS NOT NEW.priceFromCents OR OLD.priceToCents IS NOT NEW.priceToCents
					OR OLD.onSale IS NOT NEW.onSale OR OLD.inStock IS NOT NEW.inStock BEGIN
				INSERT INTO search_changes (productId) VALUES (NEW.id); END`,
		})
	}, func(app core.App) error {
		return execAll(app, []string{"DROP TRIGGER IF EXISTS search_products_variants"})
	})
}
