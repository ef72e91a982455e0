package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Categories become records an admin edits (issue 35): today's four are
// the seed. Products keep `category` (the English name, which old clients
// send and read) and gain `categoryId`; `category` turns from a select of
// four values into a text the shop keeps in step with the record's name.
// SQLite cannot retype a column, so the names move through a new text
// column; the search triggers name `category` and are dropped and made
// again around the change (SQLite refuses to drop a column a trigger uses).
func init() {
	m.Register(categoriesUp, categoriesDown)
}

// seedCategories are today's four, with the names the app showed for them.
var seedCategories = []struct{ slug, en, ru, zh string }{
	{"lighting", "Lighting", "Свет", "灯光"},
	{"sound", "Sound", "Звук", "音响"},
	{"stage", "Stage", "Сцена", "舞台"},
	{"accessories", "Accessories", "Аксессуары", "配件"},
}

func categoriesUp(app core.App) error {
	c := categoriesCollection()
	if err := app.Save(c); err != nil {
		return err
	}
	for i, s := range seedCategories {
		r := core.NewRecord(c)
		r.Set("slug", s.slug)
		r.Set("name", s.en)
		r.Set("nameLocalized", map[string]string{"en": s.en, "ru": s.ru, "zh": s.zh})
		r.Set("sortOrder", i)
		if err := app.SaveNoValidate(r); err != nil {
			return err
		}
	}
	if err := execAll(app, searchChangesDown[:3]); err != nil {
		return err
	}
	if err := categoryToText(app); err != nil {
		return err
	}
	if err := updateCollection(app, "products", func(p *core.Collection) {
		p.Fields.Add(&core.RelationField{Name: "categoryId", CollectionId: c.Id, MaxSelect: 1})
		p.AddIndex("idx_products_category_id", false, "categoryId", "")
	}); err != nil {
		return err
	}
	_, err := app.DB().NewQuery(`UPDATE products SET categoryId = COALESCE(
		(SELECT c.id FROM categories c WHERE c.name = products.category COLLATE NOCASE), '')`).Execute()
	if err != nil {
		return err
	}
	return execAll(app, searchChangesUp[1:])
}

// categoryToText turns products.category from a select into a text field
// of the same name and place, keeping every product's value.
func categoryToText(app core.App) error {
	return swapField(app, "products", &core.TextField{Id: "text_product_category", Name: "category", Required: true, Max: 100})
}

// swapField replaces the field of f's name by f (another type) in place,
// keeping each record's value: through a column of a temporary name.
func swapField(app core.App, collection string, f core.Field) error {
	name := f.GetName()
	f.SetName(name + "Swap")
	if err := updateCollection(app, collection, func(c *core.Collection) { c.Fields.Add(f) }); err != nil {
		return err
	}
	q := "UPDATE {{" + collection + "}} SET [[" + name + "Swap]] = [[" + name + "]]"
	if _, err := app.DB().NewQuery(q).Execute(); err != nil {
		return err
	}
	return updateCollection(app, collection, func(c *core.Collection) {
		c.Fields.RemoveByName(name + "Swap")
		f.SetName(name)
		for i, old := range c.Fields {
			if old.GetName() == name {
				c.Fields[i] = f
			}
		}
	})
}

func categoriesDown(app core.App) error {
	if err := updateCollection(app, "products", func(p *core.Collection) {
		p.Fields.RemoveByName("categoryId")
		p.RemoveIndex("idx_products_category_id")
	}); err != nil {
		return err
	}
	if err := execAll(app, searchChangesDown[:3]); err != nil {
		return err
	}
	// Back to the select of four (names of later categories stay as text
	// in the column; the select no longer accepts them on save).
	err := swapField(app, "products", &core.SelectField{Id: "select105650625", Name: "category", Required: true,
		MaxSelect: 1, Values: []string{"Lighting", "Sound", "Stage", "Accessories"}})
	if err != nil {
		return err
	}
	if err := execAll(app, searchChangesUp[1:]); err != nil {
		return err
	}
	return deleteCollections(app, "categories")
}

// categoriesCollection holds the catalog's categories: slugs and English
// names are unique (the name is what products carry), ordered by sortOrder.
func categoriesCollection() *core.Collection {
	zero := 0.0
	c := core.NewBaseCollection("categories")
	c.Fields.Add(
		&core.TextField{Name: "slug", Required: true, Max: 60, Pattern: `^[a-z0-9]+(?:-[a-z0-9]+)*$`},
		&core.TextField{Name: "name", Required: true, Max: 100},
		&core.JSONField{Name: "nameLocalized", MaxSize: 5000},
		&core.NumberField{Name: "sortOrder", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "imageFileName", Max: 200},
		&core.BoolField{Name: "hidden"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_categories_slug", true, "slug", "")
	c.AddIndex("idx_categories_name", true, "name COLLATE NOCASE", "")
	c.AddIndex("idx_categories_order", false, "sortOrder, id", "")
	return c
}
