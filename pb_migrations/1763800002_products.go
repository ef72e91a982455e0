package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Products and the images they refer to by stored file name.
func init() {
	m.Register(func(app core.App) error {
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
		if err := app.Save(images); err != nil {
			return err
		}

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
		// The public list filters by isActive (+ category) and sorts by one of
		// created, name or price; admins list without the isActive filter.
		products.AddIndex("idx_products_active_created", false, "isActive, created", "")
		products.AddIndex("idx_products_active_cat_created", false, "isActive, category, created", "")
		products.AddIndex("idx_products_active_name", false, "isActive, name", "")
		products.AddIndex("idx_products_active_cat_name", false, "isActive, category, name", "")
		products.AddIndex("idx_products_active_price", false, "isActive, priceCents", "")
		products.AddIndex("idx_products_active_cat_price", false, "isActive, category, priceCents", "")
		products.AddIndex("idx_products_created", false, "created", "")
		products.AddIndex("idx_products_cat_created", false, "category, created", "")
		return app.Save(products)
	}, func(app core.App) error {
		for _, name := range []string{"products", "product_images"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return nil
	})
}
