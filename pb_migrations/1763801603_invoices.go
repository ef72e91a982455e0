package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Invoices and credit notes: an order gets an invoice number once
// (INV-2026-000123, unique), a refund a credit note (CN-2026-000007, once
// per refund); the numbers come from one counter per series and year,
// raised in the transaction that uses the number, so a failed one leaves
// no gap. The settings get the seller's details the invoice shows.
func init() {
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "orders", func(c *core.Collection) {
			c.Fields.Add(&core.TextField{Name: "invoiceNumber", Max: 40}, &core.DateField{Name: "invoicedAt"})
			c.AddIndex("idx_orders_invoice_number", true, "invoiceNumber", "invoiceNumber != ''")
		}); err != nil {
			return err
		}
		if err := createNumbering(app); err != nil {
			return err
		}
		return updateCollection(app, "shop_settings", func(c *core.Collection) {
			c.Fields.Add(
				&core.TextField{Name: "sellerName", Max: 200},
				&core.TextField{Name: "sellerAddress", Max: 500},
				&core.TextField{Name: "sellerTaxId", Max: 50},
				&core.TextField{Name: "sellerEmail", Max: 255},
				&core.TextField{Name: "sellerPhone", Max: 50},
			)
		})
	}, func(app core.App) error {
		if err := removeFields(app, "shop_settings", "sellerName", "sellerAddress", "sellerTaxId", "sellerEmail", "sellerPhone"); err != nil {
			return err
		}
		if err := deleteCollections(app, "credit_notes", "invoice_counters"); err != nil {
			return err
		}
		return updateCollection(app, "orders", func(c *core.Collection) {
			c.RemoveIndex("idx_orders_invoice_number")
			c.Fields.RemoveByName("invoiceNumber")
			c.Fields.RemoveByName("invoicedAt")
		})
	})
}

// createNumbering makes the counters and the credit notes.
func createNumbering(app core.App) error {
	orders, err := app.FindCollectionByNameOrId("orders")
	if err != nil {
		return err
	}
	zero, one := 0.0, 1.0
	counters := core.NewBaseCollection("invoice_counters")
	counters.Fields.Add(
		&core.TextField{Name: "series", Required: true, Max: 10},
		&core.NumberField{Name: "year", OnlyInt: true, Min: &one},
		&core.NumberField{Name: "last", OnlyInt: true, Min: &zero},
	)
	counters.AddIndex("idx_invoice_counters_series_year", true, "series, year", "")
	notes := core.NewBaseCollection("credit_notes")
	notes.Fields.Add(
		&core.TextField{Name: "number", Required: true, Max: 40},
		// Required and not cascading: an order with a credit note stays in the books.
		&core.RelationField{Name: "orderRef", CollectionId: orders.Id, MaxSelect: 1, Required: true},
		&core.TextField{Name: "refundId", Max: 100},
		&core.NumberField{Name: "amountCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "taxCents", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "reason", Max: 500},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	notes.AddIndex("idx_credit_notes_number", true, "number", "")
	notes.AddIndex("idx_credit_notes_refund", true, "refundId", "refundId != ''")
	notes.AddIndex("idx_credit_notes_order", false, "orderRef", "")
	return saveCollections(app, counters, notes)
}
