package migrations

import (
	_ "embed"
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/richtext"
)

// The records every shop starts with: its settings, its payment settings,
// four categories and the information pages. The demo catalog, accounts
// and contact details are not here: `stageshop seed` adds them.

// seedRecords saves the records a new shop starts with.
func seedRecords(app core.App) error {
	for _, seed := range []func(core.App) error{seedShopSettings, seedPaymentSettings, seedCategories, seedPages} {
		if err := seed(app); err != nil {
			return err
		}
	}
	return nil
}

// seedShopSettings writes the shop settings: a shop in the United States
// that ships at home (standard free from $500.00, express, overnight) and
// to the rest of the world (international standard and express), every
// method with one rate for any weight; at most 3 unpaid orders per
// customer; tax US style; and the home's hero.
func seedShopSettings(app core.App) error {
	c, err := app.FindCollectionByNameOrId("shop_settings")
	if err != nil {
		return err
	}
	rates := map[string]int{
		"freeShippingThresholdCents": 50000,
		"standardCents":              999,
		"expressCents":               1999,
		"overnightCents":             2999,
		"intlStandardCents":          4999,
		"intlExpressCents":           7999,
	}
	rec := core.NewRecord(c)
	rec.Set("homeCountry", "US")
	for field, cents := range rates {
		rec.Set(field, cents)
	}
	method := func(code, en, ru, zh, days, field string, freeOver any) map[string]any {
		return map[string]any{"code": code, "name": map[string]string{"en": en, "ru": ru, "zh": zh},
			"deliveryDays": days, "rates": []map[string]any{{"upToGrams": nil, "amountCents": rates[field]}},
			"freeOverCents": freeOver}
	}
	rec.Set("shippingZones", []map[string]any{
		{"id": "home", "name": "Domestic", "countries": []string{"US"}, "methods": []any{
			method("standard", "Standard", "Стандартная", "标准配送", "5-7", "standardCents", rates["freeShippingThresholdCents"]),
			method("express", "Express", "Экспресс", "快速配送", "2-3", "expressCents", nil),
			method("overnight", "Overnight", "За одну ночь", "次日达", "1", "overnightCents", nil),
		}},
		{"id": "world", "name": "Rest of the world", "countries": []string{}, "methods": []any{
			method("intl_standard", "International standard", "Международная стандартная", "国际标准配送", "10-15", "intlStandardCents", nil),
			method("intl_express", "International express", "Международная экспресс", "国际快速配送", "5-7", "intlExpressCents", nil),
		}},
	})
	rec.Set("maxUnpaidOrders", 3)
	rec.Set("shopName", "StageShop")
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
	return app.Save(rec)
}

// seedPaymentSettings writes the payment settings: bank transfer on (so a
// new shop takes orders without a Stripe account), card on once both
// Stripe keys are set, invoice on for the customers an admin approves,
// 30 days' terms, a 60-minute hold.
func seedPaymentSettings(app core.App) error {
	c, err := app.FindCollectionByNameOrId("payment_settings")
	if err != nil {
		return err
	}
	rec := core.NewRecord(c)
	rec.Set("cardEnabled", true)
	rec.Set("bankTransferEnabled", true)
	rec.Set("invoiceEnabled", true)
	rec.Set("bankDetails", "Account holder: StageShop\nBank: (set in Admin > Settings > Payments & tax)\nIBAN / account number: -")
	rec.Set("invoiceTermsDays", 30)
	rec.Set("holdMinutes", 60)
	return app.Save(rec)
}

// seedCategories writes the catalog's four categories.
func seedCategories(app core.App) error {
	c, err := app.FindCollectionByNameOrId("categories")
	if err != nil {
		return err
	}
	for i, s := range []struct{ slug, en, ru, zh string }{
		{"lighting", "Lighting", "Свет", "灯光"},
		{"sound", "Sound", "Звук", "音响"},
		{"stage", "Stage", "Сцена", "舞台"},
		{"accessories", "Accessories", "Аксессуары", "配件"},
	} {
		rec := core.NewRecord(c)
		rec.Set("slug", s.slug)
		rec.Set("name", s.en)
		rec.Set("nameLocalized", map[string]string{"en": s.en, "ru": s.ru, "zh": s.zh})
		rec.Set("sortOrder", i)
		if err := app.Save(rec); err != nil {
			return err
		}
	}
	return nil
}

// demoPagesJSON are the information pages (about, shipping, returns,
// warranty, FAQ, privacy, terms, cookies) as Markdown in English, Russian
// and Chinese. The shipping page leaves out its rate tables: the app shows
// the server's rates beside it.
//
//go:embed pages/demo_pages.json
var demoPagesJSON []byte

// seedPages writes the information pages, each source's HTML beside it.
func seedPages(app core.App) error {
	c, err := app.FindCollectionByNameOrId("pages")
	if err != nil {
		return err
	}
	var pages []struct {
		Slug      string            `json:"slug"`
		SortOrder int               `json:"sortOrder"`
		Title     map[string]string `json:"title"`
		Source    map[string]string `json:"source"`
	}
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
