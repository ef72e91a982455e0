package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The owner's words for search engines (issue 50): per product an optional
// title and description in each language (JSON objects by language, like
// nameLocalized). A language without one keeps the generated title and
// description of the product's page.
func init() {
	m.Register(func(app core.App) error {
		return updateCollection(app, "products", func(c *core.Collection) {
			c.Fields.Add(
				&core.JSONField{Name: "seoTitle", MaxSize: 5000},
				&core.JSONField{Name: "seoDescription", MaxSize: 10000},
			)
		})
	}, func(app core.App) error {
		return updateCollection(app, "products", func(c *core.Collection) {
			c.Fields.RemoveByName("seoTitle")
			c.Fields.RemoveByName("seoDescription")
		})
	})
}
