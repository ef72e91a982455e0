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
	// The settings change before the server starts (the mail worker reads them).
	app := testapp.New(t)
	app.Settings().Meta.AppURL = "https://shop.example/"
	h := testapp.HarnessFor(t, app)
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
	if got := send(http.MethodGet, "null").Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("origin null: Access-Control-Allow-Origin %q", got)
	}
}
