package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// get sends a GET with extra headers (pairs) and returns the answer.
func get(c testapp.Client, url string, headers ...string) testapp.Response {
	return c.Do("GET", url, nil, headers...)
}

// Public catalog reads carry an ETag and a short public max-age, answer
// 304 to a matching If-None-Match (plain and gzip alike, each with its own
// tag), and get a new tag when the product changes (stock included).
func TestCatalogCaching(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{Stock: 5})

	for _, url := range []string{"/api/products?page=1&pageSize=20", "/api/products/" + p.Id, "/api/products/categories"} {
		first := get(c, url)
		etag := first.Header.Get("ETag")
		if first.Status != 200 || etag == "" || first.Header.Get("Cache-Control") != "public, max-age=10" {
			t.Fatalf("%s: %d ETag %q Cache-Control %q", url, first.Status, etag, first.Header.Get("Cache-Control"))
		}
		if !strings.Contains(strings.Join(first.Header.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s: Vary %v, want Accept-Encoding", url, first.Header.Values("Vary"))
		}
		again := get(c, url, "If-None-Match", etag)
		if again.Status != http.StatusNotModified || len(again.Body) != 0 || again.Header.Get("ETag") != etag ||
			again.Header.Get("Cache-Control") != "public, max-age=10" {
			t.Errorf("%s revalidated: %d %q ETag %q", url, again.Status, again.Body, again.Header.Get("ETag"))
		}
		if weak := get(c, url, "If-None-Match", `"other", W/`+etag); weak.Status != http.StatusNotModified {
			t.Errorf("%s with a weakened tag in a list: %d, want 304", url, weak.Status)
		}
		if other := get(c, url, "If-None-Match", `"other"`); other.Status != 200 || len(other.Body) == 0 {
			t.Errorf("%s with another tag: %d, want 200 with the body", url, other.Status)
		}
	}

	// The list is big enough to be sent compressed: another representation,
	// another tag, revalidated the same way.
	for i := 0; i < 10; i++ {
		testapp.NewProduct(t, h.App, testapp.Product{Stock: 1})
	}
	list := "/api/products?page=1&pageSize=20"
	plain, zipped := get(c, list), get(c, list, "Accept-Encoding", "gzip")
	if zipped.Header.Get("Content-Encoding") != "gzip" || zipped.Header.Get("ETag") == plain.Header.Get("ETag") {
		t.Fatalf("gzip answer: encoding %q, ETag %q (plain %q)", zipped.Header.Get("Content-Encoding"), zipped.Header.Get("ETag"), plain.Header.Get("ETag"))
	}
	if r := get(c, list, "Accept-Encoding", "gzip", "If-None-Match", zipped.Header.Get("ETag")); r.Status != http.StatusNotModified || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip revalidated: %d, Content-Encoding %q", r.Status, r.Header.Get("Content-Encoding"))
	}

	// A stock change makes the old tags stale.
	before := get(c, "/api/products/"+p.Id).Header.Get("ETag")
	p.Set("stockQuantity", 4)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	after := get(c, "/api/products/"+p.Id, "If-None-Match", before)
	if after.Status != 200 || after.Header.Get("ETag") == before || !strings.Contains(string(after.Body), `"stockQuantity":4`) {
		t.Errorf("after the stock change: %d ETag %q (before %q) %s", after.Status, after.Header.Get("ETag"), before, after.Body)
	}
}

// Everything else under /api is private and never stored: admin lists and
// inactive products, admin writes, carts, signed-in reads, errors.
func TestPrivateAnswersAreNotStored(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	hidden := testapp.NewProduct(t, h.App, testapp.Product{Inactive: true})
	image := testapp.NewImage(t, h.App)

	for name, r := range map[string]testapp.Response{
		"admin list":                   get(c, "/api/products?includeInactive=true", testapp.Auth(admin.Token)...),
		"includeInactive by a shopper": get(c, "/api/products?includeInactive=true", testapp.Auth(customer.Token)...),
		"inactive product to an admin": get(c, "/api/products/"+hidden.Id, testapp.Auth(admin.Token)...),
		"admin create":                 c.Do("POST", "/api/products", validProductBody(image), testapp.Auth(admin.Token)...),
		"admin orders":                 get(c, "/api/checkout/admin/orders", testapp.Auth(admin.Token)...),
		"cart":                         get(c, "/api/cart", testapp.Auth(customer.Token)...),
		"own orders":                   get(c, "/api/checkout/orders", testapp.Auth(customer.Token)...),
		"missing product":              get(c, "/api/products/nope"),
		"bad page":                     get(c, "/api/products?page=0"),
	} {
		if r.Status >= 500 {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("%s (%d): Cache-Control %q, want private, no-store", name, r.Status, cc)
		}
	}
}

// index.html is revalidated on every load (no-cache) and cheap to
// revalidate (ETag, 304); hashed assets and product images are immutable.
func TestStaticCaching(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	image := testapp.NewImage(t, h.App)

	for _, url := range []string{"/", "/login", "/contact"} {
		r := get(c, url, "Accept-Encoding", "gzip")
		etag := r.Header.Get("ETag")
		if r.Status != 200 || r.Header.Get("Cache-Control") != "no-cache" || etag == "" {
			t.Fatalf("%s: %d Cache-Control %q ETag %q", url, r.Status, r.Header.Get("Cache-Control"), etag)
		}
		if again := get(c, url, "Accept-Encoding", "gzip", "If-None-Match", etag); again.Status != http.StatusNotModified {
			t.Errorf("%s revalidated: %d, want 304", url, again.Status)
		}
	}
	for _, url := range []string{"/assets/app-1a2b.js", "/images/products/" + image} {
		r := get(c, url)
		if r.Status != 200 || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("%s: %d Cache-Control %q, want immutable", url, r.Status, r.Header.Get("Cache-Control"))
		}
	}
}
