package migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Product options and variants (issue 31). A variant is one combination of
// a product's option values with its own SKU (unique regardless of case),
// price, compare-at price, stock, active flag and pictures; a product
// without options has exactly one, its default. Every existing product
// gets that default variant here, with its current price and stock and the
// SKU "SS-<PRODUCT ID>".
//
// The product row keeps a summary of its variants that lists, sorting and
// filters read without a join: priceCents, compareAtCents and stockQuantity
// of the default variant (the first active one in stock by position, else
// the first active, else the first), the active variants' price range, any
// in stock, any in stock below its compare-at price (on sale), how many are
// active, and every SKU (for search).
// SQLite triggers on product_variants keep it in the writer's transaction,
// whoever writes (the shop's routes, the dashboard, checkout's conditional
// stock update in plain SQL), so it cannot drift (docs/decisions/variants.md).
// Active variants are readable for live updates when their product is.
func init() {
	m.Register(func(app core.App) error {
		if err := updateCollection(app, "products", addProductSummaryFields); err != nil {
			return err
		}
		if err := saveCollections(app, variantsCollection(app)); err != nil {
			return err
		}
		return execAll(app, variantsUp)
	}, func(app core.App) error {
		if err := execAll(app, variantsDown); err != nil {
			return err
		}
		if err := deleteCollections(app, "product_variants"); err != nil {
			return err
		}
		return updateCollection(app, "products", func(c *core.Collection) {
			for _, idx := range variantListIndexes {
				c.RemoveIndex(idx[0])
			}
			for _, f := range productSummaryFields() {
				c.Fields.RemoveByName(f.GetName())
			}
		})
	})
}

// variantLiveRule lets anyone read (and receive live) an active variant of
// an active product, as products are read.
const variantLiveRule = "isActive = true && product.isActive = true"

// productSummaryFields are the product's options and the summary of its
// variants.
func productSummaryFields() []core.Field {
	zero := 0.0
	return []core.Field{
		&core.JSONField{Name: "options", MaxSize: 50000},
		&core.TextField{Name: "defaultVariant", Max: 15},
		&core.NumberField{Name: "compareAtCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "priceFromCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "priceToCents", OnlyInt: true, Min: &zero},
		&core.BoolField{Name: "inStock"},
		&core.BoolField{Name: "onSale"},
		&core.NumberField{Name: "variantCount", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "skus", Hidden: true, Max: 20000},
	}
}

// variantListIndexes serve the list's price order (by the lowest price)
// and its "on sale" filter.
var variantListIndexes = [][2]string{
	{"idx_products_active_pricefrom", "isActive, priceFromCents, id"},
	{"idx_products_active_cat_pricefrom", "isActive, category, priceFromCents, id"},
	{"idx_products_active_sale_created", "isActive, onSale, created, id"},
}

func addProductSummaryFields(c *core.Collection) {
	c.Fields.Add(productSummaryFields()...)
	for _, idx := range variantListIndexes {
		c.AddIndex(idx[0], false, idx[1], "")
	}
}

