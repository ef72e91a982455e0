package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Hire lines (issue 46, api.md "Hire"): a cart line and an order line may
// be a hire, from hireStart to hireEnd (the shop's dates; empty for a sale
// line), so one variant on other dates is another line (the cart's unique
// index takes the dates); an order keeps the deposits it was paid with.
func init() {
	const datePattern = `^\d{4}-\d{2}-\d{2}$`
	hireDates := func(c *core.Collection) {
		c.Fields.Add(
			&core.TextField{Name: "hireStart", Pattern: datePattern},
			&core.TextField{Name: "hireEnd", Pattern: datePattern},
		)
	}
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "cart_items", func(c *core.Collection) {
			hireDates(c)
			c.RemoveIndex("idx_cart_items_cart_variant")
			c.AddIndex("idx_cart_items_cart_variant", true, "cart, variant, hireStart, hireEnd", "")
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "order_items", func(c *core.Collection) {
			hireDates(c)
			c.Fields.Add(&core.NumberField{Name: "depositCents", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(maxCents)})
		}); err != nil {
			return err
		}
		return updateCollection(app, "orders", func(c *core.Collection) {
			c.Fields.Add(&core.NumberField{Name: "depositCents", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(maxCents)})
		})
	}, func(app core.App) error {
		if err := updateCollection(app, "cart_items", func(c *core.Collection) {
			c.RemoveIndex("idx_cart_items_cart_variant")
			c.Fields.RemoveByName("hireStart")
			c.Fields.RemoveByName("hireEnd")
			c.AddIndex("idx_cart_items_cart_variant", true, "cart, variant", "")
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "order_items", func(c *core.Collection) {
			c.Fields.RemoveByName("hireStart")
			c.Fields.RemoveByName("hireEnd")
			c.Fields.RemoveByName("depositCents")
		}); err != nil {
			return err
		}
		return updateCollection(app, "orders", func(c *core.Collection) { c.Fields.RemoveByName("depositCents") })
	})
}
