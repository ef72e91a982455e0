package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Payments (issue 29). Orders gain their payment state beside the
// fulfilment status; attempts (one hosted-page session each), events (the
// ledger, unique by provider and event id) and refunds are records; the
// payment settings (Stripe keys, enabled methods, bank details, invoice
// terms, hold time) are one superuser-only record; users gain the invoice
// approval. Every new collection is superuser-only (API rules nil).
//
// Orders placed before payments were recorded: unpaid ones (Created) wait
// for a bank transfer of their total, those an admin moved on (Processing
// and later) were settled outside the shop and count as paid on the day
// they were placed, cancelled ones owe nothing.
func init() {
	m.Register(func(app core.App) error {
		if err := addOrderPaymentFields(app); err != nil {
			return err
		}
		if err := backfillOrderPayments(app); err != nil {
			return err
		}
		if err := createPaymentCollections(app); err != nil {
			return err
		}
		if err := addUserInvoiceTerms(app); err != nil {
			return err
		}
		return createPaymentSettings(app)
	}, func(app core.App) error {
		if err := deleteCollections(app, "payment_settings", "refunds", "payment_events", "payment_attempts"); err != nil {
			return err
		}
		if err := removeFields(app, "users", "invoiceAllowed", "invoiceTermsDays"); err != nil {
			return err
		}
		return updateCollection(app, "orders", func(orders *core.Collection) {
			for _, idx := range []string{"idx_orders_payment_hold", "idx_orders_payment_due", "idx_orders_user_payment"} {
				orders.RemoveIndex(idx)
			}
			for _, f := range []string{"paymentMethod", "paymentStatus", "amountDueCents", "amountPaidCents",
				"amountRefundedCents", "paidAt", "dueDate", "poNumber", "paymentReference", "holdUntil", "paymentFlag",
				"reminderSentAt"} {
				orders.Fields.RemoveByName(f)
			}
		})
	})
}

var paymentStatuses = []string{"pending", "awaiting_payment", "partially_paid", "paid", "partially_refunded", "refunded", "expired"}

func addOrderPaymentFields(app core.App) error {
	zero := 0.0
	return updateCollection(app, "orders", func(orders *core.Collection) {
		orders.Fields.Add(
			&core.SelectField{Name: "paymentMethod", MaxSelect: 1, Values: []string{"card", "bank_transfer", "invoice"}},
			&core.SelectField{Name: "paymentStatus", MaxSelect: 1, Values: paymentStatuses},
			&core.NumberField{Name: "amountDueCents", OnlyInt: true, Min: &zero},
			&core.NumberField{Name: "amountPaidCents", OnlyInt: true, Min: &zero},
			&core.NumberField{Name: "amountRefundedCents", OnlyInt: true, Min: &zero},
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
		)
		// The expiry and reconciliation jobs and the unpaid-order cap read
		// orders by payment state; the overview sums what is awaited.
		orders.AddIndex("idx_orders_payment_hold", false, "paymentStatus, holdUntil", "")
		orders.AddIndex("idx_orders_payment_due", false, "paymentStatus, dueDate", "")
		orders.AddIndex("idx_orders_user_payment", false, "user, paymentStatus", "")
	})
}

// backfillOrderPayments gives the orders stored so far their payment state
// in one statement (raw SQL: no hook must fire for this).
func backfillOrderPayments(app core.App) error {
	_, err := app.DB().NewQuery(`UPDATE orders SET paymentMethod = 'bank_transfer', paymentReference = orderNumber,
		amountDueCents = totalCents, amountRefundedCents = 0,
		amountPaidCents = CASE WHEN status IN ('Processing', 'Processed', 'Shipped', 'Delivered') THEN totalCents ELSE 0 END,
		paidAt = CASE WHEN status IN ('Processing', 'Processed', 'Shipped', 'Delivered') THEN created ELSE '' END,
		paymentStatus = CASE WHEN status IN ('Processing', 'Processed', 'Shipped', 'Delivered') THEN 'paid' ELSE 'awaiting_payment' END`).Execute()
	return err
}

