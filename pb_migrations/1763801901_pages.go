package migrations

import (
	_ "embed"
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"stageshop/shop/richtext"
)

// demoPagesJSON are the information pages the app's translation files held
// (shipping, returns, warranty, FAQ, privacy, terms, cookies) and an about
// page, as Markdown in English, Russian and Chinese (issue 35). The
// shipping page leaves out its rate tables: the app shows the server's
// rates beside it.
//
//go:embed pages/demo_pages.json
var demoPagesJSON []byte

type demoPage struct {
	Slug      string            `json:"slug"`
	SortOrder int               `json:"sortOrder"`
	Title     map[string]string `json:"title"`
	Source    map[string]string `json:"source"`
}

// The information pages become records an owner edits in /admin/pages: a
// slug (its address), a title and a Markdown source per language, the
// sanitized HTML of each source (what shoppers get; written on every
// save) and an order for the footer. Closed to the records API: the
// shop's routes are the only way in. Every shop gets today's texts, so
// nothing a shopper sees goes missing (and Chinese readers get Chinese).
func init() {
	m.Register(func(app core.App) error {
		c := core.NewBaseCollection("pages")
		c.Fields.Add(
			&core.TextField{Name: "slug", Required: true, Max: 60, Pattern: `^[a-z0-9]+(-[a-z0-9]+)*$`},
			&core.JSONField{Name: "title", MaxSize: 5000},
			&core.JSONField{Name: "source", MaxSize: 400000},
			&core.JSONField{Name: "body", MaxSize: 1000000},
			&core.NumberField{Name: "sortOrder", OnlyInt: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		c.AddIndex("idx_pages_slug", true, "slug", "")
		if err := app.Save(c); err != nil {
			return err
		}
		return addDemoPages(app, c)
	}, func(app core.App) error {
		return deleteCollections(app, "pages")
	})
}

func addDemoPages(app core.App, c *core.Collection) error {
	var pages []demoPage
	if err := json.Unmarshal(demoPagesJSON, &pages); err != nil {
		return err
	}
	for _, p := range pages {
		body := map[string]string{}
		for lang, src := range p.Source {
			html, err := richtext.ToHTML(src)
			if err != nil {
				return err
			}
			body[lang] = html
		}
		rec := core.NewRecord(c)
		rec.Set("slug", p.Slug)
		rec.Set("title", p.Title)
		rec.Set("source", p.Source)
		rec.Set("body", body)
		rec.Set("sortOrder", p.SortOrder)
		if err := app.Save(rec); err != nil {
			return err
		}
	}
	return nil
}
