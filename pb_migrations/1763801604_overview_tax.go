package migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The overview's per-date rollup (migration 1763800800) also keeps the tax
// of the orders that count (taxCents), so the overview shows the tax inside
// its revenue from the figures the orders stored. The three triggers on
// orders are dropped and made again with it (SQLite cannot alter a
// trigger); the lines' triggers and the other tables stay as they were.
// Down makes the triggers of 1763800800 again and drops the column.
func init() {
	m.Register(func(app core.App) error {
		return execAll(app, append([]string{
			`ALTER TABLE overview_days ADD COLUMN taxCents INTEGER NOT NULL DEFAULT 0`,
			`UPDATE overview_days SET taxCents = (SELECT COALESCE(SUM(o.taxCents), 0) FROM orders o
				WHERE substr(o.created, 1, 10) = overview_days.day AND o.status != 'Cancelled')`,
		}, ordersTriggers(upsertDayTax, dayTaxShare, true)...))
	}, func(app core.App) error {
		down := ordersTriggers(upsertDay, func(row, sign string) string {
			return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[2]s1, %[2]s%[1]s.totalCents WHERE %[1]s.status != 'Cancelled'`, row, sign)
		}, false)
		return execAll(app, append(down, `ALTER TABLE overview_days DROP COLUMN taxCents`))
	})
}

// upsertDayTax adds an order's share to its date, tax included.
const upsertDayTax = `INSERT INTO overview_days (day, orders, revenueCents, taxCents) %s
	ON CONFLICT(day) DO UPDATE SET orders = orders + excluded.orders, revenueCents = revenueCents + excluded.revenueCents,
		taxCents = taxCents + excluded.taxCents;`

// dayTaxShare is the SELECT of order row ("NEW" or "OLD") on its date with
// sign, when it counts (not cancelled).
func dayTaxShare(row, sign string) string {
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[2]s1, %[2]s%[1]s.totalCents, %[2]sCOALESCE(%[1]s.taxCents, 0)
		WHERE %[1]s.status != 'Cancelled'`, row, sign)
}

// ordersTriggers are the rollup's three triggers on orders, with the date
// share written by day (upsert, share); withTax also follows changes of
// taxCents (without it, 1763800800's triggers, which leave the column free
// to be dropped).
func ordersTriggers(upsert string, day func(row, sign string) string, withTax bool) []string {
	of, when := "id, status, created, totalCents", ""
	if withTax {
		of, when = of+", taxCents", " OR OLD.taxCents IS NOT NEW.taxCents"
	}
	return []string{
		"DROP TRIGGER IF EXISTS overview_orders_insert",
		"DROP TRIGGER IF EXISTS overview_orders_delete",
		"DROP TRIGGER IF EXISTS overview_orders_update",
		`CREATE TRIGGER overview_orders_insert AFTER INSERT ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsert, day("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
		`CREATE TRIGGER overview_orders_delete AFTER DELETE ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsert, day("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) + ` END`,
		`CREATE TRIGGER overview_orders_update AFTER UPDATE OF ` + of + ` ON orders
			WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created
				OR OLD.totalCents IS NOT NEW.totalCents` + when + ` BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsert, day("OLD", "-")) +
			fmt.Sprintf(upsert, day("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, orderLines("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, orderLines("NEW", "")) + ` END`,
	}
}
