package hooks

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/catalog"
)

// registerLive lets PocketBase's realtime carry the product changes its
// record events miss (see shop/live.go): stock moved by orders, announced
// after the commit in the background so checkout does not wait for the
// subscribers, and products leaving the public view.
func registerLive(app core.App) {
	itemProduct := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		catalog.ProductsChanged(e.App, e.Record.GetString("productId"))
		catalog.VariantsChanged(e.App, e.Record.GetString("variantId"))
		return nil
	}
	// Placing an order saves its lines; deleting one cascades to them.
	on(app.OnRecordCreate(shop.OrderItemsCollection), priorityLive, itemProduct)
	on(app.OnRecordDelete(shop.OrderItemsCollection), priorityLive, itemProduct)
	// A status change may put stock back (Cancelled) or take it again.
	on(app.OnRecordUpdate(shop.OrdersCollection), priorityLive, func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		items, err := e.App.FindAllRecords(shop.OrderItemsCollection, dbx.HashExp{"orderRef": e.Record.Id})
		if err == nil {
			ids := make([]string, 0, len(items))
			variants := make([]string, 0, len(items))
			for _, it := range items {
				ids = append(ids, it.GetString("productId"))
				variants = append(variants, it.GetString("variantId"))
			}
			catalog.ProductsChanged(e.App, ids...)
			catalog.VariantsChanged(e.App, variants...)
		}
		return nil
	})
	// A deactivated product's last message to shoppers.
	on(app.OnRecordUpdate(catalog.ProductsCollection), priorityLive, catalog.ProductDeactivationHook)
	on(app.OnRecordAfterUpdateError(catalog.ProductsCollection), priorityLive, catalog.ProductUpdateFailedHook)
	// Around PocketBase's realtime broadcast (-99).
	on(app.OnModelAfterUpdateSuccess(), -100, catalog.ProductLeavingHook)
	on(app.OnRecordEnrich(catalog.ProductsCollection), priorityLive, catalog.LiveProductEnrich)
	// Before the database closes, and before the handlers of default
	// priority that the events reach (the search index's close).
	on(app.OnTerminate(), -100, func(e *core.TerminateEvent) error {
		catalog.StopProductsChanged(e.App)
		return e.Next()
	})
}
