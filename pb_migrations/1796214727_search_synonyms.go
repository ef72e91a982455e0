package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The search synonyms an owner edits (issue 44): shop_settings.searchSynonyms,
// a JSON list of groups of words (`[["microphone", "麦克风", ...], ...]`);
// a word of a group finds what any word of it finds. Empty until the owner
// (or `stageshop seed`, for the demo catalog) fills it.
func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("shop_settings")
		if err != nil {
			return err
		}
		if c.Fields.GetByName("searchSynonyms") != nil {
			return nil
		}
		c.Fields.Add(&core.JSONField{Name: "searchSynonyms", MaxSize: 200_000})
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("shop_settings")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("searchSynonyms")
		return app.Save(c)
	})
}
