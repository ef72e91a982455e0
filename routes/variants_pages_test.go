package routes_test

import (
	"net/http"
	"strings"
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

// The server's first screens follow the variants (issue 31): the home's card
// of the cable says "from" its cheapest price and "Choose options"; its page
// arrives with the default variant chosen, or the one in ?variant=.
func TestVariantsFirstScreens(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 3, "XLR-10-BLK": 5, "XLR-10-WHT": 2})
	get := func(path string) string {
		t.Helper()
		res := h.Client.Do(http.MethodGet, path, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.Status)
		}
		return string(res.Body)
	}
	home := get("/")
	for _, want := range []string{">from $12.50</p>", ">Sale</span>", `aria-label="Choose options of XLR Cable"`, ">In stock</span>"} {
		if !strings.Contains(home, want) {
			t.Errorf("the home's first screen lacks %q", want)
		}
	}
	if strings.Contains(home, "Add to Cart") {
		t.Error("the card of a product with several variants offers Add to cart")
	}
	for path, want := range map[string][]string{
		"/products/" + p.ID: {"SKU: XLR-5-WHT</p>", "Length: 5 m</span>", "Colour: White</span>", ">$12.50</p>", "3 in stock"},
		"/products/" + p.ID + "?variant=" + variantID(t, p, "XLR-10-BLK"): {
			"SKU: XLR-10-BLK</p>", "Length: 10 m</span>", "Colour: Black</span>", ">$19.90</p>", `aria-label="Was $24.90"`, "5 in stock",
		},
	} {
		page := get(path)
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s: the first screen lacks %q", path, w)
			}
		}
	}
}
