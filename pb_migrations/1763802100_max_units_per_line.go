package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// How many units of one variant a customer may put on one line (issue 43,
// stock hoarding): payment_settings.maxUnitsPerLine, 20 unless the owner
// changes it (1-10000); admins are not held to it.
func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("payment_settings")
		if err != nil {
			return err
		}
		if c.Fields.GetByName("maxUnitsPerLine") == nil {
			c.Fields.Add(&core.NumberField{Name: "maxUnitsPerLine", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(10000.0)})
			if err := app.Save(c); err != nil {
				return err
			}
		}
		_, err = app.DB().NewQuery("UPDATE payment_settings SET maxUnitsPerLine = 20 WHERE COALESCE(maxUnitsPerLine, 0) = 0").Execute()
		return err
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("payment_settings")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("maxUnitsPerLine")
		return app.Save(c)
	})
}
