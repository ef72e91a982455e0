package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The admin overview's aggregates read only indexes: revenue by day and the
// orders by status come from covering indexes of orders, the top products
// from a covering index of order lines, the low-stock list from one of
// products. role_changes is the record of every grant and revoke of a role;
// it keeps e-mails as text so it outlives the accounts.
func init() {
	m.Register(addOverviewIndexes, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("role_changes"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		for name, idx := range map[string][]string{
			"orders":      {"idx_orders_created_status_total", "idx_orders_status", "idx_orders_user_status_total"},
			"order_items": {"idx_order_items_order_product"},
			"products":    {"idx_products_active_stock"},
		} {
			err := updateCollection(app, name, func(c *core.Collection) {
				for _, i := range idx {
					c.RemoveIndex(i)
				}
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// addOverviewIndexes adds the covering indexes and the role_changes
// collection.
func addOverviewIndexes(app core.App) error {
	err := updateCollection(app, "orders", func(orders *core.Collection) {
		orders.AddIndex("idx_orders_created_status_total", false, "created, status, totalCents", "")
		orders.AddIndex("idx_orders_status", false, "status", "")
		orders.AddIndex("idx_orders_user_status_total", false, "user, status, totalCents", "")
	})
	if err != nil {
		return err
	}
	err = updateCollection(app, "order_items", func(items *core.Collection) {
		items.AddIndex("idx_order_items_order_product", false, "orderRef, productId, quantity, totalCents", "")
	})
	if err != nil {
		return err
	}
	err = updateCollection(app, "products", func(products *core.Collection) {
		products.AddIndex("idx_products_active_stock", false, "isActive, stockQuantity, name", "")
	})
	if err != nil {
		return err
	}
	return app.Save(roleChangesCollection())
}

// roleChangesCollection is the audit record of role changes: whose roles
// changed (userId, userEmail), by whom (byId, byEmail), from and to.
// Superusers only; the shop reads it through its admin route.
func roleChangesCollection() *core.Collection {
	c := core.NewBaseCollection("role_changes")
	c.Fields.Add(
		&core.TextField{Name: "userId", Required: true, Max: 50},
		&core.TextField{Name: "userEmail", Max: 255},
		&core.TextField{Name: "byId", Max: 50},
		&core.TextField{Name: "byEmail", Max: 255},
		&core.JSONField{Name: "fromRoles", MaxSize: 2000},
		&core.JSONField{Name: "toRoles", MaxSize: 2000},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	c.AddIndex("idx_role_changes_created", false, "created", "")
	return c
}
