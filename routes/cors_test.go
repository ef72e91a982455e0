package routes_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"stageshop/internal/testapp"
)

// Cross-origin answers name only the shop's own origin (its public URL),
// never "*": another site's scripts cannot read the API with a visitor's
// browser.
func TestCORSOnlyTheShopsOrigin(t *testing.T) {
	h := testapp.NewHarness(t)
	h.App.Settings().Meta.AppURL = "https://shop.example/"
	send := func(method, origin string) http.Header {
		req := httptest.NewRequest(method, "/api/products", nil)
		req.Header.Set("Origin", origin)
		if method == http.MethodOptions {
			req.Header.Set("Access-Control-Request-Method", "POST")
		}
		rec := httptest.NewRecorder()
		h.Client.Handler.ServeHTTP(rec, req)
		return rec.Header()
	}
	for _, method := range []string{http.MethodGet, http.MethodOptions} {
		if got := send(method, "https://evil.example").Get("Access-Control-Allow-Origin"); got != "" {
			t.Errorf("%s from another origin: Access-Control-Allow-Origin %q", method, got)
		}
		if got := send(method, "https://shop.example").Get("Access-Control-Allow-Origin"); got != "https://shop.example" {
			t.Errorf("%s from the shop: Access-Control-Allow-Origin %q", method, got)
		}
	}
	h.App.Settings().Meta.AppURL = ""
	if got := send(http.MethodGet, "null").Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("no public URL: Access-Control-Allow-Origin %q", got)
	}
}
