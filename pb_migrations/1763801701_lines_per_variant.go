package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Cart lines, order lines and back-in-stock alerts name the variant (issue
// 31). A cart holds one line per variant (the same product may be on two
// lines); an alert waits for one variant. Existing cart lines and alerts
// get their product's default variant; existing order lines get its id and
// SKU when the product still exists (a deleted product's lines keep none).
// Order lines keep the variant as text, SKU and label as snapshots, like
// the product's name.
func init() {
	m.Register(linesPerVariantUp, linesPerVariantDown)
}

func linesPerVariantUp(app core.App) error {
	variants, err := app.FindCollectionByNameOrId("product_variants")
	if err != nil {
		return err
	}
	err = updateCollection(app, "cart_items", func(c *core.Collection) {
		c.Fields.Add(&core.RelationField{Name: "variant", CollectionId: variants.Id, MaxSelect: 1, CascadeDelete: true})
		c.RemoveIndex("idx_cart_items_cart_product")
	})
	if err != nil {
		return err
	}
	err = updateCollection(app, "order_items", func(c *core.Collection) {
		c.Fields.Add(
			&core.TextField{Name: "variantId", Max: 50},
			&core.TextField{Name: "sku", Max: 64},
			&core.JSONField{Name: "variantLabel", MaxSize: 20000},
		)
	})
	if err != nil {
		return err
	}
	err = updateCollection(app, "stock_alerts", func(c *core.Collection) {
		c.Fields.Add(&core.RelationField{Name: "variant", CollectionId: variants.Id, MaxSelect: 1, CascadeDelete: true})
		c.RemoveIndex("idx_stock_alerts_open")
	})
	if err != nil {
		return err
	}
	if err := execAll(app, linesBackfill); err != nil {
		return err
	}
	if err := updateCollection(app, "cart_items", func(c *core.Collection) {
		c.AddIndex("idx_cart_items_cart_variant", true, "cart, variant", "")
		c.AddIndex("idx_cart_items_variant", false, "variant", "")
	}); err != nil {
		return err
	}
	return updateCollection(app, "stock_alerts", func(c *core.Collection) {
		c.AddIndex("idx_stock_alerts_open_variant", true, "variant, email", "status = 'open'")
	})
}

// linesBackfill points the existing lines and alerts at the default
// variant of their product.
var linesBackfill = []string{
	`UPDATE cart_items SET variant = COALESCE((SELECT defaultVariant FROM products p WHERE p.id = cart_items.product), '')`,
	`UPDATE stock_alerts SET variant = COALESCE((SELECT defaultVariant FROM products p WHERE p.id = stock_alerts.product), '')`,
	`UPDATE order_items SET
		variantId = COALESCE((SELECT p.defaultVariant FROM products p WHERE p.id = order_items.productId), ''),
		sku = COALESCE((SELECT v.sku FROM products p JOIN product_variants v ON v.id = p.defaultVariant
			WHERE p.id = order_items.productId), ''),
		variantLabel = '{}'`,
}

func linesPerVariantDown(app core.App) error {
	// One line per product and one open alert per product and address
	// again: the first of each is kept.
	err := execAll(app, []string{
		`DELETE FROM cart_items WHERE rowid NOT IN (SELECT MIN(rowid) FROM cart_items GROUP BY cart, product)`,
		`DELETE FROM stock_alerts WHERE status = 'open' AND rowid NOT IN
			(SELECT MIN(rowid) FROM stock_alerts WHERE status = 'open' GROUP BY product, email)`,
	})
	if err != nil {
		return err
	}
	err = updateCollection(app, "stock_alerts", func(c *core.Collection) {
		c.RemoveIndex("idx_stock_alerts_open_variant")
		c.Fields.RemoveByName("variant")
		c.AddIndex("idx_stock_alerts_open", true, "product, email", "status = 'open'")
	})
	if err != nil {
		return err
	}
	if err := removeFields(app, "order_items", "variantId", "sku", "variantLabel"); err != nil {
		return err
	}
	return updateCollection(app, "cart_items", func(c *core.Collection) {
		c.RemoveIndex("idx_cart_items_cart_variant")
		c.RemoveIndex("idx_cart_items_variant")
		c.Fields.RemoveByName("variant")
		c.AddIndex("idx_cart_items_cart_product", true, "cart, product", "")
	})
}
