package routes_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"stageshop/internal/testapp"
)

// pageHead is what a served page's <head> says, as a crawler reads it.
type pageHead struct {
	Lang, Title string
	Meta        map[string][]string // name or property -> contents
	Canonical   string
	Alternates  map[string]string // hreflang -> href
	JSONLD      []map[string]any
}

func (h pageHead) meta(key string) string {
	if v := h.Meta[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func parseHead(t *testing.T, body []byte) pageHead {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	h := pageHead{Meta: map[string][]string{}, Alternates: map[string]string{}}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			a := map[string]string{}
			for _, at := range n.Attr {
				a[at.Key] = at.Val
			}
			switch n.Data {
			case "html":
				h.Lang = a["lang"]
			case "title":
				if n.FirstChild != nil {
					h.Title += n.FirstChild.Data
				}
			case "meta":
				key := a["name"] + a["property"]
				h.Meta[key] = append(h.Meta[key], a["content"])
			case "link":
				switch a["rel"] {
				case "canonical":
					h.Canonical = a["href"]
				case "alternate":
					h.Alternates[a["hreflang"]] = a["href"]
				}
			case "script":
				if a["type"] == "application/ld+json" && n.FirstChild != nil {
					var ld map[string]any
					if err := json.Unmarshal([]byte(n.FirstChild.Data), &ld); err != nil {
						t.Errorf("JSON-LD does not parse: %v", err)
					}
					h.JSONLD = append(h.JSONLD, ld)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return h
}

func (h pageHead) ld(typ string) map[string]any {
	for _, ld := range h.JSONLD {
		if ld["@type"] == typ {
			return ld
		}
	}
	return nil
}

// Every page's head says what the page is, in its address's language: its
// own title and description, the canonical address and the same page in
// every language (reciprocal, with x-default), html lang, the link
// preview's card; private pages and searches are kept out (noindex).
func TestPageHeads(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3, Category: "Lighting",
		NameLocalized: map[string]string{"ru": "Генератор дыма", "zh": "烟雾机"}})

	get := func(url string) pageHead {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		return parseHead(t, res.Body)
	}
	base := "https://shop.example"
	titles := map[string]bool{}
	for _, c := range []struct {
		path, title, description string // the English page; title and description as parts
	}{
		{"/", "StageShop – Stage lighting", "Stage lighting, sound"},
		{"/?category=Sound", "Sound – stage equipment – StageShop", "Sound for performers"},
		{"/?category=Sound&page=2", "Sound – stage equipment – StageShop, page 2", "Sound for performers"},
		{"/contact", "Contact us – StageShop", "we answer within 24 hours"},
		{"/shipping", "Shipping Information – StageShop", "Fast, insured delivery"}, // the page record's (issue 35)
		{"/privacy", "Privacy Policy – StageShop", "We collect only the data"},
	} {
		for _, lang := range []string{"en", "ru", "zh"} {
			url := c.path
			if lang != "en" {
				url = "/" + lang + c.path
			}
			head := get(url)
			if head.Lang != lang {
				t.Errorf("GET %s: html lang %q", url, head.Lang)
			}
			if lang == "en" && (!strings.Contains(head.Title, c.title) || !strings.Contains(head.meta("description"), c.description)) {
				t.Errorf("GET %s: title %q, description %q; want %q and %q", url, head.Title, head.meta("description"), c.title, c.description)
			}
			if titles[head.Title] || head.meta("description") == "" {
				t.Errorf("GET %s: title %q is another page's, or no description", url, head.Title)
			}
			titles[head.Title] = true
			if head.Canonical != base+url || head.meta("og:url") != head.Canonical || head.meta("robots") != "" {
				t.Errorf("GET %s: canonical %q, og:url %q, robots %q", url, head.Canonical, head.meta("og:url"), head.meta("robots"))
			}
			// Reciprocal: each alternate names this page in its language.
			want := map[string]string{"en": base + c.path, "ru": base + "/ru" + c.path, "zh": base + "/zh" + c.path, "x-default": base + c.path}
			for l, href := range want {
				if head.Alternates[l] != href {
					t.Errorf("GET %s: hreflang %s = %q, want %q", url, l, head.Alternates[l], href)
				}
			}
			if head.meta("og:title") != head.Title || head.meta("twitter:card") == "" || head.meta("og:locale") == "" {
				t.Errorf("GET %s: card og:title %q twitter:card %q og:locale %q", url, head.meta("og:title"), head.meta("twitter:card"), head.meta("og:locale"))
			}
		}
	}
	if ru := get("/ru/contact"); ru.Title != "Контакты — StageShop" {
		t.Errorf("the Russian contact page's title is %q", ru.Title)
	}
	if zh := get("/zh/?category=Lighting"); !strings.Contains(zh.Title, "灯光") {
		t.Errorf("the Chinese category page's title is %q", zh.Title)
	}

	// Kept out of search engines, without a canonical: private pages and searches.
	for _, url := range []string{"/checkout", "/login", "/register", "/profile", "/account/orders", "/admin/products", "/ru/login", "/?search=fog"} {
		head := get(url)
		if !strings.Contains(head.meta("robots"), "noindex") || head.Canonical != "" || len(head.Alternates) != 0 {
			t.Errorf("GET %s: robots %q canonical %q: want noindex and no canonical", url, head.meta("robots"), head.Canonical)
		}
		if head.Title == "" || strings.Contains(head.Title, ":") {
			t.Errorf("GET %s: title %q", url, head.Title)
		}
	}
	if ru := get("/ru/login"); ru.Title != "Вход — StageShop" || ru.Lang != "ru" {
		t.Errorf("the Russian sign-in's title is %q (lang %s)", ru.Title, ru.Lang)
	}

	// The home says who the shop is and how to search it.
	home := get("/")
	org, site := home.ld("Organization"), home.ld("WebSite")
	if org == nil || org["name"] != "StageShop" || org["url"] != base+"/" {
		t.Errorf("the home's Organization: %v", org)
	}
	action, _ := site["potentialAction"].(map[string]any)
	if site == nil || action["@type"] != "SearchAction" || action["target"] != base+"/?search={search_term_string}" {
		t.Errorf("the home's WebSite: %v", site)
	}
	// Pages that show no breadcrumb trail mark none up (Google: the markup
	// says what the page shows); every listed page has a picture for link
	// previews, the newest photo while the shop has no logo.
	for _, url := range []string{"/ru/?category=Sound", "/contact", "/shipping", "/zh/faq", "/"} {
		head := get(url)
		if head.ld("BreadcrumbList") != nil {
			t.Errorf("GET %s marks up a breadcrumb trail it does not show", url)
		}
		if !strings.HasPrefix(head.meta("og:image"), base+"/images/products/") || head.meta("twitter:card") != "summary_large_image" {
			t.Errorf("GET %s: og:image %q, twitter:card %q", url, head.meta("og:image"), head.meta("twitter:card"))
		}
	}
}

// A product's page is found under its name in every language: title with
// name and category, description with price and stock, the photo and price
// on the card, and structured data equal to what the page shows (price,
// USD, in or out of stock, condition new, brand, breadcrumbs).
func TestProductPageHead(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	fog := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3, Category: "Lighting",
		NameLocalized: map[string]string{"ru": "Генератор дыма", "zh": "烟雾机"}})
	fog.Set("attributes", []any{map[string]any{"key": "Brand", "value": "Antari"}})
	if err := h.App.Save(fog); err != nil {
		t.Fatal(err)
	}
	soldOut := testapp.NewProduct(t, h.App, testapp.Product{Name: "Par Can", PriceCents: 4500, Stock: 0})
	base := "https://shop.example"
	// The SKU is the shop's (its one variant's, SS-...), not the record's id.
	variant, err := h.App.FindFirstRecordByData("product_variants", "product", fog.Id)
	if err != nil {
		t.Fatal(err)
	}
	sku := variant.GetString("sku")
	if sku == "" || sku == fog.Id {
		t.Fatalf("the fog machine's variant has SKU %q", sku)
	}

	for _, c := range []struct{ lang, prefix, name, category, stock, price string }{
		{"en", "", "Fog Machine", "Lighting", "in stock", "$1,299.99"},
		{"ru", "/ru", "Генератор дыма", "Свет", "в наличии", "1\u00a0299,99\u00a0$"},
		{"zh", "/zh", "烟雾机", "灯光", "有货", "US$1,299.99"},
	} {
		url := c.prefix + "/products/" + fog.Id
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		head := parseHead(t, res.Body)
		if head.Lang != c.lang || !strings.HasPrefix(head.Title, c.name) || !strings.Contains(head.Title, c.category) {
			t.Errorf("GET %s: lang %q title %q, want the name %q and category %q", url, head.Lang, head.Title, c.name, c.category)
		}
		if d := head.meta("description"); !strings.Contains(d, c.price) || !strings.Contains(d, c.stock) || len([]rune(d)) > 160 {
			t.Errorf("GET %s: description %q: want the price as the page shows it (%q) and %q, at most 160 letters", url, d, c.price, c.stock)
		}
		if head.Canonical != base+url || head.Alternates["ru"] != base+"/ru/products/"+fog.Id || head.Alternates["x-default"] != base+"/products/"+fog.Id {
			t.Errorf("GET %s: canonical %q alternates %v", url, head.Canonical, head.Alternates)
		}
		if head.meta("og:type") != "product" || !strings.HasPrefix(head.meta("og:image"), base+"/images/products/") ||
			head.meta("product:price:amount") != "1299.99" || head.meta("product:price:currency") != "USD" || head.meta("twitter:card") != "summary_large_image" {
			t.Errorf("GET %s: card %v", url, head.Meta)
		}
		ld := head.ld("Product")
		if ld == nil {
			t.Fatalf("GET %s: no Product JSON-LD", url)
		}
		offer, _ := ld["offers"].(map[string]any)
		brand, _ := ld["brand"].(map[string]any)
		images, _ := ld["image"].([]any)
		if ld["name"] != c.name || ld["sku"] != sku || brand["name"] != "Antari" || len(images) != 1 || ld["url"] != head.Canonical {
			t.Errorf("GET %s: Product %v", url, ld)
		}
		if offer["price"] != "1299.99" || offer["priceCurrency"] != "USD" || offer["availability"] != "https://schema.org/InStock" ||
			offer["itemCondition"] != "https://schema.org/NewCondition" || offer["url"] != head.Canonical {
			t.Errorf("GET %s: offer %v", url, offer)
		}
		// The trail the page shows: Home / the product.
		crumbs, _ := head.ld("BreadcrumbList")["itemListElement"].([]any)
		if len(crumbs) != 2 || crumbs[1].(map[string]any)["name"] != c.name || crumbs[0].(map[string]any)["item"] != base+c.prefix+"/" {
			t.Errorf("GET %s: breadcrumbs %v", url, crumbs)
		}
	}

	// Sold out as the page shows it; a price change shows at once.
	res := h.Client.Do(http.MethodGet, "/products/"+soldOut.Id, nil)
	if offer, _ := parseHead(t, res.Body).ld("Product")["offers"].(map[string]any); offer["availability"] != "https://schema.org/OutOfStock" || offer["price"] != "45.00" {
		t.Errorf("a sold-out product's offer: %v", offer)
	}
	soldOut.Set("stockQuantity", 5)
	soldOut.Set("priceCents", 3999)
	if err := h.App.Save(soldOut); err != nil {
		t.Fatal(err)
	}
	res = h.Client.Do(http.MethodGet, "/zh/products/"+soldOut.Id, nil)
	if offer, _ := parseHead(t, res.Body).ld("Product")["offers"].(map[string]any); offer["availability"] != "https://schema.org/InStock" || offer["price"] != "39.99" {
		t.Errorf("after a restock and a new price the offer says %v", offer)
	}
}

