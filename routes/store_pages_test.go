package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// The owner's store details reach the served pages at the next request,
// without a restart, though the pages are cached: the title's shop name
// and the Organization's contact details; a change of the phone alone (the
// shop's name, part of the cache's key, unchanged) shows at once too.
func TestStoreDetailsOnServedPages(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3})
	admin := testapp.NewUser(t, h.App, true)
	page := func(url string) string {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		return string(res.Body)
	}
	page("/products/" + p.Id) // cached now
	if org := parseHead(t, []byte(page("/"))).ld("Organization"); org["name"] != "StageShop" {
		t.Fatalf("the demo Organization %v", org)
	}
	body := validStore()
	wantStatus(t, h.Client.Do("PUT", "/api/admin/shop", body, testapp.Auth(admin.Token)...), 200, nil)
	if head := parseHead(t, []byte(page("/products/"+p.Id))); !strings.Contains(head.Title, "Rig & Roll") {
		t.Errorf("the cached product page kept the old shop name: %q", head.Title)
	}
	org := parseHead(t, []byte(page("/"))).ld("Organization")
	if org["name"] != "Rig & Roll" || org["telephone"] != "+44 20 7946 0000" || org["email"] != "desk@rigandroll.example" ||
		org["address"] != "1 Stage Lane, London" {
		t.Errorf("Organization %v", org)
	}
	if same, _ := org["sameAs"].([]any); len(same) != 1 || same[0] != "https://youtube.com/@rig" {
		t.Errorf("Organization sameAs %v", org["sameAs"])
	}
	body["phone"] = "+44 20 7946 0999"
	wantStatus(t, h.Client.Do("PUT", "/api/admin/shop", body, testapp.Auth(admin.Token)...), 200, nil)
	if org := parseHead(t, []byte(page("/"))).ld("Organization"); org["telephone"] != "+44 20 7946 0999" {
		t.Errorf("the cached home kept the old phone: %v", org["telephone"])
	}
}

// The invoice names the seller from the store details (one source): the
// legal name when there is one, else the shop's name, with its address,
// e-mail and phone.
func TestInvoiceSellerFromStoreDetails(t *testing.T) {
	h := testapp.NewHarness(t)
	in := shop.StoreInput{Name: "Rig & Roll", LegalName: "Rig and Roll Ltd", Email: "desk@rigandroll.example", Phone: "+44 20 7946 0000",
		Address: "1 Stage Lane\nLondon"}
	in.Hero.Title = []byte(`{"en":"Gear"}`)
	if _, err := shop.SaveStoreDetails(h.App, in); err != nil {
		t.Fatal(err)
	}
	html := invoiceHTML(t, h)
	for _, want := range []string{"Rig and Roll Ltd", "<p>1 Stage Lane</p>", "<p>London</p>", "desk@rigandroll.example", "44 20 7946 0000</p>"} {
		if !strings.Contains(html, want) {
			t.Errorf("invoice lacks %q", want)
		}
	}
}

// invoiceHTML places and pays an order and returns its invoice page.
func invoiceHTML(t *testing.T, h testapp.Harness) string {
	t.Helper()
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Wireless Mic", PriceCents: 1000, Stock: 10})
	addLine(t, c, u.Token, p.Id, 1)
	var o taxedOrderJSON
	wantStatus(t, c.Do("POST", "/api/checkout/create-order", texasBody("standard"), testapp.Auth(u.Token)...), http.StatusCreated, &o)
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/payments", map[string]any{"amount": o.TotalAmount}, testapp.Auth(admin.Token)...), http.StatusCreated, &o)
	r := c.Do("GET", "/api/checkout/orders/"+o.ID+"/invoice", nil, testapp.Auth(u.Token)...)
	if r.Status != http.StatusOK {
		t.Fatalf("invoice: %d", r.Status)
	}
	return string(r.Body)
}
