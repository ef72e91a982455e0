package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Quotes (issue 47, api.md "Quotes"): the quotes (Q-2026-000042 from the
// documents' gapless yearly counters), each with its latest revision's
// lines and service lines as JSON, its figures in cents, the tax as quoted
// (taxed: the tax computation of that revision, which the order keeps),
// its history of revisions and statuses, and the order an acceptance
// made; on each order the quote it came from. Quotes are locked down: the
// shop's own routes (shop/quote) read and write them.
func init() {
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "orders", func(c *core.Collection) {
			c.Fields.Add(&core.TextField{Name: "quoteNumber", Max: 40})
		}); err != nil {
			return err
		}
		return app.Save(quotesCollection())
	}, func(app core.App) error {
		if err := deleteCollections(app, "quotes"); err != nil {
			return err
		}
		return removeFields(app, map[string][]string{"orders": {"quoteNumber"}})
	})
}

// quotesCollection holds the quotes. shipping is the delivery address
// (the order's ShippingInfo); remindedAt marks the reminder two days
// before validUntil, sent once.
func quotesCollection() *core.Collection {
	c := core.NewBaseCollection("quotes")
	c.Fields.Add(
		&core.TextField{Name: "number", Required: true, Max: 40},
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1,
			Values: []string{"requested", "sent", "accepted", "declined", "expired", "withdrawn"}},
		&core.NumberField{Name: "revision", OnlyInt: true},
		&core.JSONField{Name: "lines", MaxSize: 200000},
		&core.JSONField{Name: "serviceLines", MaxSize: 50000},
		&core.JSONField{Name: "shipping", MaxSize: 10000},
		&core.TextField{Name: "eventName", Max: 200},
		&core.TextField{Name: "eventDate", Max: 40},
		&core.TextField{Name: "venue", Max: 200},
		&core.TextField{Name: "message", Max: 2000},
		&core.TextField{Name: "declineReason", Max: 1000},
		&core.DateField{Name: "validUntil"},
		&core.DateField{Name: "remindedAt"},
		&core.TextField{Name: "poNumber", Max: 100},
		cents("subtotalCents"), cents("discountCents"), cents("shippingCents"),
		cents("taxCents"), cents("depositCents"), cents("totalCents"),
		&core.JSONField{Name: "taxed", MaxSize: 200000},
		&core.TextField{Name: "orderRef", Max: 50},
		&core.JSONField{Name: "history", MaxSize: 500000},
		created(), updated(),
	)
	c.AddIndex("idx_quotes_number", true, "number", "")
	c.AddIndex("idx_quotes_user", false, "user, created", "")
	c.AddIndex("idx_quotes_status", false, "status, validUntil", "")
	return c
}
