package routes_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/testapp"
)

// The embedded app answers every client route with index.html, serves its
// files with the right caching, and never shadows /api/ or the dashboard.
func TestSPA(t *testing.T) {
	scenarios := []tests.ApiScenario{
		{Name: "client route gets index.html", Method: http.MethodGet, URL: "/contact?x=1",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id=root>`}},
		{Name: "no such product: index.html with 404", Method: http.MethodGet, URL: "/products/abc?x=1",
			ExpectedStatus: 404, ExpectedContent: []string{`<div id=root>`}},
		{Name: "no such page: index.html with 404", Method: http.MethodGet, URL: "/no/such/page",
			ExpectedStatus: 404, ExpectedContent: []string{`<div id=root>`}},
		{Name: "root gets index.html", Method: http.MethodGet, URL: "/",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id=root>`}},
		{Name: "asset as it is without gzip", Method: http.MethodGet, URL: "/assets/app-1a2b.js",
			ExpectedStatus: 200, ExpectedContent: []string{"console.log('stage equipment')"}},
		{Name: "missing asset is a real 404", Method: http.MethodGet, URL: "/assets/nope.js",
			ExpectedStatus: 404, ExpectedContent: []string{"Not found"}, NotExpectedContent: []string{"root"}},
		{Name: "unknown API path is the 404 envelope", Method: http.MethodGet, URL: "/api/nothing/here",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`, `"code":"not_found"`}},
		{Name: "unknown API path with POST too", Method: http.MethodPost, URL: "/api/nothing",
			ExpectedStatus: 404, ExpectedContent: []string{`"code":"not_found"`}},
		{Name: "PocketBase health is not shadowed", Method: http.MethodGet, URL: "/api/health",
			ExpectedStatus: 200, ExpectedContent: []string{`API is healthy`}},
		// The dashboard at /_/ is registered by `serve` itself (not present in
		// test apps); its route is more specific than ours, see e2e for a check.
		{Name: "locales are served", Method: http.MethodGet, URL: "/locales/en/common.json",
			ExpectedStatus: 200, ExpectedContent: []string{`"products":"Products"`}},
		{Name: "path tricks stay inside the site", Method: http.MethodGet, URL: "/..%2f..%2fgo.mod",
			ExpectedStatus: 404, NotExpectedContent: []string{"module stageshop"}},
	}
	for _, s := range scenarios {
		s.TestAppFactory = testapp.Factory
		s.Test(t)
	}
}

// Hashed assets are cached for good and sent gzip-compressed when the
// browser accepts it; index.html is revalidated every time.
func TestSPAAssetCachingAndCompression(t *testing.T) {
	js := string(testapp.Site["assets/app-1a2b.js"].Data)
	h := testapp.NewHarness(t)
	for _, c := range []struct {
		url, accept, wantEncoding, wantCache string
	}{
		{"/assets/app-1a2b.js", "gzip, deflate, br", "gzip", "immutable"},
		{"/assets/app-1a2b.js", "br", "", "immutable"},
		{"/assets/app-1a2b.js", "gzip;q=0", "", "immutable"},
		{"/shop/page", "gzip", "", "no-cache"}, // index.html is tiny here: not worth compressing
	} {
		res := h.Client.Do(http.MethodGet, c.url, nil, "Accept-Encoding", c.accept)
		body := res.Body
		if got := res.Header.Get("Content-Encoding"); got != c.wantEncoding {
			t.Errorf("%s with %q: Content-Encoding %q, want %q", c.url, c.accept, got, c.wantEncoding)
		}
		if !strings.Contains(res.Header.Get("Cache-Control"), c.wantCache) {
			t.Errorf("%s: Cache-Control %q, want %q", c.url, res.Header.Get("Cache-Control"), c.wantCache)
		}
		if c.wantEncoding == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("%s: not gzip: %v", c.url, err)
			}
			plain, _ := io.ReadAll(zr)
			if string(plain) != js {
				t.Errorf("%s: gzip body does not decompress to the asset", c.url)
			}
			if len(body) >= len(js)/2 {
				t.Errorf("%s: %d compressed bytes for %d", c.url, len(body), len(js))
			}
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
				t.Errorf("%s: Content-Type %q", c.url, res.Header.Get("Content-Type"))
			}
		}
	}
}
