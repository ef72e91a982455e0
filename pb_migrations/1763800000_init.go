package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The schema of the first release in one migration (see doc.go). Up makes
// it on PocketBase's own (the users and _superusers collections), in an
// order where every relation's collection exists before the field naming
// it; down takes it all away again. A data dir made by the fifty
// development migrations already has this schema: up only records that
// (adopt.go).
func init() {
	m.Register(initUp, initDown)
}

// initUp makes the schema, or adopts a data dir the old migrations made.
func initUp(app core.App) error {
	if adopted, err := adoptOldMigrations(app); err != nil || adopted {
		return err
	}
	if err := updateCollection(app, "users", shopUsers); err != nil {
		return err
	}
	images, categories := productImagesCollection(), categoriesCollection()
	products := productsCollection(categories.Id)
	variants := variantsCollection(products.Id)
	carts := cartsCollection()
	orders := ordersCollection()
	contact := contactRequestsCollection()
	err := saveCollections(app, images, categories, products, variants,
		carts, cartItemsCollection(carts.Id, products.Id, variants.Id),
		orders, orderItemsCollection(orders.Id),
		paymentAttemptsCollection(orders.Id), paymentEventsCollection(orders.Id), refundsCollection(orders.Id),
		invoiceCountersCollection(), creditNotesCollection(orders.Id), taxRatesCollection(),
		refreshTokensCollection(), passwordResetsCollection(), addressesCollection(), roleChangesCollection(),
		emailsCollection(), contact, contactRepliesCollection(contact.Id), stockAlertsCollection(products.Id, variants.Id),
		shopSettingsCollection(), paymentSettingsCollection(), pagesCollection(),
	)
	if err != nil {
		return err
	}
	if err := execAll(app, catalogSQL()); err != nil {
		return err
	}
	if err := execAll(app, overviewSQL()); err != nil {
		return err
	}
	if err := seedRecords(app); err != nil {
		return err
	}
	return app.Save(shopAppSettings(app.Settings()))
}

// initDown takes away everything initUp made: the SQL objects first (the
// triggers name the collections' tables), then the collections, relations'
// targets last, the users fields and rules and the app settings back to a
// fresh PocketBase's.
func initDown(app core.App) error {
	if err := execAll(app, dropSQL(append(catalogSQL(), overviewSQL()...))); err != nil {
		return err
	}
	err := deleteCollections(app, "pages", "payment_settings", "shop_settings",
		"stock_alerts", "contact_replies", "contact_requests", "emails",
		"role_changes", "addresses", "password_resets", "refresh_tokens",
		"tax_rates", "credit_notes", "invoice_counters", "refunds", "payment_events", "payment_attempts",
		"order_items", "orders", "cart_items", "carts",
		"product_variants", "products", "categories", "product_images")
	if err != nil {
		return err
	}
	if err := updateCollection(app, "users", pocketBaseUsers); err != nil {
		return err
	}
	return app.Save(pocketBaseAppSettings(app.Settings()))
}
