// Package hooks registers the record hooks that keep StageShop's invariants
// however a record is written: through the shop's routes, the PocketBase
// dashboard or Go code. The rules themselves live in package shop.
package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// Register binds every record hook of the shop to app.
func Register(app core.App) {
	app.OnRecordValidate(shop.ProductsCollection).BindFunc(func(e *core.RecordEvent) error {
		if errs := shop.ValidateProduct(e.App, e.Record); errs != nil {
			return errs
		}
		return e.Next()
	})
	// The list's cached totals change with any committed product change.
	invalidate := func(e *core.RecordEvent) error {
		shop.InvalidateCatalogCounts(e.App)
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(shop.ProductsCollection).BindFunc(invalidate)
	app.OnRecordAfterUpdateSuccess(shop.ProductsCollection).BindFunc(invalidate)
	app.OnRecordAfterDeleteSuccess(shop.ProductsCollection).BindFunc(invalidate)
	// Cancelling an order returns its units to stock once; leaving
	// Cancelled takes them again (or refuses when stock is short).
	app.OnRecordUpdate(shop.OrdersCollection).BindFunc(shop.OrderStockHook)
}