// A page that is not there answers 404 with the app's page (so the app
// shows its not-found screen) and a head that keeps it out; an address that
// moved answers 301.
func TestPageStatus(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	inactive := testapp.NewProduct(t, h.App, testapp.Product{Name: "Old Truss", PriceCents: 100, Stock: 1, Inactive: true})
	for _, c := range []struct {
		url, title string
		status     int
		screen     bool // the not-found page's first screen (not on a product's address)
	}{
		{"/no/such/page", "Page not found", http.StatusNotFound, true},
		{"/ru/nothing-here", "Страница не найдена", http.StatusNotFound, true},
		{"/products/nosuchproduct00", "Page not found", http.StatusNotFound, false},
		{"/zh/products/" + inactive.Id, "页面未找到", http.StatusNotFound, false},
		{"/products/" + inactive.Id + "/reviews", "Page not found", http.StatusNotFound, true},
	} {
		res := h.Client.Do(http.MethodGet, c.url, nil)
		head := parseHead(t, res.Body)
		if res.Status != c.status || !strings.HasPrefix(head.Title, c.title) || !strings.Contains(head.meta("robots"), "noindex") || head.Canonical != "" {
			t.Errorf("GET %s: %d title %q robots %q canonical %q; want %d, %q, noindex", c.url, res.Status, head.Title, head.meta("robots"), head.Canonical, c.status, c.title)
		}
		// An unknown address comes with the not-found page in its language (the app's own, rendered
		// at build); an unknown product with the plain page (the app says "Product not found").
		screen := bytes.Contains(res.Body, []byte(`<div id="root" data-first-screen="`+head.Lang+`">`))
		if c.screen && (!screen || !bytes.Contains(res.Body, []byte(">"+c.title+"</h1>"))) {
			t.Errorf("GET %s: the not-found page's first screen is missing", c.url)
		}
		if !c.screen && (screen || !bytes.Contains(res.Body, []byte(`<div id="root">`))) {
			t.Errorf("GET %s: not the app's plain page", c.url)
		}
	}
	for url, to := range map[string]string{"/products?category=Sound": "/?category=Sound", "/ru/products": "/ru/"} {
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusMovedPermanently || res.Header.Get("Location") != to {
			t.Errorf("GET %s: %d to %q, want 301 to %q", url, res.Status, res.Header.Get("Location"), to)
		}
	}
}

