package migrations

import "fmt"

// The admin overview reads its order figures from four small tables kept
// by SQLite triggers on orders and order_items, in the transaction of every
// write (the shop's routes, the dashboard, Go code, plain SQL such as the
// bench's), so they cannot drift from the orders:
//
//   - overview_days: per UTC date, the orders not cancelled, their revenue
//     (money paid less money refunded) and the tax inside it;
//   - overview_day_products and overview_day_variants: per UTC date and
//     product (and variant: the best sellers are "XLR Cable - 10 m"), the
//     lines, units and line revenue of orders not cancelled;
//   - overview_statuses: every order by its current status.
//
// A change is always "take the old row's share out, put the new one in",
// so cancelling, reviving, deleting or editing an order or a line (in any
// order of writes: a line saved before its order counts once the order is
// saved) keeps the sums equal to a from-scratch aggregate
// (shop.TestOverviewRollupMatchesOrders). A later migration that drops or
// retypes a column named here must drop these triggers first and make
// them again.

// overviewSQL makes the rollup tables and their triggers.
func overviewSQL() []string {
	stmts := []string{
		`CREATE TABLE overview_days (day TEXT NOT NULL PRIMARY KEY, orders INTEGER NOT NULL DEFAULT 0,
			revenueCents INTEGER NOT NULL DEFAULT 0, taxCents INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`,
		`CREATE TABLE overview_day_products (day TEXT NOT NULL, productId TEXT NOT NULL, lines INTEGER NOT NULL DEFAULT 0,
			units INTEGER NOT NULL DEFAULT 0, revenueCents INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (day, productId)) WITHOUT ROWID`,
		`CREATE TABLE overview_statuses (status TEXT NOT NULL PRIMARY KEY, orders INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`,
		`CREATE TABLE overview_day_variants (day TEXT NOT NULL, productId TEXT NOT NULL, variantId TEXT NOT NULL,
			lines INTEGER NOT NULL DEFAULT 0, units INTEGER NOT NULL DEFAULT 0, revenueCents INTEGER NOT NULL DEFAULT 0,
			PRIMARY KEY (day, productId, variantId)) WITHOUT ROWID`,

		// An order's share: itself by status and on its day, its lines on its day.
		`CREATE TRIGGER overview_orders_insert AFTER INSERT ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsertDay, dayShare("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
		`CREATE TRIGGER overview_orders_delete AFTER DELETE ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertDay, dayShare("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) + ` END`,
		`CREATE TRIGGER overview_orders_update AFTER UPDATE OF id, status, created, totalCents, amountPaidCents, amountRefundedCents, taxCents ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created
			OR OLD.totalCents IS NOT NEW.totalCents OR OLD.amountPaidCents IS NOT NEW.amountPaidCents
			OR OLD.amountRefundedCents IS NOT NEW.amountRefundedCents OR OLD.taxCents IS NOT NEW.taxCents BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsertDay, dayShare("OLD", "-")) +
			fmt.Sprintf(upsertDay, dayShare("NEW", "")) +
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
	return append(stmts, overviewVariantSQL()...)
}

// overviewVariantSQL makes the triggers of the per-variant rollup.
func overviewVariantSQL() []string {
	return []string{
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
}

// The upserts of the triggers: %s is a SELECT of the share to add (signed:
// a negative share takes one out).
const (
	upsertStatus = `INSERT INTO overview_statuses (status, orders) %s
		ON CONFLICT(status) DO UPDATE SET orders = orders + excluded.orders;`
	upsertDay = `INSERT INTO overview_days (day, orders, revenueCents, taxCents) %s
	ON CONFLICT(day) DO UPDATE SET orders = orders + excluded.orders, revenueCents = revenueCents + excluded.revenueCents,
		taxCents = taxCents + excluded.taxCents;`
	upsertDayProduct = `INSERT INTO overview_day_products (day, productId, lines, units, revenueCents) %s
		ON CONFLICT(day, productId) DO UPDATE SET lines = lines + excluded.lines, units = units + excluded.units,
			revenueCents = revenueCents + excluded.revenueCents;`
	upsertDayVariant = `INSERT INTO overview_day_variants (day, productId, variantId, lines, units, revenueCents) %s
	ON CONFLICT(day, productId, variantId) DO UPDATE SET lines = lines + excluded.lines, units = units + excluded.units,
		revenueCents = revenueCents + excluded.revenueCents;`
)

// dayShare is the SELECT of order row ("NEW" or "OLD") on its date with
// sign, when it counts (not cancelled): one order, the money kept (paid
// less refunded) and the tax inside it.
func dayShare(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[2]s1, %[2]s%[3]s, %[2]s%[4]s WHERE %[1]s.status != 'Cancelled'`,
		row, sign, netPaid(row+"."), taxInPaid(row+"."))
}

// netPaid is an order row's ("NEW." or "OLD.") money kept: paid less
// refunded.
func netPaid(row string) string {
	return "(" + row + "amountPaidCents - " + row + "amountRefundedCents)"
}

// taxInPaid is the tax inside an order row's net payment: the order's tax
// in the same proportion, rounded half away from zero (all of it for an
// order paid in full, none before a payment or after a full refund).
func taxInPaid(row string) string {
	return fmt.Sprintf(`CASE WHEN %[1]stotalCents > 0 THEN CAST(ROUND(COALESCE(%[1]staxCents, 0) * %[2]s * 1.0 / %[1]stotalCents) AS INTEGER)
		ELSE 0 END`, row, netPaid(row))
}

// orderLines is the SELECT of the lines of order row ("NEW" or "OLD") by
// product with sign, when that order counts (not cancelled).
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

// orderVariantLines is orderLines by product and variant.
func orderVariantLines(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), productId, variantId, %[2]sCOUNT(*), %[2]sSUM(quantity), %[2]sSUM(totalCents)
		FROM order_items WHERE orderRef = %[1]s.id AND %[1]s.status != 'Cancelled' GROUP BY productId, variantId`, row, sign)
}

// variantLineShare is lineShare with the line's variant.
func variantLineShare(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(o.created, 1, 10), %[1]s.productId, %[1]s.variantId, %[2]s1, %[2]s%[1]s.quantity, %[2]s%[1]s.totalCents
		FROM orders o WHERE o.id = %[1]s.orderRef AND o.status != 'Cancelled'`, row, sign)
}
