package routes_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"stageshop/internal/testapp"
	"stageshop/shop/catalog"
	"stageshop/shop/site"
)

// firstScreenSite is a built app as far as the first screen needs it: an
// index.html of the real shape and the app's real translations.
func firstScreenSite(t *testing.T) fstest.MapFS {
	t.Helper()
	// The app's own index.html: the shell the server cuts (pagehead.Shell).
	index, err := os.ReadFile("../app/index.html")
	if err != nil {
		t.Fatal(err)
	}
	site := fstest.MapFS{"index.html": {Data: index}}
	for _, lang := range []string{"en", "ru", "zh"} {
		for _, ns := range []string{"common", "shop", "seo", "account", "checkout"} {
			name := "locales/" + lang + "/" + ns + ".json"
			raw, err := os.ReadFile("../app/public/" + name)
			if err != nil {
				t.Fatalf("read %s: %v", name, err)
			}
			site[name] = &fstest.MapFile{Data: raw}
		}
	}
	return site
}

// The home arrives with its first screen in the HTML: in the shopper's
// language, with the newest four products, escaped, and current after a
// catalog change. Anything but the plain home gets the plain index.html.
func TestHomeFirstScreen(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	// Sold out, as is the newest: newest first lists in-stock products first (issue 35), so
	// the first row is the three in stock and the newest sold-out one.
	oldest := testapp.NewProduct(t, h.App, testapp.Product{Name: "Oldest Stand", PriceCents: 1000, Stock: 0})
	for _, name := range []string{"Par Can", "Fog Machine", "Truss Clamp"} {
		testapp.NewProduct(t, h.App, testapp.Product{Name: name, PriceCents: 123456, Stock: 7,
			NameLocalized: map[string]string{"ru": name + " RU"}})
	}
	evil := testapp.NewProduct(t, h.App, testapp.Product{Name: `<img src=x onerror=alert(1)>"`, PriceCents: 5, Stock: 0})

	home := func(url string, headers ...string) (string, http.Header) {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil, headers...)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		return string(res.Body), res.Header
	}

	body, header := home("/")
	for _, want := range []string{
		`<html lang="en">`, `<div id="root" data-first-screen="en">`, `class="boot-header"`,
		"Professional Stage Equipment", "5 products found", "Truss Clamp", "Fog Machine", "Par Can",
		"$1,234.56", "7 in stock", "$0.05", "Out of Stock",
		`&lt;img src=x onerror=alert(1)&gt;&#34;`, `href="/products/` + evil.Id + `"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the home's first screen lacks %q", want)
		}
	}
	if strings.Contains(body, "<img src=x") {
		t.Error("a product name reached the page unescaped")
	}
	if strings.Contains(body, "Oldest Stand") {
		t.Error("the first screen shows one row of four cards, the oldest product is not in it")
	}
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("Content-Type %q", ct)
	}
	if vary := strings.Join(header.Values("Vary"), ","); !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
		t.Errorf("Vary %q: the page depends on the language", vary)
	}
	if cc := header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("Cache-Control %q", cc)
	}

	// The language is the address's; the English home also for a cookie or
	// browser of another language when it is asked for without them.
	for _, c := range []struct {
		url, lang, want string
		headers         []string
	}{
		{"/ru/", "ru", "Найдено товаров: 5", nil},
		{"/ru/", "ru", "Truss Clamp RU", []string{"Cookie", "i18next=en"}},
		{"/zh/", "zh", "找到 5 件产品", []string{"Accept-Language", "ru"}},
		{"/zh/", "zh", "专业舞台设备", []string{"Cookie", "i18next=ru"}},
		{"/?lng=%3Cscript%3E", "en", "5 products found", nil},
	} {
		body, _ := home(c.url, c.headers...)
		if !strings.Contains(body, `<html lang="`+c.lang+`">`) || !strings.Contains(body, c.want) {
			t.Errorf("GET %s %v: want lang %s and %q", c.url, c.headers, c.lang, c.want)
		}
	}

	// Other starts (a category with a filter, a search, other screens) get the plain index.html.
	for _, url := range []string{"/?category=Sound&inStock=true", "/ru/?search=par", "/checkout", "/login"} {
		body, _ := home(url)
		if strings.Contains(body, `data-first-screen="`) || !strings.Contains(body, `<div id="root"><div class="boot-header">`) {
			t.Errorf("GET %s should be the plain index.html", url)
		}
	}

	// Compressed for browsers that take gzip, the same page.
	res := h.Client.Do(http.MethodGet, "/", nil, "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != body {
		t.Error("the gzip page differs from the plain one")
	}

	// A catalog change shows at once (the page is kept per catalog generation).
	evil.Set("isActive", false)
	if err := h.App.Save(evil); err != nil {
		t.Fatal(err)
	}
	body, _ = home("/")
	if strings.Contains(body, "onerror") || !strings.Contains(body, "Oldest Stand") || !strings.Contains(body, "4 products found") {
		t.Error("after a product was deactivated the first screen still shows it")
	}

	// A product's page: its photo, name, price (as Russian readers write it) and stock, escaped; inactive
	// and unknown products are not found (404, the app's not-found page).
	body, _ = home("/ru/products/" + oldest.Id)
	for _, want := range []string{`<div id="root" data-first-screen="ru">`, "<h1 class=\"rt-Heading rt-r-size-7\">Oldest Stand</h1>",
		"10,00\u00a0$", "Нет в наличии", `<img src="/images/products/`} {
		if !strings.Contains(body, want) {
			t.Errorf("the product page's first screen lacks %q", want)
		}
	}
	if res := h.Client.Do(http.MethodGet, "/products/"+evil.Id, nil); res.Status != http.StatusNotFound || strings.Contains(string(res.Body), `data-first-screen="`) {
		t.Errorf("an inactive product's page: %d, want 404 without a first screen", res.Status)
	}
	evil.Set("isActive", true)
	if err := h.App.Save(evil); err != nil {
		t.Fatal(err)
	}
	body, _ = home("/products/" + evil.Id)
	if !strings.Contains(body, `data-first-screen="`) || !strings.Contains(body, "&lt;img src=x onerror=alert(1)&gt;&#34;</h1>") || strings.Contains(body, "<img src=x") {
		t.Error("the product page's first screen must show the name, escaped")
	}
	if res := h.Client.Do(http.MethodGet, "/products/nosuchproduct00", nil); res.Status != http.StatusNotFound || strings.Contains(string(res.Body), `data-first-screen="`) {
		t.Errorf("an unknown product's page: %d, want 404 without a first screen", res.Status)
	}
	// A path below a product is no page at all: the not-found page.
	if res := h.Client.Do(http.MethodGet, "/products/"+oldest.Id+"/more", nil); res.Status != http.StatusNotFound || !strings.Contains(string(res.Body), "Page not found</h1>") {
		t.Errorf("a path below a product: %d, want 404 with the not-found page", res.Status)
	}
}

