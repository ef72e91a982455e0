package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The catalog: categories, products with their variants, and the images
// they name. Live updates (realtime) follow the collections' list and view
// rules, so reading is opened exactly as far as shoppers may see; create,
// update and delete stay closed (nil: superusers only).

// productReadRule lets anyone read an active product. Realtime subscribers
// get inactive ones too, so that PocketBase's own broadcast can tell
// shoppers that a product was deactivated: the products' enrich hook
// (shop.LiveProductEnrich) shows them only its id and isActive false, only
// in the update that deactivates it.
const productReadRule = `isActive = true || @request.context = "realtime"`

// variantReadRule lets anyone read an active variant of an active product.
const variantReadRule = "isActive = true && product.isActive = true"

// productImagesCollection holds the uploaded product images. A product
// names its images by the stored file name, so look-ups go by it.
func productImagesCollection() *core.Collection {
	c := core.NewBaseCollection("product_images")
	c.Fields.Add(
		&core.FileField{
			Name:      "file",
			Required:  true,
			MaxSelect: 1,
			MaxSize:   5 << 20,
			MimeTypes: []string{"image/jpeg", "image/png", "image/gif", "image/webp"},
			Thumbs:    []string{"400x300", "120x120"},
		},
		created(),
	)
	c.AddIndex("idx_product_images_file", true, "file", "")
	return c
}

// categoriesCollection holds the catalog's categories, which admins edit:
// slugs and English names are unique (the name is what products carry),
// ordered by sortOrder.
func categoriesCollection() *core.Collection {
	c := core.NewBaseCollection("categories")
	c.Fields.Add(
		&core.TextField{Name: "slug", Required: true, Max: 60, Pattern: `^[a-z0-9]+(?:-[a-z0-9]+)*$`},
		&core.TextField{Name: "name", Required: true, Max: 100},
		&core.JSONField{Name: "nameLocalized", MaxSize: 5000},
		count("sortOrder"),
		&core.TextField{Name: "imageFileName", Max: 200},
		&core.BoolField{Name: "hidden"},
		created(), updated(),
	)
	c.AddIndex("idx_categories_slug", true, "slug", "")
	c.AddIndex("idx_categories_name", true, "name COLLATE NOCASE", "")
	c.AddIndex("idx_categories_order", false, "sortOrder, id", "")
	return c
}

// productsCollection is the catalog. A product's price, compare-at price
// and stock are its default variant's, and it keeps a summary of its
// variants that lists, sorting and filters read without a join; SQLite
// triggers keep both (catalogSQL).
func productsCollection(categoriesID string) *core.Collection {
	c := core.NewBaseCollection("products")
	c.ListRule, c.ViewRule = types.Pointer(productReadRule), types.Pointer(productReadRule)
	c.Fields.Add(
		&core.TextField{Name: "name", Required: true, Max: 200},
		&core.JSONField{Name: "nameLocalized", MaxSize: 20000},
		&core.TextField{Name: "description", Max: 5000},
		&core.JSONField{Name: "descriptionLocalized", MaxSize: 100000},
		// The category's English name, which old clients send and read; the
		// shop keeps it in step with categoryId. The field's id is the one
		// development databases gave it (it was a select of four first).
		&core.TextField{Id: "text_product_category", Name: "category", Required: true, Max: 100},
		// Never Required: a required number rejects 0 (free items, sold out).
		cents("priceCents"),
		count("stockQuantity"),
		&core.BoolField{Name: "isActive"},
		&core.JSONField{Name: "imageFileNames", MaxSize: 10000},
		&core.JSONField{Name: "attributes", MaxSize: 200000},
		// Lower-cased names and descriptions in every language, kept by the
		// product hook for search; no client needs it. 32,000 holds twice
		// the largest valid product's (name 200 and description 5000 in
		// three languages, with separators: 15,606).
		&core.TextField{Name: "searchText", Hidden: true, Max: 32000},
		created(), updated(),
		&core.SelectField{Name: "taxClass", MaxSelect: 1, Values: []string{"standard", "reduced", "zero"}},
		&core.JSONField{Name: "options", MaxSize: 50000},
		// The summary of the variants (product_summaries): the default
		// variant (the first active one in stock by position, else the first
		// active, else the first), the active variants' price range, any in
		// stock, any in stock below its compare-at price, how many are
		// active, and every SKU (for search).
		&core.TextField{Name: "defaultVariant", Max: 15},
		cents("compareAtCents"),
		cents("priceFromCents"),
		cents("priceToCents"),
		&core.BoolField{Name: "inStock"},
		&core.BoolField{Name: "onSale"},
		count("variantCount"),
		&core.TextField{Name: "skus", Hidden: true, Max: 20000},
		// Whole grams (the API speaks kilograms), at most 100 t.
		&core.NumberField{Name: "weightGrams", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(100_000_000.0)},
		&core.BoolField{Name: "freightOnly"},
		&core.RelationField{Name: "categoryId", CollectionId: categoriesID, MaxSelect: 1},
	)
	addProductIndexes(c)
	return c
}

