package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Orders learn what they cost before shipping, how they ship, their
// tracking number and the history of their statuses; the shop gets one
// settings record with the shipping rates an admin can change in the
// dashboard. Orders placed before this get subtotal = total, no shipping,
// and a history rebuilt from what is known (placed, and the current status).
func init() {
	m.Register(func(app core.App) error {
		if err := addOrderShippingFields(app); err != nil {
			return err
		}
		if err := backfillOrders(app); err != nil {
			return err
		}
		return createShopSettings(app)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("shop_settings"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return removeFields(app, "orders", "subtotalCents", "shippingMethod", "shippingCents", "trackingNumber", "history")
	})
}

func addOrderShippingFields(app core.App) error {
	orders, err := app.FindCollectionByNameOrId("orders")
	if err != nil {
		return err
	}
	zero := 0.0
	orders.Fields.Add(
		&core.NumberField{Name: "subtotalCents", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "shippingMethod", Max: 40},
		&core.NumberField{Name: "shippingCents", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "trackingNumber", Max: 100},
		&core.JSONField{Name: "history", MaxSize: 50000},
	)
	orders.AddIndex("idx_orders_status_created", false, "status, created", "")
	return app.Save(orders)
}

// backfillOrders fills the new fields of existing orders in two statements
// (raw SQL: a shop may have many orders, and no hook must fire for this).
func backfillOrders(app core.App) error {
	_, err := app.DB().NewQuery(`UPDATE orders SET subtotalCents = totalCents, shippingCents = 0,
		history = CASE WHEN status = 'Created'
		  THEN json_array(json_object('status', 'Created', 'at', strftime('%Y-%m-%dT%H:%M:%SZ', created)))
		  ELSE json_array(json_object('status', 'Created', 'at', strftime('%Y-%m-%dT%H:%M:%SZ', created)),
		                  json_object('status', status, 'at', strftime('%Y-%m-%dT%H:%M:%SZ', updated)))
		END`).Execute()
	return err
}

// createShopSettings makes the settings collection with its one record.
// Amounts are integer cents like every price; 0 as the threshold turns
// free shipping off.
func createShopSettings(app core.App) error {
	zero, maxCents := 0.0, 100_000_000.0
	c := core.NewBaseCollection("shop_settings")
	c.Fields.Add(&core.TextField{Name: "homeCountry", Required: true, Max: 100})
	defaults := map[string]int{
		"freeShippingThresholdCents": 50000,
		"standardCents":              999,
		"expressCents":               1999,
		"overnightCents":             2999,
		"intlStandardCents":          4999,
		"intlExpressCents":           7999,
	}
	for _, name := range []string{"freeShippingThresholdCents", "standardCents", "expressCents", "overnightCents", "intlStandardCents", "intlExpressCents"} {
		c.Fields.Add(&core.NumberField{Name: name, OnlyInt: true, Min: &zero, Max: &maxCents})
	}
	c.Fields.Add(&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true})
	if err := app.Save(c); err != nil {
		return err
	}
	rec := core.NewRecord(c)
	rec.Set("homeCountry", "US")
	for k, v := range defaults {
		rec.Set(k, v)
	}
	return app.Save(rec)
}