// Issue 50, text without script: a category's page arrives with every
// product of its first page (name, price in the page's language, link in
// its language) and the category chosen and named, and an information
// page with its title and body, in en, ru and zh; a page without a body in
// the language shows the English one, marked as English, as the app does.
func TestCategoryAndInfoFirstScreens(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	get := func(url string) string {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		return string(res.Body)
	}
	// More than the home's first row: the category's page lists its whole first page.
	var lighting []string
	for i, name := range []string{"Par Can", "Fog Machine", "Moving Head", "Blinder", "Batten", "Profile"} {
		p := testapp.NewProduct(t, h.App, testapp.Product{Name: name, Category: "Lighting", PriceCents: int64(123456 + i), Stock: 3,
			NameLocalized: map[string]string{"ru": name + " RU", "zh": name + " ZH"}})
		lighting = append(lighting, p.Id)
	}
	testapp.NewProduct(t, h.App, testapp.Product{Name: "Mixing Desk", Category: "Sound", PriceCents: 9900, Stock: 3})

	for _, c := range []struct {
		url, lang, prefix, suffix, price, count string
	}{
		{"/?category=Lighting", "en", "", "", "$1,234.56", "6 products found in Lighting"},
		{"/ru/?category=lighting", "ru", "/ru", " RU", "1\u00a0234,56\u00a0$", "Найдено товаров: 6 в категории «Свет»"},
		{"/zh/?category=Lighting", "zh", "/zh", " ZH", "US$1,234.56", "灯光"},
	} {
		body := get(c.url)
		for _, want := range []string{`<div id="root" data-first-screen="` + c.lang + `">`, c.count, c.price,
			`<option value="Lighting" selected="">`, "Profile" + c.suffix, "Par Can" + c.suffix} {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s: the category's first screen lacks %q", c.url, want)
			}
		}
		for _, id := range lighting {
			if !strings.Contains(body, `href="`+c.prefix+`/products/`+id+`"`) {
				t.Errorf("GET %s: no link to product %s", c.url, id)
			}
		}
		if strings.Contains(body, "Mixing Desk") || strings.Contains(body, `<option value="Sound" selected=""`) {
			t.Errorf("GET %s: another category's product or choice", c.url)
		}
	}
	// A category nobody sees, or one without products, has no first screen (the app shows every
	// product, or its own empty page).
	for _, url := range []string{"/?category=Nonesuch", "/?category=Stage"} {
		if body := get(url); strings.Contains(body, `data-first-screen="`) {
			t.Errorf("GET %s: want the plain index.html", url)
		}
	}

	// Information pages: the seeded returns and hire (issue 46) pages in each language, and a
	// page of the owner's in English only.
	for _, slug := range []string{"returns", "hire"} {
		infoFirstScreens(t, h, slug)
	}
	src, _ := json.Marshal(map[string]string{"en": "Our **rider** <script>alert(1)</script> for touring crews."})
	title, _ := json.Marshal(map[string]string{"en": "Rider"})
	if _, err := site.SavePage(h.App, "", site.PageInput{Slug: "rider", Title: title, Source: src}); err != nil {
		t.Fatal(err)
	}
	body := get("/zh/pages/rider")
	for _, want := range []string{`<div id="root" data-first-screen="zh">`, `<article lang="en">`, ">Rider</h1>", "<strong>rider</strong>"} {
		if !strings.Contains(body, want) {
			t.Errorf("GET /zh/pages/rider: the page's first screen lacks %q", want)
		}
	}
	if strings.Contains(body, "<script>alert") {
		t.Error("the page's body reached the first screen unsanitized")
	}
}

