package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// storeDetailFields are the shop's details an owner edits in /admin/settings
// (issue 35): name, logo (a stored product image's file name), contact
// e-mail and phone, postal address, opening hours and the home's hero (both
// localized JSON), and links to the shop's social pages.
var storeDetailFields = []core.Field{
	&core.TextField{Name: "shopName", Max: 100},
	&core.TextField{Name: "legalName", Max: 200},
	&core.TextField{Name: "logo", Max: 200},
	&core.TextField{Name: "contactEmail", Max: 254},
	&core.TextField{Name: "contactPhone", Max: 50},
	&core.TextField{Name: "address", Max: 500},
	&core.JSONField{Name: "hours", MaxSize: 5000},
	&core.JSONField{Name: "heroTitle", MaxSize: 5000},
	&core.JSONField{Name: "heroText", MaxSize: 10000},
	&core.JSONField{Name: "social", MaxSize: 10000},
}

// sellerFields were the invoice's seller details (1763801603): the store
// details are now their one source (the tax ID stays a tax setting).
var sellerFields = map[string]string{
	"sellerName": "legalName", "sellerAddress": "address", "sellerEmail": "contactEmail", "sellerPhone": "contactPhone",
}

// The shop's settings record gains the store details. An existing shop keeps
// its name (the Application name its e-mails used) and today's hero, so
// nothing the shoppers see changes until the owner edits it; the demo
// contact details come from `seed`. The invoice's seller details move into
// them (the legal name, address, e-mail and phone the owner typed for the
// invoice become the shop's), so one record says who the shop is.
func init() {
	up, down := fieldsMigration("shop_settings", storeDetailFields...)
	m.Register(func(app core.App) error {
		if err := up(app); err != nil {
			return err
		}
		recs, err := app.FindAllRecords("shop_settings")
		if err != nil {
			return err
		}
		name := app.Settings().Meta.AppName
		if name == "" || name == "Acme" {
			name = "StageShop"
		}
		for _, rec := range recs {
			rec.Set("shopName", name)
			rec.Set("heroTitle", map[string]string{
				"en": "Professional Stage Equipment",
				"ru": "Профессиональное сценическое оборудование",
				"zh": "专业舞台设备",
			})
			rec.Set("heroText", map[string]string{
				"en": "Lighting, sound, staging and accessories for performers, venues and events.",
				"ru": "Свет, звук, сцена и аксессуары для артистов, площадок и мероприятий.",
				"zh": "为演出者、场馆和活动提供灯光、音响、舞台和配件。",
			})
			rec.Set("hours", map[string]string{})
			rec.Set("social", []any{})
			for from, to := range sellerFields {
				rec.Set(to, rec.GetString(from))
			}
			if err := app.SaveNoValidate(rec); err != nil {
				return err
			}
		}
		return removeFields(app, "shop_settings", "sellerName", "sellerAddress", "sellerEmail", "sellerPhone")
	}, func(app core.App) error {
		return restoreSellerFields(app, down)
	})
}

// restoreSellerFields undoes the move: the seller fields come back in their
// first order (the tax ID among them) with the store details' values.
func restoreSellerFields(app core.App, down func(core.App) error) error {
	recs, err := app.FindAllRecords("shop_settings")
	if err != nil {
		return err
	}
	values := make([]map[string]string, len(recs))
	for i, rec := range recs {
		values[i] = map[string]string{"sellerTaxId": rec.GetString("sellerTaxId")}
		for from, to := range sellerFields {
			values[i][from] = rec.GetString(to)
		}
	}
	if err := down(app); err != nil {
		return err
	}
	if err := removeFields(app, "shop_settings", "sellerTaxId"); err != nil {
		return err
	}
	if err := updateCollection(app, "shop_settings", func(c *core.Collection) {
		c.Fields.Add(&core.TextField{Name: "sellerName", Max: 200}, &core.TextField{Name: "sellerAddress", Max: 500},
			&core.TextField{Name: "sellerTaxId", Max: 50}, &core.TextField{Name: "sellerEmail", Max: 255},
			&core.TextField{Name: "sellerPhone", Max: 50})
	}); err != nil {
		return err
	}
	for i, rec := range recs {
		fresh, err := app.FindRecordById("shop_settings", rec.Id)
		if err != nil {
			return err
		}
		for k, v := range values[i] {
			fresh.Set(k, v)
		}
		if err := app.SaveNoValidate(fresh); err != nil {
			return err
		}
	}
	return nil
}
