package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The product list orders by (column, id) so pages are stable when values
// tie. Ending each list index with id lets SQLite read a page straight from
// the index, without a temporary sort, and without depending on statistics.
// (AddIndex replaces an index of the same name.)
func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "products", func(products *core.Collection) {
			addProductListIndexes(products, ", id")
		})
	}, func(app core.App) error {
		return updateCollection(app, "products", func(products *core.Collection) {
			addProductListIndexes(products, "")
		})
	})
}
