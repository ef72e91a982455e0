package migrations

import (
	"fmt"

	m "github.com/pocketbase/pocketbase/migrations"

	"github.com/pocketbase/pocketbase/core"
)

// The overview's best sellers are variants ("XLR Cable - 10 m", issue 31):
// overview_day_variants holds, per UTC date, product and variant, the
// lines, units and line revenue of non-cancelled orders, kept by its own
// triggers on orders and order_items exactly as 1763800800 keeps
// overview_day_products (take the old row's share out, put the new one
// in). Lines from before variants have the variant "" when their product
// was deleted. A later migration that drops or retypes a column named here
// must drop these triggers first and recreate them.
func init() {
	m.Register(func(app core.App) error {
		return execAll(app, overviewVariantsUp)
	}, func(app core.App) error {
		return execAll(app, overviewVariantsDown)
	})
}

const upsertDayVariant = `INSERT INTO overview_day_variants (day, productId, variantId, lines, units, revenueCents) %s
	ON CONFLICT(day, productId, variantId) DO UPDATE SET lines = lines + excluded.lines, units = units + excluded.units,
		revenueCents = revenueCents + excluded.revenueCents;`

var overviewVariantsUp = []string{
	`CREATE TABLE overview_day_variants (day TEXT NOT NULL, productId TEXT NOT NULL, variantId TEXT NOT NULL,
		lines INTEGER NOT NULL DEFAULT 0, units INTEGER NOT NULL DEFAULT 0, revenueCents INTEGER NOT NULL DEFAULT 0,
		PRIMARY KEY (day, productId, variantId)) WITHOUT ROWID`,
	`INSERT INTO overview_day_variants (day, productId, variantId, lines, units, revenueCents)
		SELECT substr(o.created, 1, 10), li.productId, li.variantId, COUNT(*), SUM(li.quantity), SUM(li.totalCents)
		FROM order_items li JOIN orders o ON o.id = li.orderRef
		WHERE o.status != 'Cancelled' GROUP BY 1, 2, 3`,
	`CREATE TRIGGER overview_variants_orders_insert AFTER INSERT ON orders BEGIN ` +
		fmt.Sprintf(upsertDayVariant, orderVariantLines("NEW", "")) + ` END`,
	`CREATE TRIGGER overview_variants_orders_delete AFTER DELETE ON orders BEGIN ` +
		fmt.Sprintf(upsertDayVariant, orderVariantLines("OLD", "-")) + ` END`,
	`CREATE TRIGGER overview_variants_orders_update AFTER UPDATE OF id, status, created ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created BEGIN ` +
		fmt.Sprintf(upsertDayVariant, orderVariantLines("OLD", "-")) +
		fmt.Sprintf(upsertDayVariant, orderVariantLines("NEW", "")) + ` END`,
	`CREATE TRIGGER overview_variants_items_insert AFTER INSERT ON order_items BEGIN ` +
		fmt.Sprintf(upsertDayVariant, variantLineShare("NEW", "")) + ` END`,
	`CREATE TRIGGER overview_variants_items_delete AFTER DELETE ON order_items BEGIN ` +
		fmt.Sprintf(upsertDayVariant, variantLineShare("OLD", "-")) + ` END`,
	`CREATE TRIGGER overview_variants_items_update AFTER UPDATE OF orderRef, productId, variantId, quantity, totalCents ON order_items
		WHEN OLD.orderRef IS NOT NEW.orderRef OR OLD.productId IS NOT NEW.productId OR OLD.variantId IS NOT NEW.variantId
			OR OLD.quantity IS NOT NEW.quantity OR OLD.totalCents IS NOT NEW.totalCents BEGIN ` +
		fmt.Sprintf(upsertDayVariant, variantLineShare("OLD", "-")) +
		fmt.Sprintf(upsertDayVariant, variantLineShare("NEW", "")) + ` END`,
}

var overviewVariantsDown = []string{
	"DROP TRIGGER IF EXISTS overview_variants_orders_insert",
	"DROP TRIGGER IF EXISTS overview_variants_orders_delete",
	"DROP TRIGGER IF EXISTS overview_variants_orders_update",
	"DROP TRIGGER IF EXISTS overview_variants_items_insert",
	"DROP TRIGGER IF EXISTS overview_variants_items_delete",
	"DROP TRIGGER IF EXISTS overview_variants_items_update",
	"DROP TABLE IF EXISTS overview_day_variants",
}

// orderVariantLines is the SELECT of the lines of order row ("NEW" or
// "OLD") by variant with sign, when that order counts (not cancelled).
func orderVariantLines(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), productId, variantId, %[2]sCOUNT(*), %[2]sSUM(quantity), %[2]sSUM(totalCents)
		FROM order_items WHERE orderRef = %[1]s.id AND %[1]s.status != 'Cancelled' GROUP BY productId, variantId`, row, sign)
}

// variantLineShare is the SELECT of line row ("NEW" or "OLD") with sign,
// on its order's day when that order exists and counts.
func variantLineShare(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(o.created, 1, 10), %[1]s.productId, %[1]s.variantId, %[2]s1, %[2]s%[1]s.quantity, %[2]s%[1]s.totalCents
		FROM orders o WHERE o.id = %[1]s.orderRef AND o.status != 'Cancelled'`, row, sign)
}