func createPaymentCollections(app core.App) error {
	orders, err := app.FindCollectionByNameOrId("orders")
	if err != nil {
		return err
	}
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	zero := 0.0
	attempts := core.NewBaseCollection("payment_attempts")
	attempts.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: orders.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "provider", Required: true, Max: 20},
		&core.NumberField{Name: "attempt", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "amountCents", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "currency", Max: 3},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"creating", "open", "complete", "expired", "failed"}},
		&core.TextField{Name: "reference", Max: 255},
		&core.TextField{Name: "url", Max: 2000},
		&core.TextField{Name: "paymentIntent", Max: 255},
		&core.DateField{Name: "expiresAt"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	attempts.AddIndex("idx_payment_attempts_order", true, "orderRef, attempt", "")
	attempts.AddIndex("idx_payment_attempts_ref", true, "provider, reference", "reference != ''")
	attempts.AddIndex("idx_payment_attempts_intent", false, "paymentIntent", "")

	events := core.NewBaseCollection("payment_events")
	events.Fields.Add(
		&core.TextField{Name: "provider", Required: true, Max: 20},
		&core.TextField{Name: "eventId", Required: true, Max: 255},
		&core.RelationField{Name: "orderRef", CollectionId: orders.Id, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "type", Required: true, Max: 60},
		&core.NumberField{Name: "amountCents", OnlyInt: true},
		&core.TextField{Name: "currency", Max: 3},
		&core.DateField{Name: "at"},
		&core.TextField{Name: "by", Max: 50},
		&core.TextField{Name: "byName", Max: 250},
		&core.TextField{Name: "note", Max: 1000},
		&core.TextField{Name: "outcome", Max: 60},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	// The ledger: an event is recorded once, whoever sends it how often.
	events.AddIndex("idx_payment_events_id", true, "provider, eventId", "")
	events.AddIndex("idx_payment_events_order", false, "orderRef, created", "")

	refunds := core.NewBaseCollection("refunds")
	refunds.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: orders.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.NumberField{Name: "amountCents", OnlyInt: true, Min: &zero},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"requested", "pending", "succeeded", "failed"}},
		&core.TextField{Name: "provider", Required: true, Max: 20},
		&core.TextField{Name: "reference", Max: 255},
		&core.TextField{Name: "paymentIntent", Max: 255},
		&core.TextField{Name: "reason", Max: 500},
		&core.RelationField{Name: "by", CollectionId: users.Id, MaxSelect: 1},
		&core.TextField{Name: "byName", Max: 250},
		&core.NumberField{Name: "tries", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "lastError", Max: 1000},
		// A refund of money the order did not owe (paid after expiry, or twice).
		&core.BoolField{Name: "surplus"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	refunds.AddIndex("idx_refunds_order", false, "orderRef, created", "")
	refunds.AddIndex("idx_refunds_status", false, "status", "")
	refunds.AddIndex("idx_refunds_ref", true, "provider, reference", "reference != ''")
	return saveCollections(app, attempts, events, refunds)
}

func addUserInvoiceTerms(app core.App) error {
	zero, year := 0.0, 365.0
	return updateCollection(app, "users", func(users *core.Collection) {
		users.Fields.Add(
			&core.BoolField{Name: "invoiceAllowed"},
			&core.NumberField{Name: "invoiceTermsDays", OnlyInt: true, Min: &zero, Max: &year},
		)
	})
}

// createPaymentSettings makes the settings collection and its one record:
// bank transfer on (so a fresh shop takes orders without a Stripe
// account), card on once both Stripe keys are set, invoice on for the
// customers an admin approves, 30 days' terms, a 60-minute hold. shopId
// (made on the first card payment) tells this shop's Stripe sessions from
// other shops' on the same account.
func createPaymentSettings(app core.App) error {
	zero, year, day := 0.0, 365.0, 1440.0
	c := core.NewBaseCollection("payment_settings")
	c.Fields.Add(
		&core.TextField{Name: "stripeSecretKey", Max: 255, Hidden: true},
		&core.TextField{Name: "stripeWebhookSecret", Max: 255, Hidden: true},
		&core.BoolField{Name: "cardEnabled"},
		&core.BoolField{Name: "bankTransferEnabled"},
		&core.BoolField{Name: "invoiceEnabled"},
		&core.TextField{Name: "bankDetails", Max: 2000},
		&core.NumberField{Name: "invoiceTermsDays", OnlyInt: true, Min: &zero, Max: &year},
		&core.NumberField{Name: "holdMinutes", OnlyInt: true, Min: &zero, Max: &day},
		&core.TextField{Name: "shopId", Max: 40},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	if err := app.Save(c); err != nil {
		return err
	}
	rec := core.NewRecord(c)
	rec.Set("cardEnabled", true)
	rec.Set("bankTransferEnabled", true)
	rec.Set("invoiceEnabled", true)
	rec.Set("bankDetails", "Account holder: StageShop\nBank: (set in the dashboard: payment_settings)\nIBAN / account number: -")
	rec.Set("invoiceTermsDays", 30)
	rec.Set("holdMinutes", 60)
	return app.Save(rec)
}