// variantsCollection is the product_variants collection.
func variantsCollection(app core.App) *core.Collection {
	products, _ := app.FindCollectionByNameOrId("products")
	zero := 0.0
	rule := variantLiveRule
	c := core.NewBaseCollection("product_variants")
	c.ListRule, c.ViewRule = &rule, &rule
	c.Fields.Add(
		&core.RelationField{Name: "product", CollectionId: products.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "sku", Required: true, Max: 64},
		&core.JSONField{Name: "optionValues", MaxSize: 5000},
		&core.NumberField{Name: "priceCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "compareAtCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "stockQuantity", OnlyInt: true, Min: &zero},
		&core.BoolField{Name: "isActive"},
		&core.JSONField{Name: "imageFileNames", MaxSize: 10000},
		&core.NumberField{Name: "position", OnlyInt: true, Min: &zero},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_product_variants_sku", true, "sku COLLATE NOCASE", "")
	c.AddIndex("idx_product_variants_product", false, "product, position", "")
	// The overview's low stock list, emptiest first.
	c.AddIndex("idx_product_variants_stock", false, "isActive, stockQuantity", "")
	return c
}

// productSummariesView is each product's summary of its variants; the
// shop reads it too (shop.RefreshProductSummary). Scalar subqueries over
// the product's own variants (an index on product), so a look-up by
// product reads only that product's rows.
const productSummariesView = `CREATE VIEW product_summaries AS
	SELECT s.product AS product, s.defaultVariant AS defaultVariant, d.priceCents AS priceCents,
		d.compareAtCents AS compareAtCents, d.stockQuantity AS stockQuantity, s.priceFromCents AS priceFromCents,
		s.priceToCents AS priceToCents, s.inStock AS inStock, s.onSale AS onSale, s.variantCount AS variantCount, s.skus AS skus
	FROM (SELECT p.id AS product,
		(SELECT v.id FROM product_variants v WHERE v.product = p.id
			ORDER BY v.isActive DESC, v.stockQuantity > 0 DESC, v.position, v.id LIMIT 1) AS defaultVariant,
		(SELECT COALESCE(MIN(CASE WHEN v.isActive THEN v.priceCents END), MIN(v.priceCents), 0)
			FROM product_variants v WHERE v.product = p.id) AS priceFromCents,
		(SELECT COALESCE(MAX(CASE WHEN v.isActive THEN v.priceCents END), MAX(v.priceCents), 0)
			FROM product_variants v WHERE v.product = p.id) AS priceToCents,
		(SELECT COALESCE(MAX(v.isActive AND v.stockQuantity > 0), 0) FROM product_variants v WHERE v.product = p.id) AS inStock,
		(SELECT COALESCE(MAX(v.isActive AND v.stockQuantity > 0 AND v.compareAtCents > v.priceCents), 0)
			FROM product_variants v WHERE v.product = p.id) AS onSale,
		(SELECT COALESCE(SUM(v.isActive), 0) FROM product_variants v WHERE v.product = p.id) AS variantCount,
		(SELECT COALESCE(group_concat(v.sku, ' '), '') FROM product_variants v WHERE v.product = p.id) AS skus
		FROM products p) s
	JOIN product_variants d ON d.id = s.defaultVariant`

// refreshProductSummary is the UPDATE that writes the summary of the
// product whose id is the SQL expression %[1]s, when the condition %[2]s
// holds. A product without variants (its variants are deleted after it)
// has no summary row and keeps its own.
const refreshProductSummary = `UPDATE products SET
	(defaultVariant, priceCents, compareAtCents, stockQuantity, priceFromCents, priceToCents, inStock, onSale, variantCount, skus) = (
		SELECT defaultVariant, priceCents, compareAtCents, stockQuantity, priceFromCents, priceToCents, inStock, onSale, variantCount, skus
		FROM product_summaries s WHERE s.product = products.id)
	WHERE id = %[1]s AND %[2]s AND EXISTS (SELECT 1 FROM product_variants WHERE product = %[1]s);`

// variantSummaryChanged is true when a variant update changes its
// product's summary.
const variantSummaryChanged = `OLD.product IS NOT NEW.product OR OLD.sku IS NOT NEW.sku
	OR OLD.priceCents IS NOT NEW.priceCents OR OLD.compareAtCents IS NOT NEW.compareAtCents
	OR OLD.stockQuantity IS NOT NEW.stockQuantity OR OLD.isActive IS NOT NEW.isActive OR OLD.position IS NOT NEW.position`

// nowStamp is the current time as PocketBase stores it.
const nowStamp = `strftime('%Y-%m-%d %H:%M:%fZ', 'now')`

var variantsUp = []string{
	// The default variant of every product, with its price, stock and a SKU.
	`INSERT INTO product_variants (id, product, sku, optionValues, priceCents, compareAtCents, stockQuantity,
			isActive, imageFileNames, position, created, updated)
		SELECT substr(lower(hex(randomblob(8))), 1, 15), id, 'SS-' || upper(id), '[]', priceCents, 0, stockQuantity,
			1, '[]', 0, ` + nowStamp + `, ` + nowStamp + ` FROM products`,
	`UPDATE products SET options = '[]'`,
	productSummariesView,
	fmt.Sprintf(refreshProductSummary, "products.id", "true"),
	`CREATE TRIGGER product_variants_summary_insert AFTER INSERT ON product_variants BEGIN ` +
		fmt.Sprintf(refreshProductSummary, "NEW.product", "true") + ` END`,
	`CREATE TRIGGER product_variants_summary_delete AFTER DELETE ON product_variants BEGIN ` +
		fmt.Sprintf(refreshProductSummary, "OLD.product", "true") + ` END`,
	`CREATE TRIGGER product_variants_summary_update AFTER UPDATE ON product_variants WHEN ` + variantSummaryChanged + ` BEGIN ` +
		fmt.Sprintf(refreshProductSummary, "NEW.product", "true") +
		fmt.Sprintf(refreshProductSummary, "OLD.product", "OLD.product IS NOT NEW.product") + ` END`,
}

var variantsDown = []string{
	"DROP TRIGGER IF EXISTS product_variants_summary_insert",
	"DROP TRIGGER IF EXISTS product_variants_summary_delete",
	"DROP TRIGGER IF EXISTS product_variants_summary_update",
	"DROP VIEW IF EXISTS product_summaries",
}
