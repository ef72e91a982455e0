package migrations

import "fmt"

// The catalog's SQL beside its collections: the search index's change log
// and the products' summary of their variants, both kept by SQLite
// triggers in the writer's own transaction, whoever writes (the shop's
// routes, the dashboard, checkout's conditional stock updates in plain
// SQL, Go code, the bench's raw inserts), so they cannot drift. A later
// migration that drops or retypes a column named here must drop the
// triggers naming it first (SQLite refuses to drop a column a trigger
// uses) and make them again.

// catalogSQL makes the search change log and the variant summaries.
func catalogSQL() []string {
	return []string{
		// The product search index (shop/search) replays the rows it has not
		// seen (by seq) before it answers, so it is never behind a committed
		// write. A row names a product whose searchable state changed.
		`CREATE TABLE search_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, productId TEXT NOT NULL)`,
		`CREATE TRIGGER search_products_insert AFTER INSERT ON products BEGIN
			INSERT INTO search_changes (productId) VALUES (NEW.id); END`,
		`CREATE TRIGGER search_products_delete AFTER DELETE ON products BEGIN
			INSERT INTO search_changes (productId) VALUES (OLD.id); END`,
		`CREATE TRIGGER search_products_update AFTER UPDATE ON products WHEN ` + searchChangedWhen + ` BEGIN
			INSERT INTO search_changes (productId) VALUES (OLD.id);
			INSERT INTO search_changes (productId) SELECT NEW.id WHERE NEW.id IS NOT OLD.id; END`,
		// The variants' SKUs, price range, sale and stock, as the summary
		// triggers below write them.
		`CREATE TRIGGER search_products_variants AFTER UPDATE OF skus, priceFromCents, priceToCents, onSale, inStock ON products
			WHEN OLD.skus IS NOT NEW.skus OR OLD.priceFromCents IS NOT NEW.priceFromCents OR OLD.priceToCents IS NOT NEW.priceToCents
				OR OLD.onSale IS NOT NEW.onSale OR OLD.inStock IS NOT NEW.inStock BEGIN
			INSERT INTO search_changes (productId) VALUES (NEW.id); END`,

		productSummariesView,
		`CREATE TRIGGER product_variants_summary_insert AFTER INSERT ON product_variants BEGIN ` +
			fmt.Sprintf(refreshProductSummary, "NEW.product", "true") + ` END`,
		`CREATE TRIGGER product_variants_summary_delete AFTER DELETE ON product_variants BEGIN ` +
			fmt.Sprintf(refreshProductSummary, "OLD.product", "true") + ` END`,
		`CREATE TRIGGER product_variants_summary_update AFTER UPDATE ON product_variants WHEN ` + variantSummaryChanged + ` BEGIN ` +
			fmt.Sprintf(refreshProductSummary, "NEW.product", "true") +
			fmt.Sprintf(refreshProductSummary, "OLD.product", "OLD.product IS NOT NEW.product") + ` END`,
	}
}

// searchChangedWhen is true when a product update changes what the search
// index holds: a text, the category, the price, the creation time, active
// or not, the pictures, or stock crossing zero. A stock change that leaves
// the product in stock writes nothing, so checkout pays for a row only
// when it sells the last unit.
const searchChangedWhen = `OLD.id IS NOT NEW.id OR OLD.name IS NOT NEW.name OR OLD.nameLocalized IS NOT NEW.nameLocalized
	OR OLD.description IS NOT NEW.description OR OLD.descriptionLocalized IS NOT NEW.descriptionLocalized
	OR OLD.attributes IS NOT NEW.attributes OR OLD.category IS NOT NEW.category OR OLD.priceCents IS NOT NEW.priceCents
	OR OLD.isActive IS NOT NEW.isActive OR OLD.created IS NOT NEW.created OR OLD.imageFileNames IS NOT NEW.imageFileNames
	OR (OLD.stockQuantity > 0) IS NOT (NEW.stockQuantity > 0)`

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
