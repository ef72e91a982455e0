package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// The owner gives a product its brand, part number and GTIN and, per
// language, a title and description for search engines (issue 50): the
// product's answer carries them, its page's head says the owner's words in
// that language (the generated ones elsewhere), its structured data and
// the feed name the brand, MPN and GTIN. A GTIN with a wrong check digit
// is refused and changes nothing.
func TestProductIdentifiersAndSEOTexts(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	admin := testapp.NewUser(t, h.App, true)
	fog := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3, Category: "Lighting"})
	path := "/api/products/" + fog.Id

	var bad struct{ Errors map[string]string }
	wantStatus(t, h.Client.Do(http.MethodPut, path, map[string]any{"gtin": "4006381333932", "brand": "Antari"}, testapp.Auth(admin.Token)...),
		http.StatusBadRequest, &bad)
	if !strings.Contains(bad.Errors["gtin"], "check digit") {
		t.Errorf("a GTIN with a wrong check digit: %v", bad.Errors)
	}
	var got struct {
		Brand, MPN, GTIN         string
		SEOTitle, SEODescription map[string]string
	}
	wantStatus(t, h.Client.Do(http.MethodGet, path, nil), http.StatusOK, &got)
	if got.Brand != "" {
		t.Errorf("the refused change saved the brand %q", got.Brand)
	}

	body := map[string]any{
		"brand": " Antari ", "mpn": "Z-1000 II", "gtin": "4006381333931",
		"seoTitle":       map[string]string{"ru": "Генератор дыма Antari Z-1000 купить"},
		"seoDescription": map[string]string{"ru": "Дым для сцены: 1000 Вт, доставка по России."},
	}
	wantStatus(t, h.Client.Do(http.MethodPut, path, body, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	wantStatus(t, h.Client.Do(http.MethodGet, path, nil), http.StatusOK, &got)
	if got.Brand != "Antari" || got.MPN != "Z-1000 II" || got.GTIN != "4006381333931" || got.SEOTitle["ru"] == "" {
		t.Errorf("the product answer: %+v", got)
	}

	ru := parseHead(t, h.Client.Do(http.MethodGet, "/ru/products/"+fog.Id, nil).Body)
	if ru.Title != "Генератор дыма Antari Z-1000 купить" || ru.meta("description") != "Дым для сцены: 1000 Вт, доставка по России." {
		t.Errorf("the Russian page's head: title %q description %q", ru.Title, ru.meta("description"))
	}
	en := parseHead(t, h.Client.Do(http.MethodGet, "/products/"+fog.Id, nil).Body)
	if !strings.HasPrefix(en.Title, "Fog Machine") || !strings.Contains(en.meta("description"), "$1,299.99") {
		t.Errorf("English has no words of its own and keeps the generated head: %q / %q", en.Title, en.meta("description"))
	}
	ld := en.ld("Product")
	brand, _ := ld["brand"].(map[string]any)
	if brand["name"] != "Antari" || ld["mpn"] != "Z-1000 II" || ld["gtin"] != "4006381333931" {
		t.Errorf("the structured data: %v", ld)
	}

	for _, it := range getFeed(t, h, "en") {
		if strings.Contains(it.Link, fog.Id) && (it.Brand != "Antari" || it.IdentifierExists != "") {
			t.Errorf("the feed's item: %+v", it)
		}
	}
	res := h.Client.Do(http.MethodGet, "/feeds/google-en.xml", nil)
	if !strings.Contains(string(res.Body), "<g:gtin>4006381333931</g:gtin>") || !strings.Contains(string(res.Body), "<g:mpn>Z-1000 II</g:mpn>") {
		t.Error("the feed lacks the GTIN or the MPN")
	}
}
