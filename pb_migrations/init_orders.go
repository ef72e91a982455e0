package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Selling: carts, orders with their lines, payments, refunds, invoice
// numbers and credit notes, and the tax rates. Amounts are integer cents.
// Superusers only (rules nil) except orders, which users with the Admin
// role read for live updates.

// adminReadRule lets users with the Admin role read (and receive live),
// signed in with the shop's access token (a users auth token). roles is a
// JSON array such as ["Admin","Customer"]; matching the quoted name keeps
// "NotAdmin" out.
const adminReadRule = `@request.auth.collectionName = "users" && @request.auth.roles ~ '"Admin"'`

// cartsCollection holds the carts, each a user's or a guest session's.
func cartsCollection() *core.Collection {
	c := core.NewBaseCollection("carts")
	c.Fields.Add(
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "sessionId", Max: 128},
		created(), updated(),
	)
	c.AddIndex("idx_carts_user", true, "user", "user != ''")
	c.AddIndex("idx_carts_session", true, "sessionId", "sessionId != ''")
	return c
}

// cartItemsCollection holds the cart lines: one per variant (the same
// product may be on two lines).
func cartItemsCollection(cartsID, productsID, variantsID string) *core.Collection {
	c := core.NewBaseCollection("cart_items")
	c.Fields.Add(
		&core.RelationField{Name: "cart", CollectionId: cartsID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.RelationField{Name: "product", CollectionId: productsID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.NumberField{Name: "quantity", OnlyInt: true, Min: types.Pointer(1.0)},
		created(), updated(),
		&core.RelationField{Name: "variant", CollectionId: variantsID, MaxSelect: 1, CascadeDelete: true},
	)
	c.AddIndex("idx_cart_items_cart_variant", true, "cart, variant", "")
	c.AddIndex("idx_cart_items_product", false, "product", "")
	c.AddIndex("idx_cart_items_variant", false, "variant", "")
	return c
}

// ordersCollection holds the orders: what was bought at what price, how it
// ships, its fulfilment status and history, its payment state beside it,
// its tax as computed when it was placed (a rate changed later changes no
// order) and its invoice number.
func ordersCollection() *core.Collection {
	c := core.NewBaseCollection("orders")
	c.ListRule, c.ViewRule = types.Pointer(adminReadRule), types.Pointer(adminReadRule)
	c.Fields.Add(
		&core.TextField{Name: "orderNumber", Required: true, Max: 40},
		// Not cascading: deleting a customer must not erase the shop's books.
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1},
		&core.TextField{Name: "customerName", Max: 250},
		&core.TextField{Name: "customerEmail", Max: 255},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1,
			Values: []string{"Created", "Processing", "Processed", "Shipped", "Delivered", "Cancelled"}},
		cents("totalCents"),
		count("itemCount"),
		&core.JSONField{Name: "shipping", MaxSize: 10000},
		&core.JSONField{Name: "billing", MaxSize: 10000},
		created(), updated(),
		cents("subtotalCents"),
		&core.TextField{Name: "shippingMethod", Max: 40},
		cents("shippingCents"),
		&core.TextField{Name: "trackingNumber", Max: 100},
		&core.JSONField{Name: "history", MaxSize: 50000},
	)
	c.Fields.Add(orderPaymentFields()...)
	c.Fields.Add(orderTaxAndShippingFields()...)
	addOrderIndexes(c)
	return c
}

// orderPaymentFields are an order's payment state: method, status, the
// amounts due, paid and refunded, dates, references, the hold and flag.
func orderPaymentFields() []core.Field {
	return []core.Field{
		&core.SelectField{Name: "paymentMethod", MaxSelect: 1, Values: []string{"card", "bank_transfer", "invoice"}},
		&core.SelectField{Name: "paymentStatus", MaxSelect: 1,
			Values: []string{"pending", "awaiting_payment", "partially_paid", "paid", "partially_refunded", "refunded", "expired"}},
		cents("amountDueCents"),
		cents("amountPaidCents"),
		cents("amountRefundedCents"),
		&core.DateField{Name: "paidAt"},
		&core.DateField{Name: "dueDate"},
		&core.TextField{Name: "poNumber", Max: 100},
		&core.TextField{Name: "paymentReference", Max: 60},
		// Until when an unpaid card order holds its stock.
		&core.DateField{Name: "holdUntil"},
		// Why an admin must look at the payment ("" when nothing is wrong).
		&core.TextField{Name: "paymentFlag", Max: 60},
		// When the one overdue reminder of an invoice went out.
		&core.DateField{Name: "reminderSentAt"},
	}
}

