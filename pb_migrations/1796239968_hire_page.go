package migrations

import (
	_ "embed"
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"stageshop/shop/richtext"
)

// hirePageJSON is the hire information page (issue 46): how rates, buffer,
// minimum and lead days, deposits, collection (what to bring) and return
// (late, damage and cleaning fees) work, in English, Russian and Chinese.
// It is a page record like /returns, so the owner edits it in /admin/pages.
//
//go:embed pages/hire_page.json
var hirePageJSON []byte

// hirePageSlug is the page's address: /hire in the app.
const hirePageSlug = "hire"

// The hire page every shop starts with, added to shops that run without
// it. A shop that already has a page at /hire keeps its own; down removes
// the page at /hire.
func init() {
	m.Register(func(app core.App) error {
		if _, err := app.FindFirstRecordByData("pages", "slug", hirePageSlug); err == nil {
			return nil
		}
		var p struct {
			SortOrder int               `json:"sortOrder"`
			Title     map[string]string `json:"title"`
			Source    map[string]string `json:"source"`
		}
		if err := json.Unmarshal(hirePageJSON, &p); err != nil {
			return err
		}
		body := map[string]string{}
		for lang, src := range p.Source {
			html, err := richtext.ToHTML(src)
			if err != nil {
				return err
			}
			body[lang] = html
		}
		c, err := app.FindCollectionByNameOrId("pages")
		if err != nil {
			return err
		}
		rec := core.NewRecord(c)
		rec.Set("slug", hirePageSlug)
		rec.Set("title", p.Title)
		rec.Set("source", p.Source)
		rec.Set("body", body)
		rec.Set("sortOrder", p.SortOrder)
		return app.Save(rec)
	}, func(app core.App) error {
		rec, err := app.FindFirstRecordByData("pages", "slug", hirePageSlug)
		if err != nil {
			return nil
		}
		return app.Delete(rec)
	})
}
