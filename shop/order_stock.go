package shop

import (
	"database/sql"
	"errors"
	"math"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/cart"
	"stageshop/shop/catalog"
	"stageshop/shop/hire"
	"stageshop/shop/webhook"
)

// takeStock decrements a variant's stock by n only if at least n are left,
// and reports whether it did. It is the only way stock goes down. (The
// product's summary follows by trigger, pb_migrations/init_catalog_sql.go.)
func takeStock(txApp core.App, variantID string, n int) (bool, error) {
	res, err := txApp.DB().NewQuery(
		"UPDATE product_variants SET stockQuantity = stockQuantity - {:n} WHERE id = {:id} AND stockQuantity >= {:n}").
		Bind(dbx.Params{"n": n, "id": variantID}).Execute()
	if err != nil {
		return false, err
	}
	rows, err := res.RowsAffected()
	if err != nil || rows != 1 {
		return false, err
	}
	return true, webhook.StockTaken(txApp, variantID, n)
}

// putBackStock returns n units of a variant to stock (a cancelled order).
// A variant deleted meanwhile has nothing to return to.
func putBackStock(txApp core.App, variantID string, n int) error {
	_, err := txApp.DB().NewQuery(
		"UPDATE product_variants SET stockQuantity = stockQuantity + {:n} WHERE id = {:id}").
		Bind(dbx.Params{"n": n, "id": variantID}).Execute()
	return err
}

// restockAndNotify puts n units of a variant back (raw SQL skips the
// hooks) and, when that takes the variant from 0 to more, tells its
// waiting shoppers.
func restockAndNotify(txApp core.App, variantID string, n int) error {
	before, exists, err := currentStock(txApp, variantID)
	if err != nil || !exists {
		return err
	}
	if err := putBackStock(txApp, variantID, n); err != nil {
		return err
	}
	if before <= 0 && before+n > 0 {
		return notifyBackInStock(txApp, variantID)
	}
	return nil
}

// currentStock reads a variant's stock; ok is false for a deleted variant.
func currentStock(txApp core.App, variantID string) (stock int, ok bool, err error) {
	var f float64
	err = txApp.DB().Select("stockQuantity").From(catalog.VariantsCollection).
		Where(dbx.HashExp{"id": variantID}).Row(&f)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return int(math.Round(f)), err == nil, err
}

// takeLinesStock checks every line and takes its variant's stock; the
// failing lines come back together as LineErrors.
func takeLinesStock(txApp core.App, lines []cart.Item) error {
	failed := LineErrors{}
	for _, l := range lines {
		if !l.Active {
			failed[l.VariantID] = LineError{ProductID: l.ProductID}
			continue
		}
		if l.Hire != nil {
			continue // hired units are booked (hire.Book), not taken from the stock for sale
		}
		ok, err := takeStock(txApp, l.VariantID, l.Quantity)
		if err != nil {
			return err
		}
		if !ok {
			failed[l.VariantID] = LineError{ProductID: l.ProductID, Short: true, Available: l.AvailableStock}
		}
	}
	if len(failed) > 0 {
		return failed
	}
	return nil
}

// lineVariant is the variant an order line took its units from: its own,
// or for a line written without one (before variants, or by hand in the
// dashboard) its product's default; "" when neither exists.
func lineVariant(txApp core.App, item *core.Record) (string, error) {
	if vid := item.GetString("variantId"); vid != "" {
		return vid, nil
	}
	var vid string
	err := txApp.DB().Select("defaultVariant").From(catalog.ProductsCollection).
		Where(dbx.HashExp{"id": item.GetString("productId")}).Row(&vid)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return vid, err
}

// OrderStockHook is the orders OnRecordUpdate hook that keeps stock in step
// with the status however an order is saved (our routes, the dashboard):
// moving into Cancelled returns the ordered units to stock, moving out of it
// takes them again with the conditional update (LineErrors when a product
// no longer has enough or was deleted). It runs in the save's transaction,
// or opens one, and compares with the status stored in the database, so a
// cancellation restocks exactly once. A cancel before any payment also
// gives the order's promotion uses back, once (releaseUnpaid); reviving
// such an order counts them again or is refused (recountRevived).
func OrderStockHook(e *core.RecordEvent) error {
	newStatus := e.Record.GetString("status")
	if newStatus != StatusCancelled && e.Record.Original().GetString("status") != StatusCancelled {
		return e.Next() // neither side is Cancelled: nothing to do with stock
	}
	return withStoredStatus(e, func(txApp core.App, stored string) error {
		cancelling := newStatus == StatusCancelled && stored != StatusCancelled
		reviving := newStatus != StatusCancelled && stored == StatusCancelled
		if cancelling || reviving {
			if err := moveOrderStock(txApp, e.Record.Id, cancelling); err != nil {
				return err
			}
		}
		if cancelling {
			if err := releaseUnpaid(txApp, e.Record); err != nil {
				return err
			}
		}
		if reviving {
			if err := recountRevived(txApp, e.Record); err != nil {
				return err
			}
		}
		return e.Next()
	})
}

