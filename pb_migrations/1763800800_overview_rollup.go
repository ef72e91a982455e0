package migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The admin overview reads its order figures from three small tables kept
// by SQLite triggers on orders and order_items, in the transaction of every
// write (the shop's routes, the dashboard, Go code, plain SQL such as the
// bench's), so they cannot drift from the orders:
//
//   - overview_days: per UTC date, non-cancelled orders and their revenue;
//   - overview_day_products: per UTC date and product, lines, units and
//     line revenue of non-cancelled orders;
//   - overview_statuses: every order by its current status.
//
// A change is always "take the old row's share out, put the new one in",
// so cancelling, reviving, deleting or editing an order or a line (in any
// order of writes: a line saved before its order counts once the order is
// saved) keeps the sums equal to a from-scratch aggregate
// (shop.TestOverviewRollupMatchesOrders). The backfill is that aggregate.
// A later migration that drops or retypes orders.status, created,
// totalCents or an order_items column named here must drop these triggers
// first (SQLite refuses to drop a column a trigger uses) and recreate them.
func init() {
	m.Register(func(app core.App) error {
		if err := execAll(app, overviewRollupUp); err != nil {
			return err
		}
		return updateCollection(app, "order_items", func(items *core.Collection) {
			// The snapshot name of a deleted best seller: its latest line.
			items.AddIndex("idx_order_items_product", false, "productId", "")
		})
	}, func(app core.App) error {
		err := updateCollection(app, "order_items", func(items *core.Collection) {
			items.RemoveIndex("idx_order_items_product")
		})
		if err != nil {
			return err
		}
		return execAll(app, overviewRollupDown)
	})
}

// SQL fragments of the triggers: add a share (sign +) or take it out (-).
const (
	upsertDay = `INSERT INTO overview_days (day, orders, revenueCents) %s
		ON CONFLICT(day) DO UPDATE SET orders = orders + excluded.orders, revenueCents = revenueCents + excluded.revenueCents;`
	upsertDayProduct = `INSERT INTO overview_day_products (day, productId, lines, units, revenueCents) %s
		ON CONFLICT(day, productId) DO UPDATE SET lines = lines + excluded.lines, units = units + excluded.units,
			revenueCents = revenueCents + excluded.revenueCents;`
	upsertStatus = `INSERT INTO overview_statuses (status, orders) %s
		ON CONFLICT(status) DO UPDATE SET orders = orders + excluded.orders;`
)

var overviewRollupUp = []string{
	`CREATE TABLE overview_days (day TEXT NOT NULL PRIMARY KEY, orders INTEGER NOT NULL DEFAULT 0,
		revenueCents INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`,
	`CREATE TABLE overview_day_products (day TEXT NOT NULL, productId TEXT NOT NULL, lines INTEGER NOT NULL DEFAULT 0,
		units INTEGER NOT NULL DEFAULT 0, revenueCents INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (day, productId)) WITHOUT ROWID`,
	`CREATE TABLE overview_statuses (status TEXT NOT NULL PRIMARY KEY, orders INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`,

	// Backfill: the from-scratch aggregate of the orders stored so far.
	`INSERT INTO overview_days (day, orders, revenueCents)
		SELECT substr(created, 1, 10), COUNT(*), COALESCE(SUM(totalCents), 0) FROM orders
		WHERE status != 'Cancelled' GROUP BY 1`,
	`INSERT INTO overview_day_products (day, productId, lines, units, revenueCents)
		SELECT substr(o.created, 1, 10), li.productId, COUNT(*), SUM(li.quantity), SUM(li.totalCents)
		FROM order_items li JOIN orders o ON o.id = li.orderRef
		WHERE o.status != 'Cancelled' GROUP BY 1, 2`,
	`INSERT INTO overview_statuses (status, orders) SELECT status, COUNT(*) FROM orders GROUP BY status`,

	// An order's share: itself on its day, its lines on its day.
	`CREATE TRIGGER overview_orders_insert AFTER INSERT ON orders BEGIN ` +
		fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
		fmt.Sprintf(upsertDay, `SELECT substr(NEW.created, 1, 10), 1, NEW.totalCents WHERE NEW.status != 'Cancelled'`) +
		fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
	`CREATE TRIGGER overview_orders_delete AFTER DELETE ON orders BEGIN ` +
		fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
		fmt.Sprintf(upsertDay, `SELECT substr(OLD.created, 1, 10), -1, -OLD.totalCents WHERE OLD.status != 'Cancelled'`) +
		fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) + ` END`,
	`CREATE TRIGGER overview_orders_update AFTER UPDATE OF id, status, created, totalCents ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created
			OR OLD.totalCents IS NOT NEW.totalCents BEGIN ` +
		fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
		fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
		fmt.Sprintf(upsertDay, `SELECT substr(OLD.created, 1, 10), -1, -OLD.totalCents WHERE OLD.status != 'Cancelled'`) +
		fmt.Sprintf(upsertDay, `SELECT substr(NEW.created, 1, 10), 1, NEW.totalCents WHERE NEW.status != 'Cancelled'`) +
		fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) +
		fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,

	// A line's share, on its order's day while the order counts.
	`CREATE TRIGGER overview_items_insert AFTER INSERT ON order_items BEGIN ` +
		fmt.Sprintf(upsertDayProduct, lineShare("NEW", "")) + ` END`,
	`CREATE TRIGGER overview_items_delete AFTER DELETE ON order_items BEGIN ` +
		fmt.Sprintf(upsertDayProduct, lineShare("OLD", "-")) + ` END`,
	`CREATE TRIGGER overview_items_update AFTER UPDATE OF orderRef, productId, quantity, totalCents ON order_items
		WHEN OLD.orderRef IS NOT NEW.orderRef OR OLD.productId IS NOT NEW.productId OR OLD.quantity IS NOT NEW.quantity
			OR OLD.totalCents IS NOT NEW.totalCents BEGIN ` +
		fmt.Sprintf(upsertDayProduct, lineShare("OLD", "-")) +
		fmt.Sprintf(upsertDayProduct, lineShare("NEW", "")) + ` END`,
}

var overviewRollupDown = []string{
	"DROP TRIGGER IF EXISTS overview_orders_insert",
	"DROP TRIGGER IF EXISTS overview_orders_delete",
	"DROP TRIGGER IF EXISTS overview_orders_update",
	"DROP TRIGGER IF EXISTS overview_items_insert",
	"DROP TRIGGER IF EXISTS overview_items_delete",
	"DROP TRIGGER IF EXISTS overview_items_update",
	"DROP TABLE IF EXISTS overview_days",
	"DROP TABLE IF EXISTS overview_day_products",
	"DROP TABLE IF EXISTS overview_statuses",
}

// orderLines is the SELECT of the lines of order row ("NEW" or "OLD") with
// sign, when that row counts (not cancelled).
func orderLines(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), productId, %[2]sCOUNT(*), %[2]sSUM(quantity), %[2]sSUM(totalCents)
		FROM order_items WHERE orderRef = %[1]s.id AND %[1]s.status != 'Cancelled' GROUP BY productId`, row, sign)
}

// lineShare is the SELECT of line row ("NEW" or "OLD") with sign, on its
// order's day when that order exists and counts.
func lineShare(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(o.created, 1, 10), %[1]s.productId, %[2]s1, %[2]s%[1]s.quantity, %[2]s%[1]s.totalCents
		FROM orders o WHERE o.id = %[1]s.orderRef AND o.status != 'Cancelled'`, row, sign)
}