// The app moves between pages by itself; GET /api/head answers the head
// (and status) the server would send the page at an address with, so the
// app puts the same in place.
func TestPageHeadAPI(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	fog := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3, Category: "Lighting",
		NameLocalized: map[string]string{"ru": "Генератор дыма"}})
	type answer struct {
		Status int    `json:"status"`
		Lang   string `json:"lang"`
		HTML   string `json:"html"`
	}
	ask := func(path string) (answer, int) {
		t.Helper()
		res := h.Client.Do(http.MethodGet, "/api/head?path="+url.QueryEscape(path), nil)
		var a answer
		if res.Status == http.StatusOK {
			if err := json.Unmarshal(res.Body, &a); err != nil {
				t.Fatalf("GET /api/head?path=%s: %v", path, err)
			}
		}
		return a, res.Status
	}
	served := h.Client.Do(http.MethodGet, "/ru/products/"+fog.Id, nil)
	a, status := ask("/ru/products/" + fog.Id)
	want := parseHead(t, served.Body)
	got := parseHead(t, []byte("<!doctype html><html lang=\""+a.Lang+"\"><head>"+a.HTML+"</head></html>"))
	if status != http.StatusOK || a.Status != http.StatusOK || a.Lang != "ru" || got.Title != want.Title || got.Canonical != want.Canonical ||
		len(got.JSONLD) != 2 || got.meta("description") != want.meta("description") {
		t.Errorf("the Russian product's head: %d %+v\nserved with %+v", status, got, want)
	}
	if a, _ := ask("/zh/no/such/page"); a.Status != http.StatusNotFound || a.Lang != "zh" || !strings.Contains(a.HTML, "noindex") {
		t.Errorf("an unknown page's head: %+v", a)
	}
	if a, _ := ask("/products?category=Sound"); a.Status != http.StatusOK || !strings.Contains(a.HTML, `href="http://`) || !strings.Contains(a.HTML, "/?category=Sound") {
		t.Errorf("a moved address's head is its new page's: %+v", a)
	}
	for _, bad := range []string{"", "products", "https://evil.example/", "//evil.example/x"} {
		if _, status := ask(bad); status != http.StatusBadRequest {
			t.Errorf("GET /api/head?path=%q: %d, want 400", bad, status)
		}
	}
}
