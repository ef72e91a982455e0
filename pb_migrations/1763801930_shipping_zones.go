package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Shipping by zone and weight (issue 35): products get a weight (whole
// grams; the API speaks kilograms) and a freight-only flag, the settings
// record gets its zones (JSON, amounts in cents, weights in grams), and an
// order whose shipping is quoted separately says so (shippingQuote
// "pending", then "quoted"). The five methods of today become the zones of
// the existing settings record, with its rates, home country and
// threshold, so every shop keeps charging what it charged.
func init() {
	m.Register(func(app core.App) error {
		maxGrams := 100_000_000.0 // 100 t
		zero := 0.0
		if err := updateCollection(app, "products", func(c *core.Collection) {
			c.Fields.Add(&core.NumberField{Name: "weightGrams", OnlyInt: true, Min: &zero, Max: &maxGrams},
				&core.BoolField{Name: "freightOnly"})
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "shop_settings", func(c *core.Collection) {
			c.Fields.Add(&core.JSONField{Name: "shippingZones", MaxSize: 500_000})
		}); err != nil {
			return err
		}
		if err := updateCollection(app, "orders", func(c *core.Collection) {
			c.Fields.Add(&core.SelectField{Name: "shippingQuote", MaxSelect: 1, Values: []string{"pending", "quoted"}},
				&core.NumberField{Name: "weightGrams", OnlyInt: true, Min: &zero})
		}); err != nil {
			return err
		}
		return demoZones(app)
	}, func(app core.App) error {
		if err := removeFields(app, "orders", "shippingQuote", "weightGrams"); err != nil {
			return err
		}
		if err := removeFields(app, "shop_settings", "shippingZones"); err != nil {
			return err
		}
		return removeFields(app, "products", "weightGrams", "freightOnly")
	})
}

// demoZones writes the zones of every settings record from its five rates:
// the home country with standard (free from the threshold, when there is
// one), express and overnight; the rest of the world with the two
// international methods. Every method has one band: any weight.
func demoZones(app core.App) error {
	recs, err := app.FindAllRecords("shop_settings")
	if err != nil {
		return err
	}
	for _, rec := range recs {
		method := func(code, en, ru, zh, days, field string, freeOver any) map[string]any {
			return map[string]any{"code": code, "name": map[string]string{"en": en, "ru": ru, "zh": zh},
				"deliveryDays": days, "rates": []map[string]any{{"upToGrams": nil, "amountCents": rec.GetInt(field)}},
				"freeOverCents": freeOver}
		}
		var free any
		if t := rec.GetInt("freeShippingThresholdCents"); t > 0 {
			free = t
		}
		zones := []map[string]any{
			{"id": "home", "name": "Domestic", "countries": []string{countryCode(rec.GetString("homeCountry"))}, "methods": []any{
				method("standard", "Standard", "Стандартная", "标准配送", "5-7", "standardCents", free),
				method("express", "Express", "Экспресс", "快速配送", "2-3", "expressCents", nil),
				method("overnight", "Overnight", "За одну ночь", "次日达", "1", "overnightCents", nil),
			}},
			{"id": "world", "name": "Rest of the world", "countries": []string{}, "methods": []any{
				method("intl_standard", "International standard", "Международная стандартная", "国际标准配送", "10-15", "intlStandardCents", nil),
				method("intl_express", "International express", "Международная экспресс", "国际快速配送", "5-7", "intlExpressCents", nil),
			}},
		}
		rec.Set("shippingZones", zones)
		if err := app.SaveNoValidate(rec); err != nil {
			return err
		}
	}
	return nil
}

// countryCode is the ISO code of the home countries the settings held
// before addresses stored codes (the contract's default and its names).
func countryCode(country string) string {
	switch country {
	case "", "USA", "United States", "United States of America", "usa", "united states":
		return "US"
	}
	return country
}