// orderTaxAndShippingFields are an order's tax as computed when it was
// placed, its invoice, the shipping method's name and quote, and the
// fulfilment's carrier and notes.
func orderTaxAndShippingFields() []core.Field {
	return []core.Field{
		// Tax: the total, per rate, whether prices included it, whether the
		// customer was exempt, the shipping's rate and tax, the buyer's
		// company and tax ID.
		cents("taxCents"),
		&core.JSONField{Name: "taxLines", MaxSize: 20000},
		&core.BoolField{Name: "pricesIncludeTax"},
		&core.BoolField{Name: "taxExempt"},
		percent("shippingTaxRate"),
		cents("shippingTaxCents"),
		&core.TextField{Name: "companyName", Max: 200},
		&core.TextField{Name: "taxId", Max: 50},
		// INV-2026-000123, once.
		&core.TextField{Name: "invoiceNumber", Max: 40},
		&core.DateField{Name: "invoicedAt"},
		// The shipping method's name when the order was placed: an owner may
		// rename or delete a method later.
		&core.JSONField{Name: "shippingMethodName", MaxSize: 5000},
		// Shipping quoted separately (freight): "pending", then "quoted".
		&core.SelectField{Name: "shippingQuote", MaxSelect: 1, Values: []string{"pending", "quoted"}},
		count("weightGrams"),
		// Fulfilment: a code of shop.Carriers (its tracking page follows from
		// it) and the admins' notes ([{text, by, at}], never shown to the customer).
		&core.TextField{Name: "carrier", Max: 40},
		&core.JSONField{Name: "internalNotes", MaxSize: 500_000},
	}
}

// addOrderIndexes adds the orders' indexes: by number, a customer's list,
// the admin lists, the overview's covering indexes (revenue by day, orders
// by status, a customer's totals), the payment jobs' and the unpaid-order
// cap's look-ups by payment state, and the invoice number.
func addOrderIndexes(c *core.Collection) {
	c.AddIndex("idx_orders_number", true, "orderNumber", "")
	c.AddIndex("idx_orders_user_created", false, "user, created", "")
	c.AddIndex("idx_orders_created", false, "created", "")
	c.AddIndex("idx_orders_status_created", false, "status, created", "")
	// With the id, the overview's top products never read the (large) order rows.
	c.AddIndex("idx_orders_created_status_total", false, "created, status, totalCents, id", "")
	c.AddIndex("idx_orders_status", false, "status", "")
	c.AddIndex("idx_orders_user_status_total", false, "user, status, totalCents", "")
	c.AddIndex("idx_orders_payment_hold", false, "paymentStatus, holdUntil", "")
	c.AddIndex("idx_orders_payment_due", false, "paymentStatus, dueDate", "")
	c.AddIndex("idx_orders_user_payment", false, "user, paymentStatus", "")
	c.AddIndex("idx_orders_invoice_number", true, "invoiceNumber", "invoiceNumber != ''")
}

// orderItemsCollection holds the order lines. A line is a snapshot (name,
// image, price, the variant's SKU and label, its tax) and keeps the
// product and variant ids as text, so it survives their deletion.
func orderItemsCollection(ordersID string) *core.Collection {
	c := core.NewBaseCollection("order_items")
	c.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: ordersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "productId", Max: 50},
		&core.JSONField{Name: "productName", MaxSize: 20000},
		&core.TextField{Name: "productImage", Max: 255},
		&core.NumberField{Name: "quantity", OnlyInt: true, Min: types.Pointer(1.0)},
		cents("unitPriceCents"),
		cents("totalCents"),
		&core.TextField{Name: "taxClass", Max: 20},
		percent("taxRate"),
		&core.TextField{Name: "taxName", Max: 100},
		cents("taxCents"),
		&core.TextField{Name: "variantId", Max: 50},
		&core.TextField{Name: "sku", Max: 64},
		&core.JSONField{Name: "variantLabel", MaxSize: 20000},
	)
	c.AddIndex("idx_order_items_order", false, "orderRef", "")
	// The overview's top products read only this index.
	c.AddIndex("idx_order_items_order_product", false, "orderRef, productId, quantity, totalCents", "")
	// The snapshot name of a deleted best seller: its latest line.
	c.AddIndex("idx_order_items_product", false, "productId", "")
	return c
}

// paymentAttemptsCollection holds the card payments' attempts, one
// hosted-page session each.
func paymentAttemptsCollection(ordersID string) *core.Collection {
	c := core.NewBaseCollection("payment_attempts")
	c.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: ordersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "provider", Required: true, Max: 20},
		count("attempt"),
		cents("amountCents"),
		&core.TextField{Name: "currency", Max: 3},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"creating", "open", "complete", "expired", "failed"}},
		&core.TextField{Name: "reference", Max: 255},
		&core.TextField{Name: "url", Max: 2000},
		&core.TextField{Name: "paymentIntent", Max: 255},
		&core.DateField{Name: "expiresAt"},
		created(), updated(),
	)
	c.AddIndex("idx_payment_attempts_order", true, "orderRef, attempt", "")
	c.AddIndex("idx_payment_attempts_ref", true, "provider, reference", "reference != ''")
	c.AddIndex("idx_payment_attempts_intent", false, "paymentIntent", "")
	return c
}

