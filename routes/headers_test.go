package routes_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"stageshop/internal/testapp"
)

func sha256Source(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// The app's pages allow their own inline scripts by hash and nothing else
// inline; no other site may frame them. Every answer carries the referrer
// and permissions policies; HSTS only over HTTPS.
func TestBrowserSecurityHeaders(t *testing.T) {
	guard, loader := "var startLanguage = null;", "(function(){boot()})()"
	site := fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><html lang="en"><head><script>` + guard +
		`</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div><script>` + loader + `</script></body></html>`)}}
	h := testapp.NewHarnessSite(t, site)
	// The not-found page is the app's page too (404).
	for path, status := range map[string]int{"/": http.StatusOK, "/contact": http.StatusOK, "/no-such-page": http.StatusNotFound} {
		r := h.Client.Do("GET", path, nil)
		csp := r.Header.Get("Content-Security-Policy")
		if r.Status != status || csp == "" {
			t.Fatalf("%s: %d, CSP %q", path, r.Status, csp)
		}
		var scriptSrc string
		for _, d := range strings.Split(csp, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(d), "script-src "); ok {
				scriptSrc = v
			}
		}
		if scriptSrc != "'self' "+sha256Source(guard)+" "+sha256Source(loader) {
			t.Errorf("%s: script-src %q", path, scriptSrc)
		}
		for _, want := range []string{"frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP lacks %q: %s", path, want, csp)
			}
		}
		if r.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: X-Frame-Options %q", path, r.Header.Get("X-Frame-Options"))
		}
	}
	for _, path := range []string{"/", "/api/products", "/api/nope"} {
		r := h.Client.Do("GET", path, nil)
		if got := r.Header.Get("Referrer-Policy"); got != "strict-origin-when-cross-origin" {
			t.Errorf("%s: Referrer-Policy %q", path, got)
		}
		if got := r.Header.Get("Permissions-Policy"); !strings.Contains(got, "camera=()") || !strings.Contains(got, "geolocation=()") {
			t.Errorf("%s: Permissions-Policy %q", path, got)
		}
		if got := r.Header.Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s over HTTP: HSTS %q", path, got)
		}
	}
	r := h.Client.Do("GET", "/", nil, "X-Forwarded-Proto", "https")
	if got := r.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=31536000") {
		t.Errorf("over HTTPS: HSTS %q", got)
	}
}