// infoFirstScreens checks the seeded page at /{slug} in each language: its first screen has the
// page's title and first paragraph in that language.
func infoFirstScreens(t *testing.T, h testapp.Harness, slug string) {
	t.Helper()
	page, err := site.GetPage(h.App, slug)
	if err != nil {
		t.Fatalf("the seeded %s page: %v", slug, err)
	}
	for lang, prefix := range map[string]string{"en": "", "ru": "/ru", "zh": "/zh"} {
		res := h.Client.Do(http.MethodGet, prefix+"/"+slug, nil)
		body := string(res.Body)
		first := firstParagraph(page.Body[lang])
		if res.Status != http.StatusOK || first == "" || page.Title[lang] == "" {
			t.Fatalf("GET %s/%s: %d; the seeded page's %s title %q, first paragraph %q", prefix, slug, res.Status, lang, page.Title[lang], first)
		}
		for _, want := range []string{`<div id="root" data-first-screen="` + lang + `">`, `<article lang="` + lang + `">`,
			`<h1 class="rt-Heading rt-r-size-8 rt-r-mb-4">` + html.EscapeString(page.Title[lang]) + `</h1>`, first} {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s/%s: the page's first screen lacks %q", prefix, slug, want)
			}
		}
	}
}

// firstParagraph is the text of a body's first <p>, as the served page has it.
func firstParagraph(html string) string {
	_, rest, ok := strings.Cut(html, "<p>")
	if !ok {
		return ""
	}
	p, _, _ := strings.Cut(rest, "</p>")
	return p
}

