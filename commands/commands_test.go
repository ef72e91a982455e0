package commands_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/commands"
	"stageshop/internal/testapp"
	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/search"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
)

// seed on an empty database gives the whole demo catalog; a second run adds
// nothing and changes nothing.
func TestSeed(t *testing.T) {
	h := testapp.NewHarness(t)
	app := h.App

	added, err := commands.Seed(app)
	if err != nil {
		t.Fatal(err)
	}
	if added < 24 {
		t.Fatalf("seed added %d products, want at least 24", added)
	}
	products, err := app.FindAllRecords("products")
	if err != nil {
		t.Fatal(err)
	}
	if len(products) != added {
		t.Fatalf("%d products stored, seed said %d", len(products), added)
	}
	perCategory := map[string]int{}
	for _, p := range products {
		perCategory[p.GetString("category")]++
		checkSeededProduct(t, app, p)
	}
	for _, c := range catalog.SeedCategories {
		if perCategory[c] < 4 {
			t.Errorf("category %s has %d products, want at least 4", c, perCategory[c])
		}
	}

	before := snapshot(t, app)
	again, err := commands.Seed(app)
	if err != nil {
		t.Fatal(err)
	}
	if again != 0 {
		t.Errorf("second seed added %d products", again)
	}
	if after := snapshot(t, app); after != before {
		t.Errorf("second seed changed the data:\nbefore %s\nafter  %s", before, after)
	}
	t.Run("synonyms", func(t *testing.T) { checkSeedSynonyms(t, app) })
	t.Run("showcases", func(t *testing.T) { checkShowcases(t, h) })
}

// checkSeededProduct checks a seeded product: 1-4 stored images, a name
// and a description in every language, attributes, on sale with a price.
func checkSeededProduct(t *testing.T, app core.App, p *core.Record) {
	t.Helper()
	var names []string
	if err := p.UnmarshalJSONField("imageFileNames", &names); err != nil || len(names) < 1 || len(names) > 4 {
		t.Errorf("%s: %d images (%v), want 1-4", p.GetString("name"), len(names), err)
	}
	for _, n := range names {
		if _, err := app.FindFirstRecordByData("product_images", "file", n); err != nil {
			t.Errorf("%s: image %s not stored", p.GetString("name"), n)
		}
	}
	name, _ := field.ParseLocalizedJSON([]byte(p.GetString("nameLocalized")))
	desc, _ := field.ParseLocalizedJSON([]byte(p.GetString("descriptionLocalized")))
	for _, lang := range locale.Languages() {
		if name[lang] == "" || desc[lang] == "" {
			t.Errorf("%s: no %s name or description", p.GetString("name"), lang)
		}
	}
	var attrs []catalog.Attribute
	if err := p.UnmarshalJSONField("attributes", &attrs); err != nil || len(attrs) == 0 {
		t.Errorf("%s: no attributes", p.GetString("name"))
	}
	if !p.GetBool("isActive") || p.GetInt("priceCents") <= 0 {
		t.Errorf("%s: inactive or without price", p.GetString("name"))
	}
}

// snapshot summarises products and images so any change shows.
func snapshot(t *testing.T, app core.App) string {
	t.Helper()
	var rows []string
	for _, c := range []string{"products", "product_images"} {
		recs, err := app.FindAllRecords(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			rows = append(rows, c+":"+r.Id+":"+r.GetString("updated")+":"+r.GetString("file"))
		}
	}
	slices.Sort(rows)
	return strings.Join(rows, ",")
}

