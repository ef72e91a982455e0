package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

type pageJSON struct {
	Slug      string            `json:"slug"`
	Title     map[string]string `json:"title"`
	Body      map[string]string `json:"body"`
	Source    map[string]string `json:"source"`
	SortOrder int               `json:"sortOrder"`
}

// The information pages are records: everyone reads them (the demo texts
// in English, Russian and Chinese), admins add, edit and delete them; what
// an admin writes is sanitized on the server (no script, no on* attribute,
// no javascript: link) and bad input is refused field by field, writing
// nothing.
func TestPagesAPI(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	auth := testapp.Auth(admin.Token)

	var list []pageJSON
	wantStatus(t, c.Do("GET", "/api/pages", nil), 200, &list)
	slugs := []string{}
	for _, p := range list {
		slugs = append(slugs, p.Slug)
	}
	if strings.Join(slugs, ",") != "about,shipping,returns,warranty,hire,faq,privacy,terms,cookies" {
		t.Fatalf("demo pages %v", slugs)
	}
	var privacy pageJSON
	wantStatus(t, c.Do("GET", "/api/pages/privacy", nil), 200, &privacy)
	if privacy.Title["zh"] != "隐私政策" || !strings.Contains(privacy.Body["zh"], "<h2>您的权利</h2>") ||
		!strings.Contains(privacy.Body["en"], `<a href="/contact">Contact Us</a>`) || privacy.Source != nil {
		t.Fatalf("privacy %+v", privacy)
	}
	expectErr(t, c.Do("GET", "/api/pages/no-such-page", nil), 404, "not_found")
	expectErr(t, c.Do("GET", "/api/pages/..%2Fadmin", nil), 404, "not_found")

	page := map[string]any{"slug": "rental-terms", "title": map[string]string{"en": "Rental terms", "zh": "租赁条款"}, "sortOrder": 95,
		"source": map[string]string{
			"en": "## Deposits\n\nA deposit is due. <script>alert(1)</script><a href=\"javascript:alert(2)\" onclick=\"alert(3)\">x</a>",
			"zh": "## 押金\n\n<img src=\"/x.png\" onerror=\"alert(4)\">需支付押金。",
		}}
	expectErr(t, c.Do("POST", "/api/admin/pages", page), 401, "unauthorized")
	expectErr(t, c.Do("POST", "/api/admin/pages", page, testapp.Auth(customer.Token)...), 403, "forbidden")
	var made pageJSON
	wantStatus(t, c.Do("POST", "/api/admin/pages", page, auth...), 201, &made)
	for _, body := range made.Body {
		for _, bad := range []string{"<script", "alert(", "javascript:", "onclick", "onerror"} {
			if strings.Contains(body, bad) {
				t.Errorf("a saved page keeps %q: %s", bad, body)
			}
		}
	}
	if !strings.Contains(made.Body["en"], "<h2>Deposits</h2>") || !strings.Contains(made.Body["zh"], "需支付押金") ||
		!strings.Contains(made.Source["en"], "<script>") {
		t.Fatalf("made %+v", made)
	}
	env := wantError(t, c.Do("POST", "/api/admin/pages", page, auth...), 409, "page_exists")
	wantFields(t, env, "slug")

	bad := map[string]any{"slug": "Bad Slug!", "title": map[string]string{"ru": "Без английского"}, "source": map[string]string{"zh": "只有中文"}, "sortOrder": -1}
	env = wantError(t, c.Do("POST", "/api/admin/pages", bad, auth...), 400, "validation_failed")
	wantFields(t, env, "slug", "title.en", "source.en", "sortOrder")
	expectErr(t, c.Do("POST", "/api/admin/pages", `{"slug": 5}`, auth...), 400, "")
	expectErr(t, c.Do("PUT", "/api/admin/pages/no-such-page", page, auth...), 404, "not_found")

	edit := map[string]any{"title": map[string]string{"en": "Rental terms", "zh": "租赁条款（新）"}, "source": map[string]string{"en": "New text."}, "sortOrder": 5}
	var edited pageJSON
	wantStatus(t, c.Do("PUT", "/api/admin/pages/rental-terms", edit, auth...), 200, &edited)
	if edited.Slug != "rental-terms" || edited.Body["en"] != "<p>New text.</p>" || edited.Body["zh"] != "" || edited.SortOrder != 5 {
		t.Fatalf("edited %+v", edited)
	}
	wantStatus(t, c.Do("GET", "/api/pages", nil), 200, &list)
	if list[0].Slug != "rental-terms" {
		t.Fatalf("the footer's order: %v", list)
	}
	wantStatus(t, c.Do("DELETE", "/api/admin/pages/rental-terms", nil, auth...), 200, nil)
	expectErr(t, c.Do("GET", "/api/pages/rental-terms", nil), 404, "not_found")
}