// Issue 50: the first screen's category list is the shop's categories (records), not the four
// the app ships with: one the owner adds shows in the home's list in each language, and its own
// page has it chosen; a hidden one does not show.
func TestOwnerCategoryInFirstScreens(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	if _, err := catalog.CreateCategory(h.App, catalog.CategoryInput{Name: "Rigging", NameLocalized: map[string]string{"ru": "Такелаж"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := catalog.CreateCategory(h.App, catalog.CategoryInput{Name: "Backstage", Hidden: true}); err != nil {
		t.Fatal(err)
	}
	testapp.NewProduct(t, h.App, testapp.Product{Name: "Chain Hoist", Category: "Rigging", PriceCents: 99900, Stock: 2})
	for _, c := range []struct{ url, want string }{
		{"/", `<option value="Accessories">Accessories</option><option value="Rigging">Rigging</option></select>`},
		{"/ru/", `<option value="Accessories">Аксессуары</option><option value="Rigging">Такелаж</option></select>`},
		{"/zh/", `<option value="Accessories">配件</option><option value="Rigging">Rigging</option></select>`},
		{"/?category=rigging", `<option value="Rigging" selected="">Rigging</option>`},
		{"/ru/?category=Rigging", `<option value="Rigging" selected="">Такелаж</option>`},
	} {
		res := h.Client.Do(http.MethodGet, c.url, nil)
		body := string(res.Body)
		if res.Status != http.StatusOK || !strings.Contains(body, `data-first-screen="`) {
			t.Fatalf("GET %s: %d, want 200 with a first screen", c.url, res.Status)
		}
		if !strings.Contains(body, c.want) {
			t.Errorf("GET %s: the first screen's category list lacks %q", c.url, c.want)
		}
		if strings.Contains(body, `value="Backstage"`) {
			t.Errorf("GET %s: a hidden category is listed", c.url)
		}
	}
	if body := string(h.Client.Do(http.MethodGet, "/ru/?category=Rigging", nil).Body); !strings.Contains(body, "в категории «Такелаж»") || !strings.Contains(body, "Chain Hoist") {
		t.Error("GET /ru/?category=Rigging: the count line names the category in Russian, with its product")
	}
}

// Issue 50, text without script: the FAQ arrives with its questions and answers (every group,
// the first one's tab chosen) and the contact page with its form and the shop's cards, in en, ru
// and zh, their links in the page's language; a card the owner left blank is not there.
func TestFAQAndContactFirstScreens(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	get := func(url string) string {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", url, res.Status)
		}
		body := string(res.Body)
		if !strings.Contains(body, `data-first-screen="`) {
			t.Fatalf("GET %s: no first screen", url)
		}
		return body
	}
	// The seeded FAQ, as its source has it: every "### " question, each under its "## " group.
	faq, err := site.GetPage(h.App, "faq")
	if err != nil {
		t.Fatal(err)
	}
	src := map[string]string{}
	if rec, err := h.App.FindFirstRecordByData(site.PagesCollection, "slug", "faq"); err != nil || json.Unmarshal([]byte(rec.GetString("source")), &src) != nil {
		t.Fatalf("the seeded FAQ's source: %v", err)
	}
	texts := map[string][3]string{ // the search's label, "Contact us", the form's Name label
		"en": {"Search the FAQ", "Contact Us", "Name"}, "ru": {"Поиск по вопросам", "Связаться с нами", "Имя"}, "zh": {"搜索常见问题", "联系我们", "姓名"},
	}
	for lang, prefix := range map[string]string{"en": "", "ru": "/ru", "zh": "/zh"} {
		body := get(prefix + "/faq")
		var questions, groups []string
		for _, line := range strings.Split(src[lang], "\n") {
			if q, ok := strings.CutPrefix(line, "### "); ok {
				questions = append(questions, q)
			} else if g, ok := strings.CutPrefix(line, "## "); ok {
				groups = append(groups, g)
			}
		}
		if len(groups) < 2 || len(questions) < 4 {
			t.Fatalf("the seeded %s FAQ: groups %q, questions %q", lang, groups, questions)
		}
		wants := []string{`<div id="root" data-first-screen="` + lang + `">`, `<div lang="` + lang + `">`, ">" + html.EscapeString(faq.Title[lang]) + "</h1>",
			texts[lang][0], `href="` + prefix + `/contact"`, `aria-selected="true" aria-controls="radix-`}
		for _, g := range groups {
			wants = append(wants, ">"+html.EscapeString(g)+"</span>")
		}
		for _, q := range questions {
			wants = append(wants, "<summary>"+html.EscapeString(q)+"</summary>")
		}
		for _, want := range wants {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s/faq: the first screen lacks %q", prefix, want)
			}
		}
		// An answer is the page's own HTML: the first answer's paragraph.
		if first := firstParagraph(faq.Body[lang][strings.Index(faq.Body[lang], "<h3"):]); first == "" || !regexp.MustCompile(`<div class="faq-answer">\s*<p>`+regexp.QuoteMeta(first)).MatchString(body) {
			t.Errorf("GET %s/faq: the first answer %q is not in its question", prefix, first)
		}
	}

	// The contact page: its cards are the store details the owner filled in.
	// As a browser reads it (html/template writes + as &#43;).
	page := func(prefix string) string { return html.UnescapeString(get(prefix + "/contact")) }
	if body := page(""); !strings.Contains(body, ">Send us a message</h2>") {
		t.Error("GET /contact: the form's heading")
	}
	hours, _ := json.Marshal(map[string]string{"en": "Mon-Fri 9-18\nSat 10-14", "ru": "Пн-Пт 9-18"})
	details := site.StoreInput{Name: "StageShop", Email: "help@stage.example", Phone: "+1 (555) 010-2000", Address: "1 Stage Road\nSpringfield", Hours: hours}
	details.Hero.Title = json.RawMessage(`{"en":"Gear for every show"}`)
	if _, err := site.SaveStoreDetails(h.App, details); err != nil {
		t.Fatal(err)
	}
	for lang, prefix := range map[string]string{"en": "", "ru": "/ru", "zh": "/zh"} {
		body := page(prefix)
		hoursLine := map[string]string{"en": "Sat 10-14", "ru": "Пн-Пт 9-18", "zh": "Mon-Fri 9-18"}[lang]
		for _, want := range []string{`<div id="root" data-first-screen="` + lang + `">`, ">" + texts[lang][1] + "</h1>", ">" + texts[lang][2] + "<span",
			`href="tel:+15550102000"`, ">+1 (555) 010-2000</a>", `href="mailto:help@stage.example"`, ">1 Stage Road</p>", ">Springfield</p>", ">" + hoursLine + "</p>"} {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s/contact: the first screen lacks %q", prefix, want)
			}
		}
	}
	details.Phone, details.Address, details.Hours = "", "", nil
	if _, err := site.SaveStoreDetails(h.App, details); err != nil {
		t.Fatal(err)
	}
	if body := page("/ru"); strings.Contains(body, "tel:") || !strings.Contains(body, "mailto:help@stage.example") {
		t.Error("GET /ru/contact: a card for a blank phone, or none for the e-mail")
	}
}
