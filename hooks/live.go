package hooks

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// registerLive broadcasts to realtime subscribers the changes PocketBase's
// own record events miss (see shop/live.go): stock moved by orders and
// products leaving the public view. Stock is read back after the commit, in
// the background, so checkout does not wait for the subscribers.
func registerLive(app core.App) {
	itemProduct := func(e *core.RecordEvent) error {
		shop.BroadcastProductsLater(e.App, e.Record.GetString("productId"))
		shop.BroadcastVariantsLater(e.App, e.Record.GetString("variantId"))
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
			shop.BroadcastProductsLater(e.App, ids...)
			shop.BroadcastVariantsLater(e.App, variants...)
		}
		return e.Next()
	})
	registerProductGone(app)
}

// registerProductGone tells shoppers when a product they may be watching is
// deactivated. The stored state is read before the update (a record saved
// after its creation in the same process has no reliable Original()), and
// the message goes out after the commit.
func registerProductGone(app core.App) {
	var gone sync.Map // product id -> true while its deactivation commits
	app.OnRecordUpdate(shop.ProductsCollection).BindFunc(func(e *core.RecordEvent) error {
		var was bool
		_ = e.App.DB().Select("isActive").From(shop.ProductsCollection).
			Where(dbx.HashExp{"id": e.Record.Id}).Row(&was)
		if err := e.Next(); err != nil {
			return err
		}
		if was && !e.Record.GetBool("isActive") {
			gone.Store(e.Record.Id, true)
		}
		return nil
	})
	app.OnRecordAfterUpdateSuccess(shop.ProductsCollection).BindFunc(func(e *core.RecordEvent) error {
		if _, ok := gone.LoadAndDelete(e.Record.Id); ok {
			shop.BroadcastProductGone(e.App, e.Record)
		}
		return e.Next()
	})
	app.OnRecordAfterUpdateError(shop.ProductsCollection).BindFunc(func(e *core.RecordErrorEvent) error {
		gone.Delete(e.Record.Id)
		return e.Next()
	})
}
