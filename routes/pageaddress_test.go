package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// Old and short addresses move to the page's address in its language for
// good (301); only the English home sends a first visit on to the language
// the cookie or the browser asks for (302), and never a chosen English.
func TestPageAddressRedirects(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	for _, c := range []struct {
		url     string
		headers []string
		status  int
		to      string
		cookie  string
	}{
		{"/?lng=ru", nil, http.StatusMovedPermanently, "/ru/", "i18next=ru"},
		{"/products/abc?lng=zh-CN&ref=mail", nil, http.StatusMovedPermanently, "/zh/products/abc?ref=mail", "i18next=zh"},
		{"/ru/contact?lng=en", nil, http.StatusMovedPermanently, "/contact", "i18next=en"},
		{"/ru", nil, http.StatusMovedPermanently, "/ru/", ""},
		{"/zh?category=Sound", nil, http.StatusMovedPermanently, "/zh/?category=Sound", ""},
		{"/en/products/abc", nil, http.StatusMovedPermanently, "/products/abc", ""},
		{"/en", nil, http.StatusMovedPermanently, "/", ""},
		{"/", []string{"Cookie", "i18next=ru"}, http.StatusFound, "/ru/", ""},
		{"/?category=Sound", []string{"Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5"}, http.StatusFound, "/zh/?category=Sound", ""},
		{"/?lng=%3Cscript%3E", []string{"Accept-Language", "ru"}, http.StatusFound, "/ru/", ""},
		// A chosen English wins over the browser's language: no loop back to /ru/.
		{"/", []string{"Cookie", "i18next=en", "Accept-Language", "ru"}, http.StatusOK, "", ""},
		{"/", []string{"Accept-Language", "de-DE,en;q=0.5"}, http.StatusOK, "", ""},
		// Other pages are in the language of their address, whoever asks.
		{"/contact", []string{"Cookie", "i18next=ru", "Accept-Language", "ru"}, http.StatusOK, "", ""},
		{"/ru/", []string{"Cookie", "i18next=en"}, http.StatusOK, "", ""},
		// Not /en/: no such page (404), not moved.
		{"/enterprise", nil, http.StatusNotFound, "", ""},
	} {
		res := h.Client.Do(http.MethodGet, c.url, nil, c.headers...)
		if res.Status != c.status || res.Header.Get("Location") != c.to {
			t.Errorf("GET %s %v: %d to %q, want %d to %q", c.url, c.headers, res.Status, res.Header.Get("Location"), c.status, c.to)
		}
		if got := res.Header.Get("Set-Cookie"); (c.cookie == "") != (got == "") || !strings.HasPrefix(got, c.cookie) {
			t.Errorf("GET %s: Set-Cookie %q, want %q", c.url, got, c.cookie)
		}
		if res.Status == http.StatusFound {
			if vary := strings.Join(res.Header.Values("Vary"), ","); !strings.Contains(vary, "Cookie") || !strings.Contains(vary, "Accept-Language") {
				t.Errorf("GET %s: Vary %q: the redirect depends on the cookie and the browser's language", c.url, vary)
			}
		}
	}
}
