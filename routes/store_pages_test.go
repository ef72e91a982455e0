package routes_test

import (
	"encoding/json"
	"maps"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/site"
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
	in := site.StoreInput{Name: "Rig & Roll", LegalName: "Rig and Roll Ltd", Email: "desk@rigandroll.example", Phone: "+44 20 7946 0000",
		Address: "1 Stage Lane\nLondon"}
	in.Hero.Title = []byte(`{"en":"Gear"}`)
	if _, err := site.SaveStoreDetails(h.App, in); err != nil {
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

// The served first screens (the home in every language, a product page)
// and the boot header name the shop and show its hero from the store
// details, escaped, at the next request after a save (the pages are
// cached), and carry the details GET /api/shop answers, so that the app's
// first render shows the same (issue 35: "the server-rendered first screen
// too").
func TestFirstScreenReadsStoreDetails(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3})
	admin := testapp.NewUser(t, h.App, true)
	pages := []string{"/", "/zh/", "/products/" + p.Id, "/zh/shipping"}
	get := func(url string) string {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		return string(res.Body)
	}
	// The demo shop: its name, and the app's translated hero without the owner's.
	if home := get("/"); !strings.Contains(home, "<span>StageShop</span>") || !strings.Contains(home, ">Professional Stage Equipment</h1>") {
		t.Fatalf("the demo home's first screen lacks its brand or hero:\n%s", home)
	}
	for _, url := range pages {
		get(url) // cached now
	}
	body := validStore()
	body["name"] = "Rig & Roll <script>alert(1)</script>"
	wantStatus(t, h.Client.Do("PUT", "/api/admin/shop", body, testapp.Auth(admin.Token)...), 200, nil)
	const name = "Rig &amp; Roll &lt;script&gt;alert(1)&lt;/script&gt;"
	var details map[string]any
	wantStatus(t, h.Client.Do("GET", "/api/shop", nil), 200, &details)
	for _, url := range pages {
		page := get(url)
		if strings.Contains(page, "<script>alert(1)") || strings.Contains(page, "StageShop") {
			t.Errorf("%s: the old name or the unescaped new one is served", url)
		}
		// Information pages have a first screen with the header too now (issue 50).
		if n := strings.Count(page, "<span>"+name+"</span>"); n != 2 {
			t.Errorf("%s: the header and the boot header name the shop %d times, want each once", url, n)
		}
		if !strings.Contains(page, `aria-label="`+name) {
			t.Errorf("%s: the brand link's label lacks the shop's name", url)
		}
		// The shop's today (issue 46) changes at its midnight, so the cached
		// first-screen copy leaves it empty; screens that need it (bookings)
		// read GET /api/shop again (staleTime 0).
		served := servedDetails(t, page)
		if served["today"] != "" {
			t.Errorf("%s: the cached first screen carries today %v", url, served["today"])
		}
		delete(served, "today")
		want := maps.Clone(details)
		delete(want, "today")
		if !reflect.DeepEqual(served, want) || served["phone"] != "+44 20 7946 0000" {
			t.Errorf("%s: the details for the app's first render %v, GET /api/shop %v", url, served, details)
		}
	}
	home, zh := get("/"), get("/zh/")
	if !strings.Contains(home, ">Gear for every show</h1>") || !strings.Contains(home, ">Lights and sound</p>") ||
		strings.Contains(home, "Professional Stage Equipment") {
		t.Errorf("the home's hero is not the owner's")
	}
	if !strings.Contains(zh, ">每场演出的装备</h1>") || strings.Contains(zh, "专业舞台设备") {
		t.Errorf("the Chinese home's hero is not the owner's Chinese title")
	}
	body["phone"] = "+44 20 7946 0999"
	wantStatus(t, h.Client.Do("PUT", "/api/admin/shop", body, testapp.Auth(admin.Token)...), 200, nil)
	if got := servedDetails(t, get("/products/"+p.Id))["phone"]; got != "+44 20 7946 0999" {
		t.Errorf("the cached product page kept the old phone: %v", got)
	}
}

// servedDetails are the store details a served page carries for the app.
func servedDetails(t *testing.T, page string) map[string]any {
	t.Helper()
	const open = `<script type="application/json" id="shop-details">`
	_, rest, ok := strings.Cut(page, open)
	raw, _, ok2 := strings.Cut(rest, "</script>")
	var out map[string]any
	if !ok || !ok2 || json.Unmarshal([]byte(raw), &out) != nil {
		t.Fatalf("no store details in the page")
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
