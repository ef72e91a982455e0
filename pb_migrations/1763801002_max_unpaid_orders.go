package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// How many unpaid orders a customer may hold at once (issue 27): a shop
// setting beside the shipping ones, 3 until an admin changes it in the
// dashboard (1 to 1000).
func init() {
	one, most := 1.0, 1000.0
	up, down := fieldsMigration("shop_settings",
		&core.NumberField{Name: "maxUnpaidOrders", OnlyInt: true, Min: &one, Max: &most})
	m.Register(func(app core.App) error {
		if err := up(app); err != nil {
			return err
		}
		_, err := app.DB().NewQuery("UPDATE shop_settings SET maxUnpaidOrders = 3").Execute()
		return err
	}, down)
}
