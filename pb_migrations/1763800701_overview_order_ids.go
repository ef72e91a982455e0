package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The overview's top products pick the period's orders by date and status
// and then their lines by order id: with the id in the date index, SQLite
// never reads the (large) order rows themselves (bench/RESULTS.md, test 8).
func init() {
	// AddIndex replaces the index of the same name.
	m.Register(func(app core.App) error {
		return updateCollection(app, "orders", func(orders *core.Collection) {
			orders.AddIndex("idx_orders_created_status_total", false, "created, status, totalCents, id", "")
		})
	}, func(app core.App) error {
		return updateCollection(app, "orders", func(orders *core.Collection) {
			orders.AddIndex("idx_orders_created_status_total", false, "created, status, totalCents", "")
		})
	})
}