// admin create creates an admin, then promotes an existing customer, and
// refuses a bad e-mail or a weak password.
func TestCreateAdmin(t *testing.T) {
	app := testapp.New(t)

	done, err := commands.CreateAdmin(app, "  Boss@Example.COM ", "Secret12", "Ada", "Lovelace")
	if err != nil || done != commands.AdminCreated {
		t.Fatalf("create: done=%v err=%v", done, err)
	}
	boss, err := app.FindAuthRecordByEmail("users", "boss@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if !boss.ValidatePassword("Secret12") || boss.GetString("firstName") != "Ada" || !hasRole(boss, "Admin") {
		t.Errorf("admin stored wrong: %v", boss.PublicExport())
	}

	// A second `make run` asks again with the demo name: the owner's rename
	// and password stay, and the command says so in one line.
	boss.Set("firstName", "Grace")
	if err := app.Save(boss); err != nil {
		t.Fatal(err)
	}
	done, err = commands.CreateAdmin(app, "boss@example.com", "Secret99", "Ada", "Lovelace")
	if err != nil || done != commands.AdminKept {
		t.Fatalf("again: done=%v err=%v", done, err)
	}
	boss, _ = app.FindAuthRecordByEmail("users", "boss@example.com")
	if boss.GetString("firstName") != "Grace" || !boss.ValidatePassword("Secret12") {
		t.Errorf("a second create changed the admin: %v", boss.PublicExport())
	}
	if msg := done.Message("boss@example.com"); msg != "Admin boss@example.com already exists: kept as it is (password unchanged)" {
		t.Errorf("message %q", msg)
	}

	// An existing customer is promoted and keeps their password.
	users, _ := app.FindCollectionByNameOrId("users")
	cust := core.NewRecord(users)
	cust.SetEmail("carol@example.com")
	cust.SetPassword("Carol123")
	cust.Set("roles", []string{"Customer"})
	if err := app.Save(cust); err != nil {
		t.Fatal(err)
	}
	done, err = commands.CreateAdmin(app, "carol@example.com", "Other123", "", "")
	if err != nil || done != commands.AdminPromoted {
		t.Fatalf("promote: done=%v err=%v", done, err)
	}
	carol, _ := app.FindAuthRecordByEmail("users", "carol@example.com")
	if !hasRole(carol, "Admin") || !hasRole(carol, "Customer") || !carol.ValidatePassword("Carol123") {
		t.Errorf("promotion wrong: roles %s", carol.GetString("roles"))
	}

	for _, bad := range []struct{ email, password, want string }{
		{"not-an-email", "Secret12", "bad email"},
		{"a b@example.com", "Secret12", "bad email"},
		{"dan@example.com", "short", "weak password"},
		{"dan@example.com", "alllowercase1", "weak password"},
		{"dan@example.com", "NoDigitsHere", "weak password"},
	} {
		if _, err := commands.CreateAdmin(app, bad.email, bad.password, "", ""); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("CreateAdmin(%q, %q) = %v, want %q", bad.email, bad.password, err, bad.want)
		}
	}
	if n, _ := app.CountRecords("users"); n != 2 {
		t.Errorf("%d users after refused creations, want 2", n)
	}
}

func hasRole(u *core.Record, role string) bool {
	var roles []string
	_ = u.UnmarshalJSONField("roles", &roles)
	return slices.Contains(roles, role)
}

// The seed adds the example tax rates once, and the demo seller on the
// invoice; a Texas address then matches its rate.
func TestSeedTax(t *testing.T) {
	app := testapp.New(t)
	n, err := commands.SeedTax(app)
	if err != nil || n != 4 {
		t.Fatalf("seeded %d rates: %v", n, err)
	}
	if again, err := commands.SeedTax(app); err != nil || again != 0 {
		t.Fatalf("second run added %d: %v", again, err)
	}
	rules, err := tax.LoadRules(app)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := rules.Table.Match("United States", "TX", tax.Standard); !ok || r.Rate != 6250 {
		t.Fatalf("Texas: %+v %v", r, ok)
	}
	if r, ok := rules.Table.Match("Germany", "", tax.Reduced); !ok || r.Rate != 7000 {
		t.Fatalf("Germany reduced: %+v %v", r, ok)
	}
	settings, _ := app.FindAllRecords(shipping.SettingsCollection)
	if settings[0].GetString("legalName") == "" || settings[0].GetString("sellerTaxId") == "" || settings[0].GetBool("pricesIncludeTax") {
		t.Fatalf("settings %v", settings[0])
	}
}

// checkSeedSynonyms: the demo shop ships synonyms for its catalog: 麦克风
// and "microfon" find the microphone among the first three (its names say
// 话筒, "microphone", "микрофон"), "curtain" the drape, "rental" and
// "аренда" the hire kit (its texts say hire, прокат); a second seed keeps
// the owner's groups. It runs on TestSeed's catalog: seeding draws every
// product's pictures, a minute of CPU under the race detector.
func checkSeedSynonyms(t *testing.T, app core.App) {
	if ok, err := commands.SeedSynonyms(app); !ok || err != nil {
		t.Fatalf("seeded %v: %v", ok, err)
	}
	x, err := search.Of(app)
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{"麦克风": "Vocal Pro 58 Dynamic Microphone", "microfon": "Vocal Pro 58 Dynamic Microphone",
		"mikrofon": "Vocal Pro 58 Dynamic Microphone", "curtain": "Velvet Drape 3×6 m", "rental": "Small PA Kit", "аренда": "Small PA Kit"} {
		res, err := x.Search(context.Background(), search.Request{Text: text, Lang: "en", PageSize: 3})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, id := range res.IDs {
			if p, err := app.FindRecordById(catalog.ProductsCollection, id); err == nil {
				names = append(names, p.GetString("name"))
			}
		}
		if !slices.Contains(names, want) {
			t.Errorf("%q found %q first, want %q among them", text, names, want)
		}
	}
	owner := [][]string{{"mic", "микрофон"}}
	if _, err := search.SaveSynonyms(app, owner); err != nil {
		t.Fatal(err)
	}
	if ok, _ := commands.SeedSynonyms(app); ok {
		t.Error("a second seed replaced the owner's synonyms")
	}
	if got, _ := search.LoadSynonyms(app); !slices.EqualFunc(got, owner, slices.Equal) {
		t.Errorf("synonyms after the second seed: %q", got)
	}
}
