package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// registerVariants binds the rules of options and variants (see
// shop/variant_hooks.go) however products and variants are written.
func registerVariants(app core.App) {
	// A new product gets its default variant; on a product with one
	// variant, price and stock written on the product go to it.
	app.OnRecordCreate(shop.ProductsCollection).BindFunc(shop.ProductCreateVariantsHook)
	app.OnRecordUpdate(shop.ProductsCollection).BindFunc(shop.ProductUpdateVariantsHook)
	app.OnRecordValidate(shop.VariantsCollection).BindFunc(shop.VariantValidateHook)
	// A product keeps at least one variant.
	app.OnRecordDelete(shop.VariantsCollection).BindFunc(shop.VariantDeleteHook)
	// Stock going from 0 to more by a variant save (admin form, dashboard,
	// a product's forwarded stock) e-mails the waiting shoppers; order
	// restocks do it in shop.
	app.OnRecordUpdate(shop.VariantsCollection).BindFunc(shop.VariantRestockHook)
	// A variant written through PocketBase on its own (the dashboard)
	// changes its product's summary by trigger, which PocketBase does not
	// broadcast: the product is sent after the commit (the variant goes out
	// as PocketBase's own event). Written in its product's save, the
	// product's own event carries the summary.
	app.OnRecordCreate(shop.VariantsCollection).BindFunc(shop.VariantWriteHook)
	app.OnRecordUpdate(shop.VariantsCollection).BindFunc(shop.VariantWriteHook)
	app.OnRecordDelete(shop.VariantsCollection).BindFunc(shop.VariantWriteHook)
	broadcast := func(e *core.RecordEvent) error {
		if shop.VariantWrittenAlone(e.Record) {
			shop.ProductsChanged(e.App, e.Record.GetString("product"))
		}
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(shop.VariantsCollection).BindFunc(broadcast)
	app.OnRecordAfterUpdateSuccess(shop.VariantsCollection).BindFunc(broadcast)
	app.OnRecordAfterDeleteSuccess(shop.VariantsCollection).BindFunc(broadcast)
	failed := func(e *core.RecordErrorEvent) error {
		shop.VariantWrittenAlone(e.Record) // forget the note
		return e.Next()
	}
	app.OnRecordAfterCreateError(shop.VariantsCollection).BindFunc(failed)
	app.OnRecordAfterUpdateError(shop.VariantsCollection).BindFunc(failed)
	app.OnRecordAfterDeleteError(shop.VariantsCollection).BindFunc(failed)
	// Cart lines and alerts name a variant, whoever writes them.
	app.OnRecordValidate(shop.LineVariantCollections...).BindFunc(shop.LineVariantHook)
}
