package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Returns and refunds by line (issue 48, api.md "Returns"): the returns
// (R-2026-000012 from the documents' gapless yearly counters), each with
// its lines as JSON ([{orderItemId, quantity, reason, restock,
// refundCents, taxCents}]) and its history; the shop's return window
// (shop_settings.returnWindowDays, 30 unless the owner changes it); and on
// each refund the return it pays and the tax it gives back, which its
// credit note states instead of a share of the order's tax. Returns are
// locked down: the shop's own routes (shop/returns) read and write them.
func init() {
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "shop_settings", func(c *core.Collection) {
			c.Fields.Add(&core.NumberField{Name: "returnWindowDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(365.0)})
		}); err != nil {
			return err
		}
		if _, err := app.DB().NewQuery("UPDATE shop_settings SET returnWindowDays = 30 WHERE COALESCE(returnWindowDays, 0) = 0").Execute(); err != nil {
			return err
		}
		if err := updateCollection(app, "refunds", func(c *core.Collection) {
			c.Fields.Add(&core.TextField{Name: "returnRef", Max: 50}, cents("taxCents"))
		}); err != nil {
			return err
		}
		orders, err := app.FindCollectionByNameOrId("orders")
		if err != nil {
			return err
		}
		return app.Save(returnsCollection(orders.Id))
	}, func(app core.App) error {
		if err := deleteCollections(app, "returns"); err != nil {
			return err
		}
		return removeFields(app, map[string][]string{
			"shop_settings": {"returnWindowDays"},
			"refunds":       {"returnRef", "taxCents"},
		})
	})
}

// returnsCollection holds the returns. source is who asked: the customer
// ("customer") or an admin refunding lines without a return ("admin",
// stored as received at once); shippingCents is the shipping it refunded.
func returnsCollection(ordersID string) *core.Collection {
	c := core.NewBaseCollection("returns")
	c.Fields.Add(
		&core.TextField{Name: "number", Required: true, Max: 40},
		&core.RelationField{Name: "orderRef", CollectionId: ordersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"requested", "approved", "received", "rejected"}},
		&core.SelectField{Name: "source", MaxSelect: 1, Values: []string{"customer", "admin"}},
		&core.JSONField{Name: "lines", MaxSize: 50000},
		&core.TextField{Name: "note", Max: 1000},
		&core.TextField{Name: "message", Max: 1000},
		cents("refundCents"),
		cents("shippingCents"),
		&core.TextField{Name: "refundId", Max: 50},
		&core.JSONField{Name: "history", MaxSize: 50000},
		created(), updated(),
	)
	c.AddIndex("idx_returns_number", true, "number", "")
	c.AddIndex("idx_returns_order", false, "orderRef", "")
	c.AddIndex("idx_returns_status", false, "status, created", "")
	return c
}
