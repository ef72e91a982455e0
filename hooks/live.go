package hooks

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/shop"
)

// registerLive lets PocketBase's realtime carry the product changes its
// record events miss (see shop/live.go): stock moved by orders, announced
// after the commit in the background so checkout does not wait for the
// subscribers, and products leaving the public view.
func registerLive(app core.App) {
	itemProduct := func(e *core.RecordEvent) error {
		shop.ProductsChanged(e.App, e.Record.GetString("productId"))
		shop.VariantsChanged(e.App, e.Record.GetString("variantId"))
		return e.Next()
	}
	// Placing an order saves its lines; deleting one cascades to them.
	app.OnRecordAfterCreateSuccess(shop.OrderItemsCollection).BindFunc(itemProduct)
	app.OnRecordAfterDeleteSuccess(shop.OrderItemsCollection).BindFunc(itemProduct)
	// A status change may put stock back (Cancelled) or take it again.
	app.OnRecordAfterUpdateSuccess(shop.OrdersCollection).BindFunc(func(e *core.RecordEvent) error {
		items, err := e.App.FindAllRecords(shop.OrderItemsCollection, dbx.HashExp{"orderRef": e.Record.Id})
		if err == nil {
			ids := make([]string, 0, len(items))
			variants := make([]string, 0, len(items))
			for _, it := range items {
				ids = append(ids, it.GetString("productId"))
				variants = append(variants, it.GetString("variantId"))
			}
			shop.ProductsChanged(e.App, ids...)
			shop.VariantsChanged(e.App, variants...)
		}
		return e.Next()
	})
	// A deactivated product's last message to shoppers.
	app.OnRecordUpdate(shop.ProductsCollection).BindFunc(shop.ProductDeactivationHook)
	app.OnRecordAfterUpdateError(shop.ProductsCollection).BindFunc(shop.ProductUpdateFailedHook)
	app.OnModelAfterUpdateSuccess().Bind(&hook.Handler[*core.ModelEvent]{
		Priority: -100, // around PocketBase's realtime broadcast (-99)
		Func:     shop.ProductLeavingHook,
	})
	app.OnRecordEnrich(shop.ProductsCollection).BindFunc(shop.LiveProductEnrich)
	// Before the database closes, and before the handlers of default
	// priority that the events reach (the search index's close).
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Priority: -100,
		Func: func(e *core.TerminateEvent) error {
			shop.StopProductsChanged(e.App)
			return e.Next()
		},
	})
}
