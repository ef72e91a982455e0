package routes_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/routes"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/shipping"
)

// The public list is served from memory, so every change a shopper could see
// in it must show in the very next answer: stock taken by an order and put
// back by a cancel (raw SQL, no product hook), and edits of the product.
// buyDirectly orders qty of a product for a user through package shop
// (cart, then order), past the HTTP layer whose caches are under test.
func buyDirectly(t *testing.T, app core.App, userID, productID string, qty int) *shop.OrderDetail {
	t.Helper()
	if _, err := cart.Add(app, cart.Owner{UserID: userID}, productID, "", qty); err != nil {
		t.Fatal(err)
	}
	order, err := shop.PlaceOrder(app, userID, shop.OrderInput{
		Shipping: shop.ShippingInfo{PostalAddress: shop.PostalAddress{FirstName: "Ann", LastName: "Lee",
			Address: "1 Main St", City: "Town", State: "CA", ZipCode: "90001", Country: "US"}, Phone: "555-0100", Email: "ann@example.com"},
		UseShippingForBilling: true, ShippingMethod: shipping.ShipStandard,
	})
	if err != nil {
		t.Fatal(err)
	}
	return order
}

func TestProductListCacheFollowsEveryChange(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Cached Spot", Stock: 5, PriceCents: 1000})
	buyer := testapp.NewUser(t, h.App, false)

	stock := func(when string) int {
		t.Helper()
		page := listPage(t, c, "?category=Sound")
		for _, prod := range page.Products {
			if prod.ID == p.Id {
				return prod.StockQuantity
			}
		}
		t.Fatalf("%s: product missing from the list", when)
		return -1
	}
	if got := stock("first"); got != 5 {
		t.Fatalf("stock %d, want 5", got)
	}
	if got := stock("cached"); got != 5 {
		t.Fatalf("cached stock %d, want 5", got)
	}

	order := buyDirectly(t, h.App, buyer.ID(), p.Id, 2)
	if got := stock("after the order"); got != 3 {
		t.Errorf("stock after an order of 2: %d, want 3", got)
	}
	if _, err := shop.UpdateOrderStatus(h.App, order.ID, shop.StatusUpdate{Status: "Cancelled"}); err != nil {
		t.Fatal(err)
	}
	if got := stock("after the cancel"); got != 5 {
		t.Errorf("stock after the cancel: %d, want 5", got)
	}

	p.Set("name", "Renamed Spot")
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	page := listPage(t, c, "?category=Sound")
	if len(page.Products) != 1 || page.Products[0].Name != "Renamed Spot" {
		t.Errorf("list after rename: %+v", page.Products)
	}
	p.Set("isActive", false)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	if page := listPage(t, c, "?category=Sound"); len(page.Products) != 0 || page.Pagination.TotalCount != 0 {
		t.Errorf("deactivated product still listed: %+v", page)
	}
}

// A phone on a slow network gets the list gzip-compressed when it asks for
// it, with the same content as the plain answer; clients that refuse gzip
// get plain JSON, and caches are told the answer varies by encoding.
func TestProductListIsCompressedForClientsThatAcceptIt(t *testing.T) {
	h := testapp.NewHarness(t)
	for i := range 12 {
		testapp.NewProduct(t, h.App, testapp.Product{Name: fmt.Sprintf("Compressed Spot %02d", i), Stock: 3, PriceCents: 1000})
	}
	plain := h.Client.Do("GET", "/api/products?pageSize=12", nil)
	if plain.Status != http.StatusOK || plain.Header.Get("Content-Encoding") != "" {
		t.Fatalf("plain answer: %d, encoding %q", plain.Status, plain.Header.Get("Content-Encoding"))
	}
	for _, accept := range []string{"gzip, deflate, br", "br;q=1, gzip;q=0.5"} {
		for round := range 2 { // built, then from the cache
			res := h.Client.Do("GET", "/api/products?pageSize=12", nil, "Accept-Encoding", accept)
			if res.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("%q round %d: encoding %q, want gzip", accept, round, res.Header.Get("Content-Encoding"))
			}
			// All Vary lines: the CORS middleware adds "Vary: Origin" first.
			if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "Accept-Encoding") {
				t.Errorf("%q: Vary %q", accept, vary)
			}
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%q: content type %q", accept, res.Header.Get("Content-Type"))
			}
			zr, err := gzip.NewReader(bytes.NewReader(res.Body))
			if err != nil {
				t.Fatalf("%q: not gzip: %v", accept, err)
			}
			body, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(body, plain.Body) {
				t.Errorf("%q: gzip body differs from the plain answer", accept)
			}
			if len(res.Body) >= len(plain.Body)/2 {
				t.Errorf("%q: %d compressed bytes for %d plain", accept, len(res.Body), len(plain.Body))
			}
		}
	}
	if res := h.Client.Do("GET", "/api/products?pageSize=12", nil, "Accept-Encoding", "gzip;q=0"); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(res.Body, plain.Body) {
		t.Errorf("gzip;q=0: encoding %q", res.Header.Get("Content-Encoding"))
	}
}

