package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Discounts in selling (issue 45, api.md "Discounts and promotions"): a
// cart keeps the code the shopper applied (one per cart); an order keeps
// what it was discounted by (discountCents, off the lines) and each
// discount as it was when placed (discounts: [{id, code, name,
// amountCents, shippingCents}], the promotion's name and code then, so a
// later edit or delete changes no order), and each line its share
// (order_items.discountCents, the shares adding up to the order's).
// Orders from before have none: 0 and null read as no discount.
func init() {
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "carts", func(c *core.Collection) {
			c.Fields.Add(&core.TextField{Name: "promoCode", Max: 32})
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "orders", func(c *core.Collection) {
			c.Fields.Add(cents("discountCents"), &core.JSONField{Name: "discounts", MaxSize: 50000})
		}); err != nil {
			return err
		}
		return updateCollection(app, "order_items", func(c *core.Collection) {
			c.Fields.Add(cents("discountCents"))
		})
	}, func(app core.App) error {
		return removeFields(app, map[string][]string{
			"carts":       {"promoCode"},
			"orders":      {"discountCents", "discounts"},
			"order_items": {"discountCents"},
		})
	})
}
