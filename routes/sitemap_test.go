package routes_test

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/routes"
)

type sitemapURL struct {
	Loc        string `xml:"loc"`
	LastMod    string `xml:"lastmod"`
	Alternates []struct {
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	} `xml:"http://www.w3.org/1999/xhtml link"`
}

type sitemapDoc struct {
	XMLName  xml.Name
	URLs     []sitemapURL `xml:"url"`
	Sitemaps []struct {
		Loc string `xml:"loc"`
	} `xml:"sitemap"`
}

// getSitemap fetches and parses a sitemap, gzip as crawlers ask.
func getSitemap(t *testing.T, h testapp.Harness, path string) sitemapDoc {
	t.Helper()
	res := h.Client.Do(http.MethodGet, path, nil, "Accept-Encoding", "gzip")
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET %s: %d %q %q", path, res.Status, res.Header.Get("Content-Type"), res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(zr)
	var doc sitemapDoc
	if err := xml.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("GET %s: not well-formed: %v", path, err)
	}
	return doc
}

// The sitemap lists every public page and active product in every language,
// each with its alternates (reciprocal, x-default) and, for products, the
// home and categories, when it last changed; hidden products are not in it.
// Past 50,000 addresses it is an index of sitemaps that together list the
// same. robots.txt points to it and keeps private pages out.
func TestSitemap(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	var active []string
	for i := 0; i < 5; i++ {
		active = append(active, testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 1}).Id)
	}
	hidden := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 1, Inactive: true}).Id
	base := "https://shop.example"

	listed := func(docs ...sitemapDoc) map[string]sitemapURL {
		t.Helper()
		byLoc := map[string]sitemapURL{}
		for _, d := range docs {
			for _, u := range d.URLs {
				if _, twice := byLoc[u.Loc]; twice {
					t.Errorf("%s is listed twice", u.Loc)
				}
				byLoc[u.Loc] = u
			}
		}
		return byLoc
	}
	check := func(byLoc map[string]sitemapURL) {
		t.Helper()
		for _, path := range append([]string{"/", "/?category=Lighting", "/contact", "/faq", "/privacy", "/hire"}, "/products/"+active[0], "/products/"+active[4]) {
			for _, prefix := range []string{"", "/ru", "/zh"} {
				u, ok := byLoc[base+prefix+path]
				if !ok {
					t.Errorf("%s is not in the sitemap", prefix+path)
					continue
				}
				alts := map[string]string{}
				for _, a := range u.Alternates {
					alts[a.Hreflang] = a.Href
				}
				want := map[string]string{"en": base + path, "ru": base + "/ru" + path, "zh": base + "/zh" + path, "x-default": base + path}
				for l, href := range want {
					if alts[l] != href {
						t.Errorf("%s: alternate %s %q, want %q", u.Loc, l, alts[l], href)
					}
				}
				// Every page says when it changed: a product, the catalog, an
				// information page (its record; the contact page its store details).
				if path != "/?category=Lighting" && !strings.HasPrefix(u.LastMod, "20") {
					t.Errorf("%s: lastmod %q", u.Loc, u.LastMod)
				}
			}
		}
		for loc := range byLoc {
			if strings.Contains(loc, hidden) || strings.Contains(loc, "/login") || strings.Contains(loc, "/checkout") || strings.Contains(loc, "/admin") {
				t.Errorf("%s is listed", loc)
			}
		}
		// The home, four categories, the contact page and nine page records (the hire page
		// among them, issue 46), five products.
		if len(byLoc) != 3*(1+4+10+5) {
			t.Errorf("%d addresses, want %d", len(byLoc), 3*(1+4+10+5))
		}
	}

	one := getSitemap(t, h, "/sitemap.xml")
	if one.XMLName.Local != "urlset" {
		t.Fatalf("a small shop's sitemap is a %s", one.XMLName.Local)
	}
	check(listed(one))

	// Past the limit an index of sitemaps, each within it, listing the same.
	defer routes.SetMaxSitemapURLs(6)()
	index := getSitemap(t, h, "/sitemap.xml")
	if index.XMLName.Local != "sitemapindex" || len(index.Sitemaps) != 4 {
		t.Fatalf("past the limit: a %s of %d sitemaps, want an index of 4 (pages and 5 products by 2)", index.XMLName.Local, len(index.Sitemaps))
	}
	var docs []sitemapDoc
	for _, s := range index.Sitemaps {
		d := getSitemap(t, h, strings.TrimPrefix(s.Loc, base))
		if strings.Contains(s.Loc, "products") && len(d.URLs) > 6 {
			t.Errorf("%s lists %d addresses", s.Loc, len(d.URLs))
		}
		docs = append(docs, d)
	}
	check(listed(docs...))
	if res := h.Client.Do(http.MethodGet, "/sitemaps/products-x.xml", nil); res.Status != http.StatusNotFound {
		t.Errorf("an unknown sitemap: %d", res.Status)
	}
	// Past the last product there is no sitemap: an empty urlset is invalid
	// (the schema wants one url or more), so products-4 is not found.
	for _, s := range index.Sitemaps {
		if strings.HasSuffix(s.Loc, "products-4.xml") {
			t.Errorf("the index lists %s, which has no product", s.Loc)
		}
	}
	if res := h.Client.Do(http.MethodGet, "/sitemaps/products-4.xml", nil); res.Status != http.StatusNotFound {
		t.Errorf("/sitemaps/products-4.xml (no product left for it): %d, want 404", res.Status)
	}

	res := h.Client.Do(http.MethodGet, "/robots.txt", nil)
	robots := string(res.Body)
	for _, want := range []string{"Sitemap: " + base + "/sitemap.xml", "Disallow: /checkout\n", "Disallow: /ru/checkout\n", "Disallow: /zh/admin\n", "Disallow: /login\n", "Disallow: /account/orders\n", "Disallow: /api/\n"} {
		if !strings.Contains(robots, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, robots)
		}
	}
	// Crawlers read no route patterns: no ":id", and /checkout covers /checkout/payment/:id.
	for _, line := range strings.Split(robots, "\n") {
		if rule, ok := strings.CutPrefix(line, "Disallow: "); ok && (strings.Contains(rule, ":") || strings.HasPrefix(rule, "/checkout/")) {
			t.Errorf("robots.txt: %q is a route pattern, or one /checkout covers", line)
		}
	}
	if strings.Contains(robots, "Disallow: /products") || strings.Contains(robots, "Disallow: /\n") {
		t.Errorf("robots.txt keeps public pages out:\n%s", robots)
	}
}
