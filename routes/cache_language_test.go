package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// A search or a suggestion that takes its language from the browser
// (Accept-Language, the app's cookie) says so to caches (Vary), since the
// answer is public for 10 s: a Russian answer kept for an English browser
// was issue 43 item 7. With lang= in the URL the address is the key.
func TestCatalogAnswersVaryByLanguage(t *testing.T) {
	h := testapp.NewHarness(t)
	testapp.NewProduct(t, h.App, testapp.Product{Name: "XLR cable", PriceCents: 1000, Stock: 5})
	for _, url := range []string{"/api/products?search=cable", "/api/products/suggest?q=cable"} {
		res := h.Client.Do(http.MethodGet, url, nil, "Accept-Language", "ru")
		vary := strings.Join(res.Header.Values("Vary"), ",")
		if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Cache-Control"), "public") {
			t.Fatalf("GET %s: %d %q, want a public answer", url, res.Status, res.Header.Get("Cache-Control"))
		}
		if !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
			t.Errorf("GET %s (language from the browser): Vary %q, want Accept-Language and Cookie", url, vary)
		}
		res = h.Client.Do(http.MethodGet, url+"&lang=ru", nil, "Accept-Language", "en")
		if vary := strings.Join(res.Header.Values("Vary"), ","); strings.Contains(vary, "Accept-Language") {
			t.Errorf("GET %s&lang=ru: Vary %q: the URL names the language", url, vary)
		}
	}
	// The plain list is the same in every language: still shared as one.
	res := h.Client.Do(http.MethodGet, "/api/products", nil, "Accept-Language", "ru")
	if vary := strings.Join(res.Header.Values("Vary"), ","); strings.Contains(vary, "Accept-Language") {
		t.Errorf("GET /api/products: Vary %q", vary)
	}
}
