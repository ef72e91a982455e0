package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Orders and their lines. A line is a snapshot (name, image, price) and keeps
// the product id as text so it survives the product's deletion.
func init() {
	m.Register(createOrders, func(app core.App) error {
		return deleteCollections(app, "order_items", "orders")
	})
}

// createOrders makes the orders and their lines.
func createOrders(app core.App) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	zero, one := 0.0, 1.0

	orders := core.NewBaseCollection("orders")
	orders.Fields.Add(
		&core.TextField{Name: "orderNumber", Required: true, Max: 40},
		// Not cascading: deleting a customer must not erase the shop's books.
		&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1},
		&core.TextField{Name: "customerName", Max: 250},
		&core.TextField{Name: "customerEmail", Max: 255},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1,
			Values: []string{"Created", "Processing", "Processed", "Shipped", "Delivered", "Cancelled"}},
		&core.NumberField{Name: "totalCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "itemCount", OnlyInt: true, Min: &zero},
		&core.JSONField{Name: "shipping", MaxSize: 10000},
		&core.JSONField{Name: "billing", MaxSize: 10000},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	orders.AddIndex("idx_orders_number", true, "orderNumber", "")
	orders.AddIndex("idx_orders_user_created", false, "user, created", "")
	orders.AddIndex("idx_orders_created", false, "created", "")

	items := core.NewBaseCollection("order_items")
	items.Fields.Add(
		&core.RelationField{Name: "orderRef", CollectionId: orders.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "productId", Max: 50},
		&core.JSONField{Name: "productName", MaxSize: 20000},
		&core.TextField{Name: "productImage", Max: 255},
		&core.NumberField{Name: "quantity", OnlyInt: true, Min: &one},
		&core.NumberField{Name: "unitPriceCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "totalCents", OnlyInt: true, Min: &zero},
	)
	items.AddIndex("idx_order_items_order", false, "orderRef", "")
	return saveCollections(app, orders, items)
}
