// Package hooks registers the record hooks that keep StageShop's invariants
// however a record is written: through the shop's routes, the PocketBase
// dashboard or Go code. The rules themselves live in package shop.
package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/mail"
	"stageshop/shop/search"
)

// Register binds every record hook of the shop to app. The order of the
// steps is the order hooks of one event run in: keep it.
func Register(app core.App) {
	registerCatalog(app)
	registerOrders(app)
	registerSettings(app)
	registerLive(app)
	// The product search index follows every write (search_changes log).
	search.Register(app)
}

// validateWith is an OnRecordValidate handler that runs check first.
func validateWith(check func(app core.App, rec *core.Record) error) func(e *core.RecordEvent) error {
	return func(e *core.RecordEvent) error {
		if err := check(e.App, e.Record); err != nil {
			return err
		}
		return e.Next()
	}
}

// registerCatalog validates products and drops the cached list answers
// after any committed change of a product or a variant, or of an order
// (placing or cancelling one moves stock). The After*Success hooks of a
// save inside a transaction run after it commits.
func registerCatalog(app core.App) {
	app.OnRecordValidate(shop.ProductsCollection).BindFunc(validateWith(shop.ValidateProduct))
	invalidate := func(e *core.RecordEvent) error {
		shop.InvalidateCatalog(e.App)
		return e.Next()
	}
	// The store details and the information pages are on the pages the
	// catalog cache keeps.
	for _, c := range []string{shop.ProductsCollection, shop.VariantsCollection, shop.OrdersCollection, shop.SettingsCollection, shop.PagesCollection, shop.CategoriesCollection} {
		app.OnRecordAfterCreateSuccess(c).BindFunc(invalidate)
		app.OnRecordAfterUpdateSuccess(c).BindFunc(invalidate)
		app.OnRecordAfterDeleteSuccess(c).BindFunc(invalidate)
	}
}

// registerOrders binds the orders' stock, e-mail and history hooks (and
// the variants', whose hooks run between them as they always did).
func registerOrders(app core.App) {
	// Cancelling an order returns its units to stock once; leaving
	// Cancelled takes them again (or refuses when stock is short).
	app.OnRecordUpdate(shop.OrdersCollection).BindFunc(shop.OrderStockHook)
	// Shipped, Delivered and Cancelled e-mail the customer (outbox, same
	// transaction as the change).
	app.OnRecordUpdate(shop.OrdersCollection).BindFunc(shop.OrderStatusMailHook)
	// Deleting an order that has not shipped returns its units too.
	app.OnRecordDelete(shop.OrdersCollection).BindFunc(shop.OrderDeleteStockHook)
	registerVariants(app)
	// Every status change is kept in the order's history with its time.
	app.OnRecordCreate(shop.OrdersCollection).BindFunc(shop.OrderHistoryHook)
	app.OnRecordUpdate(shop.OrdersCollection).BindFunc(shop.OrderHistoryHook)
}

// registerSettings keeps what admins edit in the dashboard sane (images,
// shipping, tax rates, roles, payments) and the settings kept between
// requests in step with their records.
func registerSettings(app core.App) {
	// A product image beyond the pixel limits is refused however it is
	// stored (the dashboard too), so no thumbnail ever decodes one.
	app.OnRecordValidate(shop.ProductImagesCollection).BindFunc(validateWith(func(_ core.App, rec *core.Record) error {
		return shop.ValidateProductImageRecord(rec)
	}))
	// A page's HTML is sanitized whoever writes it (the dashboard too).
	app.OnRecordCreate(shop.PagesCollection).BindFunc(shop.PageWriteHook)
	app.OnRecordUpdate(shop.PagesCollection).BindFunc(shop.PageWriteHook)
	// The shipping settings an admin edits in the dashboard stay sane.
	app.OnRecordValidate(shop.SettingsCollection).BindFunc(validateWith(shop.ValidateSettingsRecord))
	// A tax rate saved in the dashboard has a known class, a rate with at
	// most three decimals and a US state for a region; one per place and class.
	app.OnRecordValidate(shop.TaxRatesCollection).BindFunc(validateWith(shop.ValidateTaxRateRecord))
	// Losing the Admin role ends what a session could watch as an admin
	// (shop.OnSessionsEnded), however the roles are saved.
	app.OnRecordUpdate(shop.UsersCollection).BindFunc(shop.AdminRoleLossHook)
	// Carts and orders read the shipping settings and tax rules kept between requests.
	shop.KeepShippingSettings(app)
	shop.KeepCategories(app)
	shop.KeepTaxRules(app)
	shop.KeepOrderLimits(app)
	// The payment settings an admin edits in the dashboard stay sane, and
	// are kept between requests until they change.
	app.OnRecordValidate(shop.PaymentSettingsCollection).BindFunc(validateWith(shop.ValidatePaymentSettingsRecord))
	shop.KeepPaymentSettings(app)
	// The store details (storefront, e-mails) are kept the same way; the
	// e-mails take the shop's name and Reply-To from them.
	shop.KeepStoreDetails(app)
	mail.UseIdentity(app, shop.MailIdentity)
}
