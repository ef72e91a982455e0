package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Discounts and promotions (issue 45): `promotions` holds each promotion's
// terms and how often it was used; `promotion_uses` one row per order that
// used one (with the customer, for per-customer limits, and the discount
// it gave), taken back when an unpaid order is cancelled. Both are locked
// down: the shop's own routes read and write them.
func init() {
	m.Register(func(app core.App) error {
		orders, err := app.FindCollectionByNameOrId("orders")
		if err != nil {
			return err
		}
		promotions := promotionsCollection()
		return saveCollections(app, promotions, promotionUsesCollection(promotions.Id, orders.Id))
	}, func(app core.App) error {
		return deleteCollections(app, "promotion_uses", "promotions")
	})
}

// promotionsCollection: amounts in cents, a percentage in hundredths
// (value), codes stored upper-case and unique among those that have one.
func promotionsCollection() *core.Collection {
	zero := 0.0
	c := core.NewBaseCollection("promotions")
	c.Fields.Add(
		&core.TextField{Name: "code", Max: 32, Pattern: `^[A-Z0-9-]{3,32}$`},
		&core.BoolField{Name: "automatic"},
		&core.JSONField{Name: "name", MaxSize: 5000},
		&core.SelectField{Name: "kind", Required: true, MaxSelect: 1, Values: []string{"percentage", "fixed", "free_shipping"}},
		&core.NumberField{Name: "value", OnlyInt: true, Min: &zero},
		&core.SelectField{Name: "target", Required: true, MaxSelect: 1, Values: []string{"order", "products", "categories"}},
		&core.JSONField{Name: "productIds", MaxSize: 100000},
		&core.JSONField{Name: "categoryIds", MaxSize: 20000},
		&core.NumberField{Name: "minSubtotalCents", OnlyInt: true, Min: &zero},
		&core.DateField{Name: "startsAt"},
		&core.DateField{Name: "endsAt"},
		&core.NumberField{Name: "usageLimit", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "perCustomerLimit", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "timesUsed", OnlyInt: true, Min: &zero},
		&core.BoolField{Name: "combinable"},
		&core.BoolField{Name: "isActive"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_promotions_code", true, "code", "code != ''")
	c.AddIndex("idx_promotions_live", false, "isActive, automatic", "")
	return c
}

// promotionUsesCollection: one row per order and promotion; deleting the
// promotion or the order deletes its uses.
func promotionUsesCollection(promotionsID, ordersID string) *core.Collection {
	zero := 0.0
	c := core.NewBaseCollection("promotion_uses")
	c.Fields.Add(
		&core.RelationField{Name: "promotion", Required: true, CollectionId: promotionsID, MaxSelect: 1, CascadeDelete: true},
		&core.RelationField{Name: "order", Required: true, CollectionId: ordersID, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "user", Max: 50},
		&core.NumberField{Name: "amountCents", OnlyInt: true, Min: &zero},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	c.AddIndex("idx_promotion_uses_order", true, "`order`, promotion", "")
	c.AddIndex("idx_promotion_uses_customer", false, "promotion, user", "")
	return c
}
