// Package hooks registers the record hooks that keep StageShop's invariants
// however a record is written: through the shop's routes, the PocketBase
// dashboard or Go code. The rules themselves live in package shop.
package hooks

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/search"
	"stageshop/shop/shipping"
	"stageshop/shop/site"
	"stageshop/shop/tax"
)

// The hooks of one event run lowest priority first, each around the ones
// after it (PocketBase's own record hooks sit at -99, its validation at 99).
// Every hook here is bound with one of these priorities, so the order of a
// record's rules is written down here, not implied by the order of
// registration.
const (
	// priorityRules: a record's own rules (validation, a product's
	// variants, an order's stock: a refused move stops everything after).
	priorityRules = 10
	// priorityMail: e-mails of an order's status, in the change's transaction.
	priorityMail = 20
	// priorityRestock: back-in-stock alerts of a variant's save.
	priorityRestock = 30
	// priorityHistory: an order's status history.
	priorityHistory = 40
	// priorityLive: the realtime events PocketBase would miss, queued for
	// after the commit (db.AfterCommit), once everything before succeeded.
	priorityLive = 50
	// priorityCaches: the caches dropped after a committed change, with
	// the kept values (the order of the work after a commit is in
	// internal/db: db.AfterCommitDrop, then the search index, then the
	// workers and live clients).
	priorityCaches = db.AfterCommitDrop
)

// on binds fn to h at priority.
func on[T hook.Resolver](h interface{ Bind(*hook.Handler[T]) string }, priority int, fn func(T) error) {
	h.Bind(&hook.Handler[T]{Func: fn, Priority: priority})
}

// Register binds every record hook of the shop to app; priorities, not the
// order of these steps, order the hooks of one event.
func Register(app core.App) {
	// Work after the commits of PocketBase's own transactions (a cascading
	// delete) runs on app.
	db.Register(app)
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
	on(app.OnRecordValidate(catalog.ProductsCollection), priorityRules, validateWith(catalog.ValidateProduct))
	invalidate := func(e *core.RecordEvent) error {
		catalog.Invalidate(e.App)
		return e.Next()
	}
	// The store details and the information pages are on the pages the
	// catalog cache keeps.
	for _, c := range []string{catalog.ProductsCollection, catalog.VariantsCollection, shop.OrdersCollection, shipping.SettingsCollection, site.PagesCollection, catalog.CategoriesCollection} {
		on(app.OnRecordAfterCreateSuccess(c), priorityCaches, invalidate)
		on(app.OnRecordAfterUpdateSuccess(c), priorityCaches, invalidate)
		on(app.OnRecordAfterDeleteSuccess(c), priorityCaches, invalidate)
	}
}

// registerOrders binds the orders' stock, e-mail and history hooks, and
// the variants'.
func registerOrders(app core.App) {
	// Cancelling an order returns its units to stock once; leaving
	// Cancelled takes them again (or refuses when stock is short).
	on(app.OnRecordUpdate(shop.OrdersCollection), priorityRules, shop.OrderStockHook)
	// Shipped, Delivered and Cancelled e-mail the customer (outbox, same
	// transaction as the change).
	on(app.OnRecordUpdate(shop.OrdersCollection), priorityMail, shop.OrderStatusMailHook)
	// Deleting an order that has not shipped returns its units too.
	on(app.OnRecordDelete(shop.OrdersCollection), priorityRules, shop.OrderDeleteStockHook)
	registerVariants(app)
	// Every status change is kept in the order's history with its time.
	on(app.OnRecordCreate(shop.OrdersCollection), priorityHistory, shop.OrderHistoryHook)
	on(app.OnRecordUpdate(shop.OrdersCollection), priorityHistory, shop.OrderHistoryHook)
}

// registerSettings keeps what admins edit in the dashboard sane (images,
// shipping, tax rates, roles, payments) and the settings kept between
// requests in step with their records.
func registerSettings(app core.App) {
	// A product image beyond the pixel limits is refused however it is
	// stored (the dashboard too), so no thumbnail ever decodes one.
	on(app.OnRecordValidate(catalog.ProductImagesCollection), priorityRules, validateWith(func(_ core.App, rec *core.Record) error {
		return catalog.ValidateProductImageRecord(rec)
	}))
	// A page's HTML is sanitized whoever writes it (the dashboard too).
	on(app.OnRecordCreate(site.PagesCollection), priorityRules, site.PageWriteHook)
	on(app.OnRecordUpdate(site.PagesCollection), priorityRules, site.PageWriteHook)
	// The shipping settings an admin edits in the dashboard stay sane.
	on(app.OnRecordValidate(shipping.SettingsCollection), priorityRules, validateWith(shop.ValidateSettingsRecord))
	// A tax rate saved in the dashboard has a known class, a rate with at
	// most three decimals and a US state for a region; one per place and class.
	on(app.OnRecordValidate(tax.RatesCollection), priorityRules, validateWith(tax.ValidateRateRecord))
	// Losing the Admin role ends what a session could watch as an admin
	// (shop.OnSessionsEnded), however the roles are saved.
	on(app.OnRecordUpdate(account.UsersCollection), priorityRules, account.AdminRoleLossHook)
	// Carts and orders read the shipping settings and tax rules kept between requests.
	shipping.KeepSettings(app)
	catalog.KeepCategories(app)
	tax.KeepRules(app)
	shop.KeepOrderLimits(app)
	// The payment settings an admin edits in the dashboard stay sane, and
	// are kept between requests until they change.
	on(app.OnRecordValidate(shop.PaymentSettingsCollection), priorityRules, validateWith(shop.ValidatePaymentSettingsRecord))
	shop.KeepPaymentSettings(app)
	// The store details (storefront, e-mails) are kept the same way; the
	// e-mails take the shop's name and Reply-To from them.
	site.KeepStoreDetails(app)
	mail.UseIdentity(app, site.MailIdentity)
}
