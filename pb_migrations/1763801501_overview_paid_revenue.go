package migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The overview's revenue counts money paid (issue 29): an order's share of
// its day is what was paid for it less what was refunded, while it is not
// cancelled (the order count is unchanged: orders not cancelled). The
// order triggers of migration 1763800800 are replaced by ones that also
// follow the paid and refunded amounts, and the per-day figures are
// recomputed from the orders. Down puts the total-based triggers back.
func init() {
	paid := func(row, sign string) string {
		return sign + "(" + row + "amountPaidCents - " + row + "amountRefundedCents)"
	}
	total := func(row, sign string) string { return sign + row + "totalCents" } // as 1763800800 wrote it
	m.Register(func(app core.App) error {
		return execAll(app, overviewRevenueTriggers(paid, ", amountPaidCents, amountRefundedCents",
			" OR OLD.amountPaidCents IS NOT NEW.amountPaidCents OR OLD.amountRefundedCents IS NOT NEW.amountRefundedCents"))
	}, func(app core.App) error {
		return execAll(app, overviewRevenueTriggers(total, "", ""))
	})
}

// overviewRevenueTriggers rebuilds the order triggers with revenue(row,
// sign) as an order's signed revenue (row "NEW.", "OLD." or "" for the
// table), updated when the extra columns change, and recomputes the days.
func overviewRevenueTriggers(revenue func(row, sign string) string, columns, changed string) []string {
	share := func(row, sign string) string {
		return fmt.Sprintf(upsertDay, fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[2]s1, %[3]s WHERE %[1]s.status != 'Cancelled'`,
			row, sign, revenue(row+".", sign)))
	}
	return []string{
		"DROP TRIGGER IF EXISTS overview_orders_insert",
		"DROP TRIGGER IF EXISTS overview_orders_delete",
		"DROP TRIGGER IF EXISTS overview_orders_update",
		"DELETE FROM overview_days",
		fmt.Sprintf(`INSERT INTO overview_days (day, orders, revenueCents)
			SELECT substr(created, 1, 10), COUNT(*), COALESCE(SUM(%s), 0) FROM orders WHERE status != 'Cancelled' GROUP BY 1`, revenue("", "")),
		`CREATE TRIGGER overview_orders_insert AFTER INSERT ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) + share("NEW", "") +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
		`CREATE TRIGGER overview_orders_delete AFTER DELETE ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) + share("OLD", "-") +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) + ` END`,
		`CREATE TRIGGER overview_orders_update AFTER UPDATE OF id, status, created, totalCents` + columns + ` ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created
			OR OLD.totalCents IS NOT NEW.totalCents` + changed + ` BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			share("OLD", "-") + share("NEW", "") +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
	}
}
