package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// searchTextMax holds the search text of the largest valid product: name
// (200) and description (5000) in each of the three languages, with a
// separator each, is 15,606 characters; the field had PocketBase's default
// limit of 5,000, so a long valid product could not be saved. Twice the
// need leaves room for a fourth language.
const searchTextMax = 32000

func init() {
	m.Register(func(app core.App) error {
		return setSearchTextMax(app, searchTextMax)
	}, func(app core.App) error {
		return setSearchTextMax(app, 0)
	})
}

func setSearchTextMax(app core.App, limit int) error {
	c, err := app.FindCollectionByNameOrId("products")
	if err != nil {
		return err
	}
	f, ok := c.Fields.GetByName("searchText").(*core.TextField)
	if !ok {
		return nil
	}
	f.Max = limit
	return app.Save(c)
}
