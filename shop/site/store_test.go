package site_test

import (
	"encoding/json"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/field"
	"stageshop/shop/site"
	"stageshop/shop/wire"
)

func storeInput(change func(*site.StoreInput)) site.StoreInput {
	in := site.StoreInput{Name: " Rig & Roll ", Email: " Hello@Example.COM ", Phone: "+1 (555) 010-2030",
		Address: "  1 Main St \r\n\r\n\r\n Springfield  ", Hours: json.RawMessage(`{"en":"Mon-Fri 9-18","zh":"周一至周五"}`),
		Social: []wire.SocialLink{{Kind: "Instagram", URL: " https://instagram.com/rig "}}}
	in.Hero.Title = json.RawMessage(`{"en":"Gear for shows","ru":"Оборудование"}`)
	in.Hero.Text = json.RawMessage(`"Everything for the stage"`)
	if change != nil {
		change(&in)
	}
	return in
}

// Every rule of the store details, one row each: the field the error names
// and that nothing is written when a row fails.
func TestStoreDetailsValidation(t *testing.T) {
	app := testapp.New(t)
	before, _ := site.LoadStoreDetails(app)
	cases := []struct {
		name, field string
		change      func(*site.StoreInput)
	}{
		{"no name", "name", func(in *site.StoreInput) { in.Name = "  " }},
		{"long name", "name", func(in *site.StoreInput) { in.Name = strings.Repeat("n", 101) }},
		{"no e-mail", "email", func(in *site.StoreInput) { in.Email = "" }},
		{"bad e-mail", "email", func(in *site.StoreInput) { in.Email = "shop@" }},
		{"phone with letters", "phone", func(in *site.StoreInput) { in.Phone = "call us maybe" }},
		{"phone with markup", "phone", func(in *site.StoreInput) { in.Phone = "<b>555</b>" }},
		{"long address", "address", func(in *site.StoreInput) { in.Address = strings.Repeat("a", 501) }},
		{"hours not text", "hours", func(in *site.StoreInput) { in.Hours = json.RawMessage(`[1,2]`) }},
		{"long hours", "hours.ru", func(in *site.StoreInput) { in.Hours = json.RawMessage(`{"ru":"` + strings.Repeat("ч", 501) + `"}`) }},
		{"no English hero", "hero.title.en", func(in *site.StoreInput) { in.Hero.Title = json.RawMessage(`{"ru":"Только по-русски"}`) }},
		{"long hero text", "hero.text.zh", func(in *site.StoreInput) {
			in.Hero.Text = json.RawMessage(`{"zh":"` + strings.Repeat("字", 401) + `"}`)
		}},
		{"unknown network", "social.0.kind", func(in *site.StoreInput) { in.Social[0].Kind = "myspace" }},
		{"script link", "social.0.url", func(in *site.StoreInput) { in.Social[0].URL = "javascript:alert(1)" }},
		{"data link", "social.0.url", func(in *site.StoreInput) { in.Social[0].URL = "data:text/html,<script>alert(1)</script>" }},
		{"relative link", "social.0.url", func(in *site.StoreInput) { in.Social[0].URL = "//evil.example/x" }},
		{"link with a quote", "social.0.url", func(in *site.StoreInput) { in.Social[0].URL = `https://x.example/"onmouseover="alert(1)` }},
		{"too many links", "social", func(in *site.StoreInput) {
			in.Social = make([]wire.SocialLink, 11)
			for i := range in.Social {
				in.Social[i] = wire.SocialLink{Kind: "website", URL: "https://example.com"}
			}
		}},
		{"logo not uploaded", "logo", func(in *site.StoreInput) { in.Logo = "nope.png" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := site.SaveStoreDetails(app, storeInput(c.change))
			fields, _, ok := field.Messages(err)
			if !ok || fields[c.field] == "" || len(fields) != 1 {
				t.Fatalf("errors %v (%v), want only %s", fields, err, c.field)
			}
			if now, _ := site.LoadStoreDetails(app); now.Name != before.Name || now.Email != before.Email {
				t.Errorf("a refused change was written: %+v", now)
			}
		})
	}
}

// A valid change is trimmed, stored and what the next read (and the
// e-mails' identity) says.
func TestStoreDetailsSaved(t *testing.T) {
	app := testapp.New(t)
	logo := testapp.NewImage(t, app)
	got, err := site.SaveStoreDetails(app, storeInput(func(in *site.StoreInput) { in.Logo = logo }))
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Rig & Roll" || got.Email != "hello@example.com" || got.Address != "1 Main St\n\nSpringfield" ||
		got.LogoURL != "/images/products/"+logo || got.Social[0].Kind != "instagram" || got.Social[0].URL != "https://instagram.com/rig" ||
		got.Hero.Text["en"] != "Everything for the stage" || got.Hours["zh"] != "周一至周五" {
		t.Fatalf("saved %+v", got)
	}
	read, err := site.LoadStoreDetails(app)
	if err != nil || read.Name != "Rig & Roll" || read.Hero.Title["ru"] != "Оборудование" {
		t.Fatalf("read back %+v %v", read, err)
	}
	if id := site.MailIdentity(app); id.Name != "Rig & Roll" || id.ReplyTo != "hello@example.com" {
		t.Errorf("mail identity %+v", id)
	}
}