// paymentEventsCollection is the payments' ledger: an event is recorded
// once (unique by provider and event id), whoever sends it how often.
func paymentEventsCollection(ordersID string) *core.Collection {
	c := core.NewBaseCollection("payment_events")
	c.Fields.Add(
		&core.TextField{Name: "provider", Required: true, Max: 20},
		&core.TextField{Name: "eventId", Required: true, Max: 255},
		&core.RelationField{Name: "orderRef", CollectionId: ordersID, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "type", Required: true, Max: 60},
		// Signed: a refund's event takes money out.
		&core.NumberField{Name: "amountCents", OnlyInt: true},
		&core.TextField{Name: "currency", Max: 3},
		&core.DateField{Name: "at"},
		&core.TextField{Name: "by", Max: 50},
		&core.TextField{Name: "byName", Max: 250},
		&core.TextField{Name: "note", Max: 1000},
		&core.TextField{Name: "outcome", Max: 60},
		created(),
	)
	c.AddIndex("idx_payment_events_id", true, "provider, eventId", "")
	c.AddIndex("idx_payment_events_order", false, "orderRef, created", "")
	return c
}

// refundsCollection holds the refunds, asked for and sent to the provider.
func refundsCollection(ordersID string) *core.Collection {
	c := core.NewBaseCollection("refunds")
	c.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: ordersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		cents("amountCents"),
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"requested", "pending", "succeeded", "failed"}},
		&core.TextField{Name: "provider", Required: true, Max: 20},
		&core.TextField{Name: "reference", Max: 255},
		&core.TextField{Name: "paymentIntent", Max: 255},
		&core.TextField{Name: "reason", Max: 500},
		&core.RelationField{Name: "by", CollectionId: usersID, MaxSelect: 1},
		&core.TextField{Name: "byName", Max: 250},
		count("tries"),
		&core.TextField{Name: "lastError", Max: 1000},
		// A refund of money the order did not owe (paid after expiry, or twice).
		&core.BoolField{Name: "surplus"},
		created(), updated(),
	)
	c.AddIndex("idx_refunds_order", false, "orderRef, created", "")
	c.AddIndex("idx_refunds_status", false, "status", "")
	c.AddIndex("idx_refunds_ref", true, "provider, reference", "reference != ''")
	return c
}

// invoiceCountersCollection holds one counter per number series and year
// (INV, CN), raised in the transaction that uses the number, so a failed
// one leaves no gap.
func invoiceCountersCollection() *core.Collection {
	c := core.NewBaseCollection("invoice_counters")
	c.Fields.Add(
		&core.TextField{Name: "series", Required: true, Max: 10},
		&core.NumberField{Name: "year", OnlyInt: true, Min: types.Pointer(1.0)},
		count("last"),
	)
	c.AddIndex("idx_invoice_counters_series_year", true, "series, year", "")
	return c
}

// creditNotesCollection holds the credit notes: CN-2026-000007, once per
// refund.
func creditNotesCollection(ordersID string) *core.Collection {
	c := core.NewBaseCollection("credit_notes")
	c.Fields.Add(
		&core.TextField{Name: "number", Required: true, Max: 40},
		// Required and not cascading: an order with a credit note stays in the books.
		&core.RelationField{Name: "orderRef", CollectionId: ordersID, MaxSelect: 1, Required: true},
		&core.TextField{Name: "refundId", Max: 100},
		cents("amountCents"),
		cents("taxCents"),
		&core.TextField{Name: "reason", Max: 500},
		created(),
	)
	c.AddIndex("idx_credit_notes_number", true, "number", "")
	c.AddIndex("idx_credit_notes_refund", true, "refundId", "refundId != ''")
	c.AddIndex("idx_credit_notes_order", false, "orderRef", "")
	return c
}

// taxRatesCollection holds tax as data, edited in the dashboard: a country
// as an address gives it, a US state or none for the whole country, a tax
// class, a rate in percent with up to three decimals and a name. That a
// place and class have one rate, and the region's and rate's formats, are
// the record hook's (shop.ValidateTaxRateRecord): "US" and "United States"
// are one country, which an index cannot see.
func taxRatesCollection() *core.Collection {
	c := core.NewBaseCollection("tax_rates")
	c.Fields.Add(
		&core.TextField{Name: "country", Required: true, Max: 100},
		&core.TextField{Name: "region", Max: 10},
		&core.SelectField{Name: "taxClass", Required: true, MaxSelect: 1, Values: []string{"standard", "reduced", "zero"}},
		percent("rate"),
		&core.TextField{Name: "name", Required: true, Max: 100},
		created(), updated(),
	)
	return c
}
