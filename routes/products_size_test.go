package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop/catalog"
)

// largestProduct is a product at every text limit of the contract, in all
// three languages.
func largestProduct(image string) map[string]any {
	name := map[string]string{"en": strings.Repeat("N", 200), "ru": strings.Repeat("Ж", 200), "zh": strings.Repeat("灯", 200)}
	desc := map[string]string{"en": strings.Repeat("d", 5000), "ru": strings.Repeat("Д", 5000), "zh": strings.Repeat("光", 5000)}
	return map[string]any{
		"name": name["en"], "nameLocalized": name, "description": desc["en"], "descriptionLocalized": desc,
		"price": 1, "category": "Lighting", "imageFileNames": []string{image}, "stockQuantity": 1, "isActive": true,
	}
}

// The largest valid product saves and is found by its texts in every
// language (the internal search text had a 5,000-character limit).
func TestLargestValidProductSaves(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	var got apiProduct
	wantStatus(t, h.Client.Do("POST", "/api/products", largestProduct(testapp.NewImage(t, h.App)), testapp.Auth(admin.Token)...), http.StatusCreated, &got)
	var list struct{ Products []apiProduct }
	wantStatus(t, h.Client.Do("GET", "/api/products?search="+strings.Repeat("光", 3), nil), http.StatusOK, &list)
	if len(list.Products) != 1 || list.Products[0].ID != got.ID {
		t.Fatalf("search in Chinese found %d products", len(list.Products))
	}
	products, _ := h.App.FindCollectionByNameOrId("products")
	if max := products.Fields.GetByName("searchText").(*core.TextField).Max; max < catalog.SearchTextLen() {
		t.Fatalf("searchText holds %d characters, a valid product makes %d", max, catalog.SearchTextLen())
	}
}

// Should an internal field ever refuse a save, the client sees a generic
// 500, never the field's name.
func TestInternalFieldErrorsDoNotLeak(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	products, _ := h.App.FindCollectionByNameOrId("products")
	products.Fields.GetByName("searchText").(*core.TextField).Max = 10
	if err := h.App.Save(products); err != nil {
		t.Fatal(err)
	}
	r := h.Client.Do("POST", "/api/products", validProductBody(testapp.NewImage(t, h.App)), testapp.Auth(admin.Token)...)
	wantError(t, r, http.StatusInternalServerError, "")
	if strings.Contains(string(r.Body), "searchText") {
		t.Fatalf("internal field name in the answer: %s", r.Body)
	}
}
