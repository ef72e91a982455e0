package routes_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// listURLs are every list of the shop that takes a page, a page size or
// another number in its query, with who may read it ("" anyone, "user",
// "admin").
var listURLs = []struct{ path, who string }{
	{"/api/products?search=cable&", ""},
	{"/api/products?", ""},
	{"/api/products?search=cable&facets=1&inStock=1&", ""},
	{"/api/products?category=Sound&sort=price_asc&", ""},
	{"/api/products/suggest?q=cab&", ""},
	{"/?search=cable&", ""},
	{"/ru/?", ""},
	{"/api/checkout/orders?", "user"},
	{"/api/checkout/admin/orders?", "admin"},
	{"/api/checkout/admin/orders?search=x&", "admin"},
	{"/api/contact/admin/requests?", "admin"},
	{"/api/admin/emails?", "admin"},
	{"/api/admin/users?", "admin"},
	{"/api/admin/users?search=a&", "admin"},
	{"/api/admin/role-changes?", "admin"},
	{"/api/admin/categories?", "admin"},
}

// pageSeeds are the numbers a list is asked for that no list has: the
// largest and smallest 64-bit integers (issue 43: page=9223372036854775807
// panicked), past them, just past 32 bits, negatives, fractions, words.
var pageSeeds = []string{
	"9223372036854775807", "-9223372036854775808", "9223372036854775808", "99999999999999999999",
	"2147483648", "4294967296", "1000000000", "1000000001", "461168601842738790", "-1", "0", "1", "1.5", "1e3",
	"abc", "", "%00", "0x10", "+5", " 2",
}

// Every list answers any page and page size with its page (200) or 400 in
// the contract's envelope, never a 500 (issue 43 item 6). The seeds run
// with the ordinary tests; go test -fuzz=FuzzListParameters explores more.
func FuzzListParameters(f *testing.F) {
	for _, p := range pageSeeds {
		for _, s := range []string{"20", p} {
			f.Add(p, s)
		}
	}
	h := testapp.NewHarness(f)
	testapp.NewProduct(f, h.App, testapp.Product{Name: "XLR cable", PriceCents: 1000, Stock: 5})
	tokens := map[string]string{"user": testapp.NewUser(f, h.App, false).Token, "admin": testapp.NewUser(f, h.App, true).Token}
	f.Fuzz(func(t *testing.T, page, size string) {
		c := testapp.Client{T: t, Handler: h.Client.Handler}
		q := "page=" + url.QueryEscape(page) + "&pageSize=" + url.QueryEscape(size) + "&limit=" + url.QueryEscape(size)
		for _, l := range listURLs {
			var hdr []string
			if l.who != "" {
				hdr = testapp.Auth(tokens[l.who])
			}
			r := c.Do(http.MethodGet, l.path+q, nil, hdr...)
			switch {
			case r.Status >= 500:
				t.Fatalf("GET %s%s: %d %s", l.path, q, r.Status, r.Body)
			case r.Status == http.StatusBadRequest && strings.HasPrefix(l.path, "/api/"):
				if m := r.Map(t); m["code"] == nil || m["message"] == nil {
					t.Fatalf("GET %s%s: 400 outside the envelope: %s", l.path, q, r.Body)
				}
			case r.Status != http.StatusOK && r.Status != http.StatusBadRequest:
				t.Fatalf("GET %s%s: %d, want 200 or 400", l.path, q, r.Status)
			}
		}
	})
}
