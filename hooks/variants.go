package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/catalog"
)

// registerVariants binds the rules of options and variants (see
// shop/variant_hooks.go) however products and variants are written.
func registerVariants(app core.App) {
	// A new product gets its default variant; on a product with one
	// variant, price and stock written on the product go to it.
	on(app.OnRecordCreate(catalog.ProductsCollection), priorityRules, catalog.ProductCreateVariantsHook)
	on(app.OnRecordUpdate(catalog.ProductsCollection), priorityRules, catalog.ProductUpdateVariantsHook)
	on(app.OnRecordValidate(catalog.VariantsCollection), priorityRules, catalog.VariantValidateHook)
	// A product keeps at least one variant.
	on(app.OnRecordDelete(catalog.VariantsCollection), priorityRules, catalog.VariantDeleteHook)
	// Stock going from 0 to more by a variant save (admin form, dashboard,
	// a product's forwarded stock) e-mails the waiting shoppers; order
	// restocks do it in shop.
	on(app.OnRecordUpdate(catalog.VariantsCollection), priorityRestock, shop.VariantRestockHook)
	// A variant written through PocketBase on its own (the dashboard)
	// changes its product's summary by trigger, which PocketBase does not
	// broadcast: the product is sent after the commit (the variant goes out
	// as PocketBase's own event). Written in its product's save, the
	// product's own event carries the summary.
	on(app.OnRecordCreate(catalog.VariantsCollection), priorityLive, catalog.VariantWriteHook)
	on(app.OnRecordUpdate(catalog.VariantsCollection), priorityLive, catalog.VariantWriteHook)
	on(app.OnRecordDelete(catalog.VariantsCollection), priorityLive, catalog.VariantWriteHook)
	// Cart lines and alerts name a variant, whoever writes them.
	on(app.OnRecordValidate(shop.LineVariantCollections...), priorityRules, catalog.LineVariantHook)
}