// A product's page is served from memory too, and shows every change at
// once: stock taken by an order, a rename, deactivation (then only admins
// see it, and what they see is never served to shoppers).
func TestProductDetailCacheFollowsEveryChange(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Detail Spot", Stock: 5, PriceCents: 1000})
	buyer := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	url := "/api/products/" + p.Id

	get := func(when string, headers ...string) map[string]any {
		t.Helper()
		res := c.Do("GET", url, nil, headers...)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", when, res.Status, res.Body)
		}
		return res.Map(t)
	}
	for _, when := range []string{"first", "cached"} {
		if got := get(when)["stockQuantity"]; got != float64(5) {
			t.Fatalf("%s: stock %v, want 5", when, got)
		}
	}
	gz := c.Do("GET", url, nil, "Accept-Encoding", "gzip")
	if gz.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("detail for a gzip client: encoding %q", gz.Header.Get("Content-Encoding"))
	}

	buyDirectly(t, h.App, buyer.ID(), p.Id, 2)
	if got := get("after the order")["stockQuantity"]; got != float64(3) {
		t.Errorf("stock after an order of 2: %v, want 3", got)
	}

	p.Set("name", "Renamed Detail Spot")
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	if got := get("after the rename")["name"]; got != "Renamed Detail Spot" {
		t.Errorf("name after the rename: %v", got)
	}

	p.Set("isActive", false)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		if got := get("admin", testapp.Auth(admin.Token)...)["isActive"]; got != false {
			t.Errorf("admin round %d: isActive %v", round, got)
		}
		if res := c.Do("GET", url, nil); res.Status != http.StatusNotFound {
			t.Errorf("shopper after the admin, round %d: %d %s", round, res.Status, res.Body)
		}
		if res := c.Do("GET", url, nil, testapp.Auth(buyer.Token)...); res.Status != http.StatusNotFound {
			t.Errorf("customer, round %d: %d", round, res.Status)
		}
	}
}

// Searches and page sizes make endless distinct answers: the cache keeps
// within its byte budget however many a client asks for, and still answers
// each one right.
func TestCatalogCacheStaysWithinItsBudget(t *testing.T) {
	h := testapp.NewHarness(t)
	for i := range 30 {
		testapp.NewProduct(t, h.App, testapp.Product{Name: fmt.Sprintf("Budget Spot %02d", i), Stock: 3, PriceCents: 1000})
	}
	const budget = 8 << 10
	defer routes.SetCatalogCacheBudget(budget)()
	for i := range 60 {
		q := fmt.Sprintf("?pageSize=%d&search=Budget%%20Spot%%20%02d", 1+i, i%30)
		page := listPage(t, h.Client, q)
		if len(page.Products) != 1 || page.Products[0].Name != fmt.Sprintf("Budget Spot %02d", i%30) {
			t.Fatalf("%s: %s", q, productNames(page))
		}
		if answers, bytes := routes.CatalogCacheUse(h.App); bytes > budget || answers == 0 {
			t.Fatalf("after %d searches: %d answers, %d bytes (budget %d)", i+1, answers, bytes, budget)
		}
	}
	for range 3 {
		listPage(t, h.Client, "?pageSize=30")
		if _, bytes := routes.CatalogCacheUse(h.App); bytes > budget {
			t.Fatalf("%d bytes over the budget of %d", bytes, budget)
		}
	}
}