// addProductIndexes adds the indexes of the product lists. The public
// list filters by isActive (and a category) and sorts by one of created,
// name, price (the default variant's or the lowest) or in stock first,
// then created; admins list without the isActive filter. Each ends with
// id, as the lists order by (column, id) so pages are stable when values
// tie: SQLite reads a page straight from the index, without a temporary
// sort and without depending on statistics.
func addProductIndexes(c *core.Collection) {
	for _, idx := range [][2]string{
		{"idx_products_active_created", "isActive, created, id"},
		{"idx_products_active_cat_created", "isActive, category, created, id"},
		{"idx_products_active_name", "isActive, name, id"},
		{"idx_products_active_cat_name", "isActive, category, name, id"},
		{"idx_products_active_price", "isActive, priceCents, id"},
		{"idx_products_active_cat_price", "isActive, category, priceCents, id"},
		{"idx_products_active_pricefrom", "isActive, priceFromCents, id"},
		{"idx_products_active_cat_pricefrom", "isActive, category, priceFromCents, id"},
		{"idx_products_active_sale_created", "isActive, onSale, created, id"},
		{"idx_products_active_stock_created", "isActive, inStock, created, id"},
		{"idx_products_active_cat_stock_created", "isActive, category, inStock, created, id"},
		{"idx_products_created", "created, id"},
		{"idx_products_cat_created", "category, created, id"},
	} {
		c.AddIndex(idx[0], false, idx[1], "")
	}
	// The admin overview's low-stock list reads only this index.
	c.AddIndex("idx_products_active_stock", false, "isActive, stockQuantity, name", "")
	c.AddIndex("idx_products_category_id", false, "categoryId", "")
}

// variantsCollection holds the variants: one combination of a product's
// option values each, with its own SKU (unique regardless of case), price,
// compare-at price, stock, active flag and pictures. A product without
// options has exactly one.
func variantsCollection(productsID string) *core.Collection {
	c := core.NewBaseCollection("product_variants")
	c.ListRule, c.ViewRule = types.Pointer(variantReadRule), types.Pointer(variantReadRule)
	c.Fields.Add(
		&core.RelationField{Name: "product", CollectionId: productsID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "sku", Required: true, Max: 64},
		&core.JSONField{Name: "optionValues", MaxSize: 5000},
		cents("priceCents"),
		cents("compareAtCents"),
		count("stockQuantity"),
		&core.BoolField{Name: "isActive"},
		&core.JSONField{Name: "imageFileNames", MaxSize: 10000},
		count("position"),
		created(), updated(),
	)
	c.AddIndex("idx_product_variants_sku", true, "sku COLLATE NOCASE", "")
	c.AddIndex("idx_product_variants_product", false, "product, position", "")
	// The overview's low stock list, emptiest first.
	c.AddIndex("idx_product_variants_stock", false, "isActive, stockQuantity", "")
	return c
}