// OrderDeleteStockHook is the orders OnRecordDelete hook. Only superusers
// can delete an order (from the dashboard); when it had not shipped yet
// (Created, Processing, Processed) its units never left the shop, so they
// return to stock in the same transaction as the delete. Deleting a
// shipped, delivered or already cancelled order moves no stock.
func OrderDeleteStockHook(e *core.RecordEvent) error {
	return withStoredStatus(e, func(txApp core.App, stored string) error {
		switch stored {
		case StatusCreated, StatusProcessing, StatusProcessed:
			// Read the lines before e.Next() deletes them with the order.
			if err := moveOrderStock(txApp, e.Record.Id, true); err != nil {
				return err
			}
		}
		return e.Next()
	})
}

// withStoredStatus runs fn in the event's transaction (or a new one) with
// the order's status as stored in the database ("" when it is not stored
// yet), so the hooks above compare with what is committed, not with what
// the caller loaded earlier. e.App is the transaction while fn runs.
func withStoredStatus(e *core.RecordEvent, fn func(txApp core.App, stored string) error) error {
	return db.InHook(e, func(txApp core.App) error {
		var stored string
		err := txApp.DB().Select("status").From(OrdersCollection).
			Where(dbx.HashExp{"id": e.Record.Id}).Row(&stored)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return fn(txApp, stored)
	})
}

// moveOrderStock puts an order's units back into their variants' stock
// (restock true) or takes them out again.
func moveOrderStock(txApp core.App, orderID string, restock bool) error {
	items, err := orderItems(txApp, orderID)
	if err != nil {
		return err
	}
	if restock {
		// An order's cancel (or expiry) releases its hire bookings once: the
		// hook runs on the move into Cancelled only.
		if _, err := hire.ReleaseOrder(txApp, orderID); err != nil {
			return err
		}
	}
	u, err := soldUnits(txApp, items, restock)
	if err != nil {
		return err
	}
	ids, qty, productOf, failed := u.ids, u.qty, u.productOf, u.failed
	for _, vid := range ids {
		if restock {
			if err := restockAndNotify(txApp, vid, qty[vid]); err != nil {
				return err
			}
			continue
		}
		stock, exists, err := currentStock(txApp, vid)
		if err != nil {
			return err
		}
		if !exists {
			failed[vid] = LineError{ProductID: productOf[vid], Deleted: true}
			continue
		}
		ok, err := takeStock(txApp, vid, qty[vid])
		if err != nil {
			return err
		}
		if !ok {
			failed[vid] = LineError{ProductID: productOf[vid], Short: true, Available: stock}
		}
	}
	if len(failed) > 0 {
		return failed
	}
	return nil
}

// orderUnits are an order's sold units per variant, in the order of its
// lines, and the lines that cannot be taken again (their product deleted).
type orderUnits struct {
	ids       []string
	qty       map[string]int
	productOf map[string]string
	failed    LineErrors
}

// soldUnits sums the order's lines for sale per variant; hired lines are
// booked, never taken from the stock for sale, so they are left out.
func soldUnits(txApp core.App, items []*core.Record, restock bool) (orderUnits, error) {
	u := orderUnits{qty: map[string]int{}, productOf: map[string]string{}, failed: LineErrors{}}
	for _, it := range items {
		if it.GetString("hireStart") != "" {
			continue
		}
		vid, err := lineVariant(txApp, it)
		if err != nil {
			return u, err
		}
		if vid == "" {
			// A line of a product deleted before variants existed: nothing
			// to put back, nothing to take again.
			if !restock {
				u.failed[it.GetString("productId")] = LineError{ProductID: it.GetString("productId"), Deleted: true}
			}
			continue
		}
		if _, seen := u.qty[vid]; !seen { // a variant could appear on two lines of old data
			u.ids = append(u.ids, vid)
		}
		u.qty[vid] += it.GetInt("quantity")
		u.productOf[vid] = it.GetString("productId")
	}
	return u, nil
}
