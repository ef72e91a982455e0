package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// How many days an unpaid bank-transfer order holds its stock (issue 43,
// stock hoarding): payment_settings.transferHoldDays, 7 unless the owner
// changes it (1-90); then the order is cancelled and restocked.
func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("payment_settings")
		if err != nil {
			return err
		}
		if c.Fields.GetByName("transferHoldDays") == nil {
			c.Fields.Add(&core.NumberField{Name: "transferHoldDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(90.0)})
			if err := app.Save(c); err != nil {
				return err
			}
		}
		_, err = app.DB().NewQuery("UPDATE payment_settings SET transferHoldDays = 7 WHERE COALESCE(transferHoldDays, 0) = 0").Execute()
		if err != nil {
			return err
		}
		// Unpaid transfers placed before hold until 7 days after placement
		// (a reminder still goes out a day before any expiry).
		_, err = app.DB().NewQuery(`UPDATE orders SET holdUntil = strftime('%Y-%m-%d %H:%M:%fZ', created, '+7 days')
			WHERE paymentMethod = 'bank_transfer' AND paymentStatus = 'awaiting_payment' AND status = 'Created'
			AND holdUntil = '' AND shippingQuote != 'pending'`).Execute()
		return err
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("payment_settings")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("transferHoldDays")
		return app.Save(c)
	})
}
