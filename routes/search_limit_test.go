package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/routes"
)

// Issue 43: searches and suggestions are limited per address by the
// shop's rule among the dashboard's rate limits (300 a minute as shipped);
// past it 429 with Retry-After, whatever the text. A list without a text,
// an admin's list and superusers are not counted.
func TestSearchesLimitedPerAddress(t *testing.T) {
	h := newLimitedHarness(t)
	c := h.Client
	s := h.App.Settings()
	rule, ok := s.RateLimits.FindRateLimitRule([]string{routes.SearchRule})
	if !ok || rule.MaxRequests != 300 || rule.Duration != 60 {
		t.Fatalf("rule %+v %v, want 300 a minute", rule, ok)
	}
	for i := range s.RateLimits.Rules { // a smaller figure, as an admin may set
		if s.RateLimits.Rules[i].Label == routes.SearchRule {
			s.RateLimits.Rules[i].MaxRequests = 4
		}
	}
	if err := h.App.Save(s); err != nil {
		t.Fatal(err)
	}
	testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", Stock: 5})
	for _, path := range []string{"/api/products?search=fog", "/api/products?search=fogg+machine", "/api/products/suggest?q=fo", "/api/products/suggest?q=fog+m"} {
		if r := c.Do("GET", path, nil); r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Body)
		}
	}
	for _, path := range []string{"/api/products?search=fog", "/api/products/suggest?q=zzzzzzzzzzzzzzzzzzz"} {
		r := c.Do("GET", path, nil)
		expectErr(t, r, http.StatusTooManyRequests, "rate_limited")
		if r.Header.Get("Retry-After") != "60" {
			t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
		}
	}
	if r := c.Do("GET", "/api/products?page=1", nil); r.Status != http.StatusOK {
		t.Errorf("a list without a text: %d", r.Status)
	}
	root := superuserToken(t, h.App)
	if r := c.Do("GET", "/api/products?search=fog", nil, testapp.Auth(root)...); r.Status != http.StatusOK {
		t.Errorf("a superuser's search: %d", r.Status)
	}
}
