package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Carts belong to a user or to a guest session id; one line per product.
func init() {
	m.Register(createCarts, func(app core.App) error {
		return deleteCollections(app, "cart_items", "carts")
	})
}

// createCarts makes the carts and their lines.
func createCarts(app core.App) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	products, err := app.FindCollectionByNameOrId("products")
	if err != nil {
		return err
	}

	carts := core.NewBaseCollection("carts")
	carts.Fields.Add(
		&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "sessionId", Max: 128},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	carts.AddIndex("idx_carts_user", true, "user", "user != ''")
	carts.AddIndex("idx_carts_session", true, "sessionId", "sessionId != ''")

	one := 1.0
	items := core.NewBaseCollection("cart_items")
	items.Fields.Add(
		&core.RelationField{Name: "cart", CollectionId: carts.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.RelationField{Name: "product", CollectionId: products.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.NumberField{Name: "quantity", OnlyInt: true, Min: &one},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	items.AddIndex("idx_cart_items_cart_product", true, "cart, product", "")
	items.AddIndex("idx_cart_items_product", false, "product", "")
	return saveCollections(app, carts, items)
}
