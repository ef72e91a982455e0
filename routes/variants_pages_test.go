package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// A product with options is described to search engines as a ProductGroup
// with one Product per variant the page offers, each with its SKU, its own
// address (?variant=) and an offer saying its price and stock (issue 31).
func TestProductGroupJSONLD(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 3, "XLR-10-BLK": 5, "XLR-10-WHT": 2})

	res := h.Client.Do(http.MethodGet, "/products/"+p.ID, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET: %d", res.Status)
	}
	head := parseHead(t, res.Body)
	group := head.ld("ProductGroup")
	if group == nil || head.ld("Product") != nil {
		t.Fatalf("want a ProductGroup and no single Product: %v", head.JSONLD)
	}
	if group["name"] != "XLR Cable" || group["productGroupID"] != p.ID {
		t.Errorf("group %v", group)
	}
	if by, _ := group["variesBy"].([]any); len(by) != 2 || by[0] != "https://schema.org/size" || by[1] != "https://schema.org/color" {
		t.Errorf("variesBy %v", group["variesBy"])
	}
	variants, _ := group["hasVariant"].([]any)
	if len(variants) != 4 {
		t.Fatalf("%d variants, want 4: %v", len(variants), variants)
	}
	want := map[string]struct{ name, price, availability string }{
		"XLR-5-BLK":  {"XLR Cable - 5 m, Black", "12.50", "https://schema.org/OutOfStock"},
		"XLR-10-BLK": {"XLR Cable - 10 m, Black", "19.90", "https://schema.org/InStock"},
	}
	for _, x := range variants {
		v := x.(map[string]any)
		offer, _ := v["offers"].(map[string]any)
		sku, _ := v["sku"].(string)
		if v["url"] != head.Canonical+"?variant="+variantID(t, p, sku) || offer["url"] != v["url"] || offer["priceCurrency"] != "USD" {
			t.Errorf("variant %s: %v", sku, v)
		}
		if w, ok := want[sku]; ok && (v["name"] != w.name || offer["price"] != w.price || offer["availability"] != w.availability) {
			t.Errorf("variant %s: %v, offer %v; want %+v", sku, v, offer, w)
		}
	}
}
