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

// No address of the shop sends a visitor to another site (issue 43 item 1):
// browsers read "\" as "/" and drop tabs, so /\evil.example and /\t/evil.example
// are other hosts. Every redirect target starts with one "/" followed by
// neither "/" nor "\"; a page address that would lead elsewhere is 404.
func TestNoRedirectOffTheSite(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	for _, url := range []string{
		"/en/%5Cevil.example/login",
		"/en/%5C%5Cevil.example/login",
		"/%5Cevil.example/login?lng=en",
		"/ru/%5Cevil.example/login?lng=en",
		"/ru/%5C%5Cevil.example?lng=zh",
		"/en/%09/evil.example",
		"/en//evil.example/login",
		"/en/%2F%2Fevil.example",
		"/%2F%2Fevil.example?lng=ru",
		"/%5Cevil.example",
		"/api/checkout/orders/%5Cevil.example/invoice?token=expired",
	} {
		res := h.Client.Do(http.MethodGet, url, nil)
		to := res.Header.Get("Location")
		if to != "" && !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.HasPrefix(to, `/\`) || strings.ContainsAny(to, "\t\r\n") {
			t.Errorf("GET %s: %d to %q: off the site", url, res.Status, to)
		}
		if to == "" && res.Status != http.StatusNotFound && res.Status != http.StatusUnauthorized {
			t.Errorf("GET %s: %d, want 404 (not a page's address)", url, res.Status)
		}
	}
	// Ordinary addresses still move as before.
	if res := h.Client.Do(http.MethodGet, "/products/abc?lng=ru", nil); res.Header.Get("Location") != "/ru/products/abc" {
		t.Errorf("/products/abc?lng=ru: to %q", res.Header.Get("Location"))
	}
}
