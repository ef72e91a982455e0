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
		// Each variant states the values the group varies by, belongs to the
		// group by its id, and has a photo (the product's, having none of its own).
		images, _ := v["image"].([]any)
		if v["size"] == nil || v["color"] == nil || v["inProductGroupWithID"] != p.ID || len(images) == 0 {
			t.Errorf("variant %s: size %v, color %v, group %v, images %v", sku, v["size"], v["color"], v["inProductGroupWithID"], images)
		}
		if sku == "XLR-10-BLK" && (v["size"] != "10 m" || v["color"] != "Black") {
			t.Errorf("variant %s: size %v color %v", sku, v["size"], v["color"])
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
			"SKU: XLR-10-BLK</p>", "Length: 10 m</span>", "Colour: Black</span>", ">$19.90</p>", `<s class="was-price" data-was="Was">$24.90</s>`, "5 in stock",
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

// A product page opened with ?variant= (a shared choice, issue 31) is
// served with that variant's name in its title and description, and its
// price on the card (og product:price); an unknown or inactive variant's id is the page of
// the default variant (200, no error page), as its first screen shows it.
func TestVariantPageHead(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 3, "XLR-10-BLK": 5, "XLR-10-WHT": 2})
	head := func(path string) pageHead {
		t.Helper()
		res := h.Client.Do(http.MethodGet, path, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.Status)
		}
		return parseHead(t, res.Body)
	}
	base := "/products/" + p.ID
	black10 := head(base + "?variant=" + variantID(t, p, "XLR-10-BLK"))
	if !strings.HasPrefix(black10.Title, "XLR Cable - 10 m, Black") || black10.meta("product:price:amount") != "19.90" ||
		!strings.Contains(black10.meta("description"), "XLR Cable - 10 m, Black: $19.90") {
		t.Errorf("?variant= of the black 10 m: title %q, price %q, description %q", black10.Title,
			black10.meta("product:price:amount"), black10.meta("description"))
	}
	if ru := head("/ru" + base + "?variant=" + variantID(t, p, "XLR-10-BLK")); !strings.HasPrefix(ru.Title, "XLR Cable - 10 m, Чёрный") {
		t.Errorf("the Russian page's title %q", ru.Title)
	}
	plain := head(base)
	if rec, err := h.App.FindRecordById("product_variants", variantID(t, p, "XLR-10-WHT")); err != nil {
		t.Fatal(err)
	} else if rec.Set("isActive", false); h.App.Save(rec) != nil {
		t.Fatal("deactivating a variant")
	}
	for _, q := range []string{"?variant=nosuchvariant1", "?variant=" + variantID(t, p, "XLR-10-WHT"), "?variant=%3Cscript%3E", "?variant="} {
		got := head(base + q)
		if strings.Contains(got.Title, " - ") || got.meta("product:price:amount") != "12.50" || !strings.HasPrefix(got.Title, "XLR Cable") {
			t.Errorf("%s: title %q price %q; want the default variant's page as %q", q, got.Title, got.meta("product:price:amount"), plain.Title)
		}
	}
}
