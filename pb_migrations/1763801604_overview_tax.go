package migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The overview's per-date rollup also keeps the tax inside its revenue
// (taxCents), from the figures the orders stored. The revenue stays what
// migration 1763801501 made it, money paid less money refunded; the tax in
// it is the order's tax in the same proportion, rounded half away from
// zero (all of it for an order paid in full, none before a payment or
// after a full refund). The three triggers on orders are made again with
// it, still following the paid and refunded amounts, and the days are
// recomputed from the orders. Down puts 1763801501's triggers back and
// drops the column.
func init() {
	m.Register(func(app core.App) error {
		return execAll(app, append([]string{`ALTER TABLE overview_days ADD COLUMN taxCents INTEGER NOT NULL DEFAULT 0`},
			overviewTaxTriggers()...))
	}, func(app core.App) error {
		paid := func(row, sign string) string {
			return sign + "(" + row + "amountPaidCents - " + row + "amountRefundedCents)"
		}
		down := overviewRevenueTriggers(paid, ", amountPaidCents, amountRefundedCents",
			" OR OLD.amountPaidCents IS NOT NEW.amountPaidCents OR OLD.amountRefundedCents IS NOT NEW.amountRefundedCents")
		return execAll(app, append(down, `ALTER TABLE overview_days DROP COLUMN taxCents`))
	})
}

// upsertDayTax adds an order's share to its date, tax included.
const upsertDayTax = `INSERT INTO overview_days (day, orders, revenueCents, taxCents) %s
	ON CONFLICT(day) DO UPDATE SET orders = orders + excluded.orders, revenueCents = revenueCents + excluded.revenueCents,
		taxCents = taxCents + excluded.taxCents;`

// netPaid is an order row's ("NEW.", "OLD." or "" for the table) money
// kept: paid less refunded.
func netPaid(row string) string {
	return "(" + row + "amountPaidCents - " + row + "amountRefundedCents)"
}

// taxInPaid is the tax inside an order row's net payment.
func taxInPaid(row string) string {
	return fmt.Sprintf(`CASE WHEN %[1]stotalCents > 0 THEN CAST(ROUND(COALESCE(%[1]staxCents, 0) * %[2]s * 1.0 / %[1]stotalCents) AS INTEGER)
		ELSE 0 END`, row, netPaid(row))
}

// dayTaxShare is the SELECT of order row ("NEW" or "OLD") on its date with
// sign, when it counts (not cancelled).
func dayTaxShare(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[2]s1, %[2]s%[3]s, %[2]s%[4]s WHERE %[1]s.status != 'Cancelled'`,
		row, sign, netPaid(row+"."), taxInPaid(row+"."))
}

// overviewTaxTriggers rebuilds the three order triggers with the tax
// share, following the columns 1763801501's follow and taxCents, and
// recomputes the days.
func overviewTaxTriggers() []string {
	return []string{
		"DROP TRIGGER IF EXISTS overview_orders_insert",
		"DROP TRIGGER IF EXISTS overview_orders_delete",
		"DROP TRIGGER IF EXISTS overview_orders_update",
		"DELETE FROM overview_days",
		fmt.Sprintf(`INSERT INTO overview_days (day, orders, revenueCents, taxCents)
			SELECT substr(created, 1, 10), COUNT(*), COALESCE(SUM(%s), 0), COALESCE(SUM(%s), 0)
			FROM orders WHERE status != 'Cancelled' GROUP BY 1`, netPaid(""), taxInPaid("")),
		`CREATE TRIGGER overview_orders_insert AFTER INSERT ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsertDayTax, dayTaxShare("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
		`CREATE TRIGGER overview_orders_delete AFTER DELETE ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertDayTax, dayTaxShare("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) + ` END`,
		`CREATE TRIGGER overview_orders_update AFTER UPDATE OF id, status, created, totalCents, amountPaidCents, amountRefundedCents, taxCents ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created
			OR OLD.totalCents IS NOT NEW.totalCents OR OLD.amountPaidCents IS NOT NEW.amountPaidCents
			OR OLD.amountRefundedCents IS NOT NEW.amountRefundedCents OR OLD.taxCents IS NOT NEW.taxCents BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsertDayTax, dayTaxShare("OLD", "-")) +
			fmt.Sprintf(upsertDayTax, dayTaxShare("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
	}
}
