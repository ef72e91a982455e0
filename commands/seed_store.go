package commands

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/site"
	"stageshop/shop/wire"
)

// demoStore are the demo shop's contact details (what the contact page
// showed before they became settings).
func demoStore() site.StoreInput {
	in := site.StoreInput{
		Name: "StageShop", LegalName: "StageShop Supply LLC", Email: "support@stageshop.example", Phone: "+1 (555) 123-4567",
		Address: "123 Stage Street\nNew York, NY 10001\nUnited States",
		Hours: mustJSON(map[string]string{
			"en": "Monday to Friday: 9:00 AM to 6:00 PM EST\nSaturday and Sunday: closed",
			"ru": "Понедельник — пятница: 9:00–18:00 (EST)\nСуббота и воскресенье: выходной",
			"zh": "周一至周五：上午 9:00 至下午 6:00（美国东部时间）\n周六和周日：休息",
		}),
		Social: []wire.SocialLink{
			{Kind: "instagram", URL: "https://www.instagram.com/stageshop.example"},
			{Kind: "youtube", URL: "https://www.youtube.com/@stageshop.example"},
			{Kind: "facebook", URL: "https://www.facebook.com/stageshop.example"},
		},
	}
	return in
}

// seedStore fills the store details with the demo shop's when no contact
// e-mail is set yet (a fresh shop); an owner's details are never replaced.
// The hero stays as the migration or the owner left it.
func seedStore(app core.App) (bool, error) {
	d, err := site.LoadStoreDetails(app)
	if err != nil || d.Email != "" {
		return false, err
	}
	in := demoStore()
	in.Logo = d.Logo
	if d.LegalName != "" {
		in.LegalName = d.LegalName
	}
	in.Hero.Title, in.Hero.Text = mustJSON(d.Hero.Title), mustJSON(d.Hero.Text)
	if d.Name != "" {
		in.Name = d.Name
	}
	_, err = site.SaveStoreDetails(app, in)
	return err == nil, err
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
