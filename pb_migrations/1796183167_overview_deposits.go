package migrations

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Hire deposits are not revenue (issue 46, api.md "Hire"): the overview's
// revenue of an order is the money kept less the deposit it still holds
// (its deposits not yet settled at check-in, at most what it kept), and
// the tax inside it a share of the tax of the order less its deposits. A
// settled deposit is revenue only for the fees kept from it: its rest is
// refunded. The order triggers are made again with that share (those of
// init_overview.go otherwise) and the per-date rollup recomputed.
func init() {
	m.Register(func(app core.App) error {
		return remakeOrderTriggers(app, depositOrderTriggers(orderLines), depositDayShare)
	}, func(app core.App) error {
		return remakeOrderTriggers(app, overviewSQL()[4:7], dayShare)
	})
}

// remakeOrderTriggers replaces the three order triggers of the overview
// by creates and recomputes overview_days with share, the one they use.
func remakeOrderTriggers(app core.App, creates []string, share func(row, sign string) string) error {
	if err := execAll(app, append(dropSQL(creates), creates...)); err != nil {
		return err
	}
	every := strings.Replace(share("orders", ""), " WHERE ", " FROM orders WHERE ", 1)
	return execAll(app, []string{`DELETE FROM overview_days`, fmt.Sprintf(upsertDay, every)})
}

// depositOrderTriggers are the order triggers of the overview with
// depositDayShare; an order's share changes with its deposits too. lines
// is the SELECT of an order's lines by product (orderLines; discounted
// since 1796185013).
func depositOrderTriggers(lines func(row, sign string) string) []string {
	return []string{
		`CREATE TRIGGER overview_orders_insert AFTER INSERT ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsertDay, depositDayShare("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, lines("NEW", "")) + ` END`,
		`CREATE TRIGGER overview_orders_delete AFTER DELETE ON orders BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertDay, depositDayShare("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, lines("OLD", "-")) + ` END`,
		`CREATE TRIGGER overview_orders_update AFTER UPDATE OF id, status, created, totalCents, amountPaidCents, amountRefundedCents, taxCents,
			depositCents, depositSettledCents ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created
			OR OLD.totalCents IS NOT NEW.totalCents OR OLD.amountPaidCents IS NOT NEW.amountPaidCents
			OR OLD.amountRefundedCents IS NOT NEW.amountRefundedCents OR OLD.taxCents IS NOT NEW.taxCents
			OR OLD.depositCents IS NOT NEW.depositCents OR OLD.depositSettledCents IS NOT NEW.depositSettledCents BEGIN ` +
			fmt.Sprintf(upsertStatus, `SELECT OLD.status, -1 WHERE true`) +
			fmt.Sprintf(upsertStatus, `SELECT NEW.status, 1 WHERE true`) +
			fmt.Sprintf(upsertDay, depositDayShare("OLD", "-")) +
			fmt.Sprintf(upsertDay, depositDayShare("NEW", "")) +
			fmt.Sprintf(upsertDayProduct, lines("OLD", "-")) +
			fmt.Sprintf(upsertDayProduct, lines("NEW", "")) + ` END`,
	}
}

// depositDayShare is dayShare with the deposit an order holds left out
// of its revenue, and its tax a share of the tax of the order less its
// deposits.
func depositDayShare(row, sign string) string {
	r := row + "."
	net := netPaid(r)
	held := fmt.Sprintf("MAX(0, MIN(COALESCE(%[1]sdepositCents, 0) - COALESCE(%[1]sdepositSettledCents, 0), %[2]s))", r, net)
	revenue := "(" + net + " - " + held + ")"
	taxed := fmt.Sprintf("(%[1]stotalCents - COALESCE(%[1]sdepositCents, 0))", r)
	tax := fmt.Sprintf(`CASE WHEN %[2]s > 0 THEN CAST(ROUND(COALESCE(%[1]staxCents, 0) * MIN(%[3]s, %[2]s) * 1.0 / %[2]s) AS INTEGER)
		ELSE 0 END`, r, taxed, revenue)
	return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[2]s1, %[2]s%[3]s, %[2]s%[4]s WHERE %[1]s.status != 'Cancelled'`,
		row, sign, revenue, tax)
}
