package commands_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/commands"
	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/site"
)

type readinessJSON struct {
	Items []struct {
		Key  string `json:"key"`
		OK   bool   `json:"ok"`
		Link string `json:"link"`
	} `json:"items"`
}

// readiness is the checklist as the admin's GET answers it: key -> ok,
// checking that every item of the contract is there with a link.
func readiness(t *testing.T, h testapp.Harness, token string) map[string]bool {
	t.Helper()
	r := h.Client.Do("GET", "/api/admin/readiness", nil, testapp.Auth(token)...)
	var got readinessJSON
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &got) != nil {
		t.Fatalf("readiness: %d %s", r.Status, r.Body)
	}
	out := map[string]bool{}
	for _, it := range got.Items {
		if it.Link == "" {
			t.Errorf("%s has no link to where it is fixed", it.Key)
		}
		out[it.Key] = it.OK
	}
	for _, k := range []string{"mail_server", "sender", "bank_details", "card_payments", "store_details", "legal_pages", "demo_content"} {
		if _, ok := out[k]; !ok {
			t.Errorf("no %s item: %s", k, r.Body)
		}
	}
	return out
}

// The go-live checklist of a demo shop (as `make run` leaves it) is red
// where the demo shows, and turns green item by item as the owner fixes
// each; only admins may read it.
func TestReadinessTurnsGreenAsTheOwnerFixesItems(t *testing.T) {
	h := testapp.NewHarness(t)
	owner := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	if _, err := commands.Seed(h.App); err != nil {
		t.Fatal(err)
	}
	if _, err := commands.CreateAdmin(h.App, shop.DemoAdminEmail, "StageAdmin1", "Demo", "Admin"); err != nil {
		t.Fatal(err)
	}
	if _, err := site.SaveStoreDetails(h.App, demoLikeStore("support@stageshop.example")); err != nil {
		t.Fatal(err)
	}
	for _, who := range []struct {
		token string
		want  int
	}{{"", http.StatusUnauthorized}, {customer.Token, http.StatusForbidden}} {
		if r := h.Client.Do("GET", "/api/admin/readiness", nil, testapp.Auth(who.token)...); r.Status != who.want {
			t.Fatalf("readiness for %q: %d, want %d", who.token, r.Status, who.want)
		}
	}
	got := readiness(t, h, owner.Token)
	for k, ok := range got {
		if ok != (k == "store_details") {
			t.Errorf("demo shop: %s ok=%v", k, ok)
		}
	}

	fixEveryItem(t, h.App)
	for k, ok := range readiness(t, h, owner.Token) {
		if !ok {
			t.Errorf("after the owner's fixes %s is still not ready", k)
		}
	}
}

// demoLikeStore is store details with every field set, sending from email.
func demoLikeStore(email string) site.StoreInput {
	in := site.StoreInput{Name: "StageShop", Email: email, Phone: "+1 (555) 123-4567", Address: "123 Stage Street\nNew York"}
	in.Hero.Title = json.RawMessage(`{"en":"Stage equipment"}`)
	return in
}

// fixEveryItem does what the checklist's links lead the owner to do.
func fixEveryItem(t *testing.T, app *tests.TestApp) {
	t.Helper()
	testapp.UpdateSettings(t, app, func(s *core.Settings) { s.SMTP.Enabled, s.SMTP.Host = true, "smtp.invalid" })
	// An e-mail went out through it (the worker's send is the test send).
	if err := db.Write(app, func(tx core.App) error {
		return mail.QueueBackInStock(tx, "fan@lumen-stage.com", "en", mail.Product{ID: "p1", Name: mail.Text{"en": "Spotlight"}})
	}); err != nil {
		t.Fatal(err)
	}
	testapp.Deliver(t, app)
	in := demoLikeStore("hello@lumen-stage.com")
	in.Name = "Lumen Stage Supply"
	if _, err := site.SaveStoreDetails(app, in); err != nil {
		t.Fatal(err)
	}
	pay, err := app.FindFirstRecordByFilter("payment_settings", "")
	if err != nil {
		t.Fatal(err)
	}
	pay.Set("bankDetails", "Account holder: Lumen Stage Supply LLC\nIBAN: GB33BUKB20201555555555")
	if err := app.Save(pay); err != nil {
		t.Fatal(err)
	}
	testapp.UseStripe(t, "http://127.0.0.1:1")
	for _, slug := range []string{"privacy", "terms", "returns"} {
		if _, err := site.SavePage(app, slug, site.PageInput{Title: json.RawMessage(`"Ours"`), Source: json.RawMessage(`"Our own words."`)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := app.DB().Delete(catalog.ProductsCollection, dbx.NewExp("1=1")).Execute(); err != nil {
		t.Fatal(err)
	}
	demo, err := app.FindAuthRecordByEmail("users", shop.DemoAdminEmail)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(demo); err != nil {
		t.Fatal(err)
	}
}