// The information pages' served heads read the records, in the address's
// language, and follow an admin's edit at once (the page cache is
// dropped); a page added later has its own address (/pages/{slug}) and is
// in the sitemap; a deleted page answers 404 and leaves the sitemap.
func TestPageRecordsOnServedPages(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	head := func(url string, status int) pageHead {
		t.Helper()
		res := h.Client.Do(http.MethodGet, url, nil)
		if res.Status != status {
			t.Fatalf("GET %s: %d, want %d", url, res.Status, status)
		}
		return parseHead(t, res.Body)
	}
	if zh := head("/zh/privacy", 200); !strings.HasPrefix(zh.Title, "隐私政策") || !strings.Contains(zh.meta("description"), "我们只收集") {
		t.Fatalf("the Chinese privacy page's head: %q %q", zh.Title, zh.meta("description"))
	}
	edit := map[string]any{"title": map[string]string{"en": "Privacy Policy", "zh": "隐私声明"}, "source": map[string]string{"en": "We keep little.", "zh": "我们很少保存数据。"}, "sortOrder": 60}
	wantStatus(t, h.Client.Do("PUT", "/api/admin/pages/privacy", edit, auth...), 200, nil)
	if zh := head("/zh/privacy", 200); !strings.HasPrefix(zh.Title, "隐私声明") || zh.meta("description") != "我们很少保存数据。" {
		t.Fatalf("after the edit: %q %q", zh.Title, zh.meta("description"))
	}
	added := map[string]any{"slug": "rental-terms", "title": map[string]string{"en": "Rental terms"}, "source": map[string]string{"en": "Deposits apply."}}
	wantStatus(t, h.Client.Do("POST", "/api/admin/pages", added, auth...), 201, nil)
	if h := head("/pages/rental-terms", 200); !strings.HasPrefix(h.Title, "Rental terms") || h.Canonical != "https://shop.example/pages/rental-terms" {
		t.Fatalf("the added page's head: %q %q", h.Title, h.Canonical)
	}
	sitemap := string(h.Client.Do(http.MethodGet, "/sitemap.xml", nil).Body)
	if !strings.Contains(sitemap, "https://shop.example/pages/rental-terms") || !strings.Contains(sitemap, "https://shop.example/cookies") {
		t.Fatal("the sitemap lacks the pages")
	}
	wantStatus(t, h.Client.Do("DELETE", "/api/admin/pages/cookies", nil, auth...), 200, nil)
	head("/cookies", 404)
	head("/pages/no-such-page", 404)
	if sitemap := string(h.Client.Do(http.MethodGet, "/sitemap.xml", nil).Body); strings.Contains(sitemap, "https://shop.example/cookies") {
		t.Fatal("the sitemap keeps a deleted page")
	}
}

// A page written through the PocketBase dashboard (its records API, as a
// superuser) is sanitized like one written through the shop's API: an
// <img onerror> saved as the body reached the page (issue 43 item 8).
func TestDashboardPageWritesAreSanitized(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	su := testapp.Auth(superuserToken(t, h.App))
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	wantStatus(t, c.Do("POST", "/api/admin/pages", map[string]any{"slug": "about-us", "title": "About", "source": "Hello"}, admin...), http.StatusCreated, nil)
	rec, err := h.App.FindFirstRecordByData("pages", "slug", "about-us")
	if err != nil {
		t.Fatal(err)
	}
	hostile := `<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>`
	for _, body := range []map[string]any{
		{"body": map[string]string{"en": hostile, "ru": hostile}},
		{"source": map[string]string{"en": "Hello " + hostile}},
	} {
		wantStatus(t, c.Do("PATCH", "/api/collections/pages/records/"+rec.Id, body, su...), http.StatusOK, nil)
		var page struct {
			Body map[string]string `json:"body"`
		}
		wantStatus(t, c.Do("GET", "/api/pages/about-us", nil), http.StatusOK, &page)
		for lang, html := range page.Body {
			if strings.Contains(html, "onerror") || strings.Contains(html, "<script") || strings.Contains(html, "javascript:") || !strings.Contains(html, "Hi") {
				t.Errorf("after the dashboard's %v the %s page is %q", body, lang, html)
			}
		}
	}
	// A dashboard record created from scratch too.
	r := c.Do("POST", "/api/collections/pages/records", map[string]any{"slug": "raw", "title": map[string]string{"en": "Raw"},
		"source": map[string]string{"en": "x"}, "body": map[string]string{"en": hostile}}, su...)
	if r.Status != http.StatusOK {
		t.Fatalf("create in the dashboard: %d %s", r.Status, r.Body)
	}
	var page struct {
		Body map[string]string `json:"body"`
	}
	wantStatus(t, c.Do("GET", "/api/pages/raw", nil), http.StatusOK, &page)
	if strings.Contains(page.Body["en"], "onerror") || strings.Contains(page.Body["en"], "<script") {
		t.Errorf("created in the dashboard: %q", page.Body["en"])
	}
}
