package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Products and the images they refer to by stored file name.
func init() {
	m.Register(func(app core.App) error {
		return saveCollections(app, productImagesCollection(), productsCollection())
	}, func(app core.App) error {
		return deleteCollections(app, "products", "product_images")
	})
}

// productListIndexes are the indexes of the product lists, by name and
// columns: the public list filters by isActive (+ category) and sorts by
// one of created, name or price; admins list without the isActive filter
// (the last two). 1763800200 appends id to each.
var productListIndexes = [][2]string{
	{"idx_products_active_created", "isActive, created"},
	{"idx_products_active_cat_created", "isActive, category, created"},
	{"idx_products_active_name", "isActive, name"},
	{"idx_products_active_cat_name", "isActive, category, name"},
	{"idx_products_active_price", "isActive, priceCents"},
	{"idx_products_active_cat_price", "isActive, category, priceCents"},
	{"idx_products_created", "created"},
	{"idx_products_cat_created", "category, created"},
}

// addProductListIndexes adds (or replaces) the product list indexes, with
// suffix after each one's columns.
func addProductListIndexes(products *core.Collection, suffix string) {
	for _, idx := range productListIndexes {
		products.AddIndex(idx[0], false, idx[1]+suffix, "")
	}
}

// productImagesCollection holds the uploaded product images.
func productImagesCollection() *core.Collection {
	images := core.NewBaseCollection("product_images")
	images.Fields.Add(
		&core.FileField{
			Name:      "file",
			Required:  true,
			MaxSelect: 1,
			MaxSize:   5 << 20,
			MimeTypes: []string{"image/jpeg", "image/png", "image/gif", "image/webp"},
			Thumbs:    []string{"400x300", "120x120"},
		},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	// A product names its images by the stored file name, so look-ups go by it.
	images.AddIndex("idx_product_images_file", true, "file", "")
	return images
}

// productsCollection is the catalogue.
func productsCollection() *core.Collection {
	zero := 0.0
	products := core.NewBaseCollection("products")
	products.Fields.Add(
		&core.TextField{Name: "name", Required: true, Max: 200},
		&core.JSONField{Name: "nameLocalized", MaxSize: 20000},
		&core.TextField{Name: "description", Max: 5000},
		&core.JSONField{Name: "descriptionLocalized", MaxSize: 100000},
		&core.SelectField{Name: "category", Required: true, MaxSelect: 1,
			Values: []string{"Lighting", "Sound", "Stage", "Accessories"}},
		// Never Required: a required number rejects 0 (free items, sold out).
		&core.NumberField{Name: "priceCents", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "stockQuantity", OnlyInt: true, Min: &zero},
		&core.BoolField{Name: "isActive"},
		&core.JSONField{Name: "imageFileNames", MaxSize: 10000},
		&core.JSONField{Name: "attributes", MaxSize: 200000},
		// Lower-cased names and descriptions in every language, kept by the
		// product hook, so search is one LIKE over one column.
		&core.TextField{Name: "searchText", Hidden: true},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	addProductListIndexes(products, "")
	return products
}
