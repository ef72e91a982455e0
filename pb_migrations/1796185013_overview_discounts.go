package migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The overview's revenue per product and per variant is what the lines
// were sold for: their discounted amounts (issue 45, api.md "Discounts and
// promotions": the overview's revenue uses the discounted figures), each
// line's total less its share of the order's discounts (discountCents).
// Every trigger that sums lines is made again on that amount (a line's
// share changes with its discount too) and both rollups recomputed.
func init() {
	m.Register(func(app core.App) error {
		return remakeLineTriggers(app, discountedLineTriggers(), discountedLinesSQL)
	}, func(app core.App) error {
		all := overviewSQL()
		return remakeLineTriggers(app, append(append(depositOrderTriggers(orderLines), all[7:10]...), overviewVariantSQL()...),
			func(row string) string { return row + "totalCents" })
	})
}

// soldCents is the discounted amount of line row ("NEW.", "OLD." or ""):
// what the overview counts as its revenue.
func soldCents(row string) string {
	return fmt.Sprintf("(%[1]stotalCents - COALESCE(%[1]sdiscountCents, 0))", row)
}

// remakeLineTriggers replaces the overview's triggers that sum lines by
// creates and recomputes the product and variant rollups with amount, a
// line's revenue (given its row prefix).
func remakeLineTriggers(app core.App, creates []string, amount func(row string) string) error {
	if err := execAll(app, append(dropSQL(creates), creates...)); err != nil {
		return err
	}
	from := `FROM order_items li JOIN orders o ON o.id = li.orderRef WHERE o.status != 'Cancelled'`
	return execAll(app, []string{
		`DELETE FROM overview_day_products`,
		fmt.Sprintf(upsertDayProduct, fmt.Sprintf(`SELECT substr(o.created, 1, 10), li.productId, COUNT(*), SUM(li.quantity), SUM(%s) %s
			GROUP BY substr(o.created, 1, 10), li.productId`, amount("li."), from)),
		`DELETE FROM overview_day_variants`,
		fmt.Sprintf(upsertDayVariant, fmt.Sprintf(`SELECT substr(o.created, 1, 10), li.productId, li.variantId, COUNT(*), SUM(li.quantity), SUM(%s) %s
			GROUP BY substr(o.created, 1, 10), li.productId, li.variantId`, amount("li."), from)),
	})
}

// discountedLinesSQL is soldCents as remakeLineTriggers asks for it.
func discountedLinesSQL(row string) string { return soldCents(row) }

// discountedLineTriggers are the overview's order, line and variant
// triggers with each line counted at its discounted amount.
func discountedLineTriggers() []string {
	out := depositOrderTriggers(discountedOrderLines(false))
	out = append(out,
		`CREATE TRIGGER overview_items_insert AFTER INSERT ON order_items BEGIN `+
			fmt.Sprintf(upsertDayProduct, discountedLineShare("NEW", "", false))+` END`,
		`CREATE TRIGGER overview_items_delete AFTER DELETE ON order_items BEGIN `+
			fmt.Sprintf(upsertDayProduct, discountedLineShare("OLD", "-", false))+` END`,
		`CREATE TRIGGER overview_items_update AFTER UPDATE OF orderRef, productId, quantity, totalCents, discountCents ON order_items
		WHEN OLD.orderRef IS NOT NEW.orderRef OR OLD.productId IS NOT NEW.productId OR OLD.quantity IS NOT NEW.quantity
			OR OLD.totalCents IS NOT NEW.totalCents OR OLD.discountCents IS NOT NEW.discountCents BEGIN `+
			fmt.Sprintf(upsertDayProduct, discountedLineShare("OLD", "-", false))+
			fmt.Sprintf(upsertDayProduct, discountedLineShare("NEW", "", false))+` END`)
	variants := discountedOrderLines(true)
	return append(out,
		`CREATE TRIGGER overview_variants_orders_insert AFTER INSERT ON orders BEGIN `+
			fmt.Sprintf(upsertDayVariant, variants("NEW", ""))+` END`,
		`CREATE TRIGGER overview_variants_orders_delete AFTER DELETE ON orders BEGIN `+
			fmt.Sprintf(upsertDayVariant, variants("OLD", "-"))+` END`,
		`CREATE TRIGGER overview_variants_orders_update AFTER UPDATE OF id, status, created ON orders
		WHEN OLD.id IS NOT NEW.id OR OLD.status IS NOT NEW.status OR OLD.created IS NOT NEW.created BEGIN `+
			fmt.Sprintf(upsertDayVariant, variants("OLD", "-"))+
			fmt.Sprintf(upsertDayVariant, variants("NEW", ""))+` END`,
		`CREATE TRIGGER overview_variants_items_insert AFTER INSERT ON order_items BEGIN `+
			fmt.Sprintf(upsertDayVariant, discountedLineShare("NEW", "", true))+` END`,
		`CREATE TRIGGER overview_variants_items_delete AFTER DELETE ON order_items BEGIN `+
			fmt.Sprintf(upsertDayVariant, discountedLineShare("OLD", "-", true))+` END`,
		`CREATE TRIGGER overview_variants_items_update AFTER UPDATE OF orderRef, productId, variantId, quantity, totalCents, discountCents ON order_items
		WHEN OLD.orderRef IS NOT NEW.orderRef OR OLD.productId IS NOT NEW.productId OR OLD.variantId IS NOT NEW.variantId
			OR OLD.quantity IS NOT NEW.quantity OR OLD.totalCents IS NOT NEW.totalCents OR OLD.discountCents IS NOT NEW.discountCents BEGIN `+
			fmt.Sprintf(upsertDayVariant, discountedLineShare("OLD", "-", true))+
			fmt.Sprintf(upsertDayVariant, discountedLineShare("NEW", "", true))+` END`)
}

// discountedOrderLines is orderLines (orderVariantLines with variant) at
// the lines' discounted amounts.
func discountedOrderLines(variant bool) func(row, sign string) string {
	cols, group := "productId", "productId"
	if variant {
		cols, group = "productId, variantId", "productId, variantId"
	}
	return func(row, sign string) string {
		return fmt.Sprintf(`SELECT substr(%[1]s.created, 1, 10), %[3]s, %[2]sCOUNT(*), %[2]sSUM(quantity), %[2]sSUM(%[4]s)
		FROM order_items WHERE orderRef = %[1]s.id AND %[1]s.status != 'Cancelled' GROUP BY %[5]s`, row, sign, cols, soldCents(""), group)
	}
}

// discountedLineShare is lineShare (variantLineShare with variant) at the
// line's discounted amount.
func discountedLineShare(row, sign string, variant bool) string {
	cols := row + ".productId"
	if variant {
		cols += ", " + row + ".variantId"
	}
	return fmt.Sprintf(`SELECT substr(o.created, 1, 10), %[3]s, %[2]s1, %[2]s%[1]s.quantity, %[2]s%[4]s
		FROM orders o WHERE o.id = %[1]s.orderRef AND o.status != 'Cancelled'`, row, sign, cols, soldCents(row+"."))
}
