package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

type apiCategory struct {
	ID            string            `json:"id"`
	Slug          string            `json:"slug"`
	Name          string            `json:"name"`
	NameLocalized map[string]string `json:"nameLocalized"`
	SortOrder     int               `json:"sortOrder"`
	ImageURL      string            `json:"imageUrl"`
	ProductCount  int               `json:"productCount"`
	Hidden        bool              `json:"hidden"`
}

func categoryNames(list []apiCategory) string {
	var names []string
	for _, c := range list {
		names = append(names, c.Name)
	}
	return strings.Join(names, ",")
}

// publicCategories is GET /api/categories.
func publicCategories(t *testing.T, c testapp.Client) []apiCategory {
	t.Helper()
	var list []apiCategory
	wantStatus(t, c.Do("GET", "/api/categories", nil), http.StatusOK, &list)
	return list
}

// The migration's four are the seed, in today's order, with their names in
// every language; old clients still read the names.
func TestCategoriesSeedAndOldList(t *testing.T) {
	h := testapp.NewHarness(t)
	testapp.NewProduct(t, h.App, testapp.Product{Category: "Sound"})
	testapp.NewProduct(t, h.App, testapp.Product{Category: "Sound", Inactive: true})
	list := publicCategories(t, h.Client)
	if categoryNames(list) != "Lighting,Sound,Stage,Accessories" {
		t.Fatalf("categories %s", categoryNames(list))
	}
	if s := list[1]; s.Slug != "sound" || s.NameLocalized["ru"] != "Звук" || s.NameLocalized["zh"] != "音响" || s.ProductCount != 1 {
		t.Errorf("sound %+v: want slug, ru and zh names and 1 active product", s)
	}
	var names []string
	wantStatus(t, h.Client.Do("GET", "/api/products/categories", nil), http.StatusOK, &names)
	if strings.Join(names, ",") != "Lighting,Sound,Stage,Accessories" {
		t.Errorf("old list %v", names)
	}
	p := listPage(t, h.Client, "?category=sound")
	if p.Pagination.TotalCount != 1 || p.Products[0].Category != "Sound" {
		t.Errorf("?category=sound (the slug): %+v", p.Pagination)
	}
}

// Admins add, rename, reorder, hide and delete categories; everyone else
// is refused; bad input is a field error and changes nothing.
func TestCategoryAdminRules(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	shopper := testapp.Auth(testapp.NewUser(t, h.App, false).Token)
	rigging := map[string]any{"name": "Rigging", "nameLocalized": map[string]string{"ru": "Такелаж", "zh": "吊挂"}}

	expectErr(t, c.Do("POST", "/api/admin/categories", rigging), http.StatusUnauthorized, "")
	expectErr(t, c.Do("POST", "/api/admin/categories", rigging, shopper...), http.StatusForbidden, "")
	expectErr(t, c.Do("GET", "/api/admin/categories", nil, shopper...), http.StatusForbidden, "")

	for _, bad := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"name": "  "}, "name"},
		{map[string]any{"name": strings.Repeat("x", 101)}, "name"},
		{map[string]any{"name": "Truss", "slug": "Truss Bits!"}, "slug"},
		{map[string]any{"name": "sound"}, "name"},                       // taken, in any case
		{map[string]any{"name": "Sound gear", "slug": "sound"}, "slug"}, // taken
		{map[string]any{"name": "Truss", "sortOrder": -1}, "sortOrder"},
		{map[string]any{"name": "Truss", "imageFileName": "nope.jpg"}, "imageFileName"},
		{map[string]any{"name": "Truss", "nameLocalized": map[string]string{"de": "Traverse"}}, "nameLocalized"},
	} {
		e := expectErr(t, c.Do("POST", "/api/admin/categories", bad.body, admin...), http.StatusBadRequest, "validation_failed")
		if e.Errors[bad.field] == "" {
			t.Errorf("%v: errors %v, want %s", bad.body, e.Errors, bad.field)
		}
	}
	if got := categoryNames(publicCategories(t, c)); got != "Lighting,Sound,Stage,Accessories" {
		t.Fatalf("after refused writes: %s", got)
	}

	var r apiCategory
	wantStatus(t, c.Do("POST", "/api/admin/categories", rigging, admin...), http.StatusCreated, &r)
	if r.Slug != "rigging" || r.SortOrder != 4 || r.NameLocalized["en"] != "Rigging" || r.NameLocalized["ru"] != "Такелаж" {
		t.Fatalf("created %+v", r)
	}
	// Reorder: Rigging first, the others keep their order after it.
	body := map[string]any{"name": "Rigging", "nameLocalized": r.NameLocalized, "sortOrder": 0}
	wantStatus(t, c.Do("PUT", "/api/admin/categories/"+r.ID, body, admin...), http.StatusOK, nil)
	list := publicCategories(t, c)
	if categoryNames(list) != "Rigging,Lighting,Sound,Stage,Accessories" {
		t.Fatalf("after reorder: %s", categoryNames(list))
	}
	for i, x := range list {
		if x.SortOrder != i {
			t.Errorf("%s sortOrder %d, want %d", x.Name, x.SortOrder, i)
		}
	}
	expectErr(t, c.Do("PUT", "/api/admin/categories/nope", body, admin...), http.StatusNotFound, "not_found")
	expectErr(t, c.Do("DELETE", "/api/admin/categories/nope", nil, admin...), http.StatusNotFound, "not_found")

	// Hidden: gone for shoppers (lists, products), still there for admins.
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Chain Hoist", Category: "Rigging", Stock: 2})
	body["hidden"] = true
	wantStatus(t, c.Do("PUT", "/api/admin/categories/"+r.ID, body, admin...), http.StatusOK, nil)
	if got := categoryNames(publicCategories(t, c)); got != "Lighting,Sound,Stage,Accessories" {
		t.Errorf("hidden still listed: %s", got)
	}
	var names []string
	wantStatus(t, c.Do("GET", "/api/products/categories", nil), http.StatusOK, &names)
	if strings.Contains(strings.Join(names, ","), "Rigging") {
		t.Errorf("old list shows a hidden category: %v", names)
	}
	if n := listPage(t, c, "").Pagination.TotalCount; n != 0 {
		t.Errorf("a hidden category's product is offered: %d", n)
	}
	if n := listPage(t, c, q("hoist")).Pagination.TotalCount; n != 0 {
		t.Errorf("a hidden category's product is found by search: %d", n)
	}
	var all []apiCategory
	wantStatus(t, c.Do("GET", "/api/admin/categories", nil, admin...), http.StatusOK, &all)
	if len(all) != 5 || !all[0].Hidden || all[0].ProductCount != 1 {
		t.Errorf("admin list %+v", all)
	}
	body["hidden"] = false
	wantStatus(t, c.Do("PUT", "/api/admin/categories/"+r.ID, body, admin...), http.StatusOK, nil)
	if n := listPage(t, c, "?category=Rigging").Pagination.TotalCount; n != 1 {
		t.Errorf("shown again: %d", n)
	}

	// Delete: refused while products remain; moving them lets it go.
	e := expectErr(t, c.Do("DELETE", "/api/admin/categories/"+r.ID, nil, admin...), http.StatusConflict, "category_not_empty")
	if !strings.Contains(e.Message, "1 products") {
		t.Errorf("message %q", e.Message)
	}
	expectErr(t, c.Do("DELETE", "/api/admin/categories/"+r.ID+"?moveTo="+r.ID, nil, admin...), http.StatusBadRequest, "validation_failed")
	stage := list[3]
	wantStatus(t, c.Do("DELETE", "/api/admin/categories/"+r.ID+"?moveTo="+stage.ID, nil, admin...), http.StatusOK, nil)
	moved, err := h.App.FindRecordById("products", p.Id)
	if err != nil || moved.GetString("category") != "Stage" || moved.GetString("categoryId") != stage.ID {
		t.Fatalf("moved product: %v %v", moved, err)
	}
	if got := categoryNames(publicCategories(t, c)); got != "Lighting,Sound,Stage,Accessories" {
		t.Errorf("after delete: %s", got)
	}
}

// A rename reaches the products (old clients read the name), the filters,
// the search index (its category facet) and the sitemap; old clients
// still create products by the English name.
func TestCategoryRenamePropagates(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	c := h.Client
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	testapp.NewProduct(t, h.App, testapp.Product{Name: "Truss Clamp", Category: "Stage", Stock: 5})
	sitemapBefore := string(c.Do("GET", "/sitemap.xml", nil).Body)
	if !strings.Contains(sitemapBefore, "category=Stage") {
		t.Fatalf("sitemap without the Stage category")
	}
	stage := publicCategories(t, c)[2]
	body := map[string]any{"name": "Staging", "slug": "staging", "nameLocalized": map[string]string{"ru": "Сцена и подиумы"}}
	wantStatus(t, c.Do("PUT", "/api/admin/categories/"+stage.ID, body, admin...), http.StatusOK, nil)

	p := listPage(t, c, "?category=Staging")
	if p.Pagination.TotalCount != 1 || p.Products[0].Category != "Staging" {
		t.Fatalf("after rename: %+v", p)
	}
	if n := listPage(t, c, "?category=staging").Pagination.TotalCount; n != 1 {
		t.Errorf("by the new slug: %d", n)
	}
	expectErr(t, c.Do("GET", "/api/products?category=Stage", nil), http.StatusBadRequest, "validation_failed")
	var withFacets struct {
		Facets struct {
			Categories map[string]int `json:"categories"`
		} `json:"facets"`
		Pagination struct {
			TotalCount int `json:"totalCount"`
		} `json:"pagination"`
	}
	wantStatus(t, c.Do("GET", "/api/products"+q("trus clamp", "&category=Staging"), nil), http.StatusOK, &withFacets)
	if withFacets.Pagination.TotalCount != 1 || withFacets.Facets.Categories["Staging"] != 1 || withFacets.Facets.Categories["Stage"] != 0 {
		t.Errorf("search after rename: %+v", withFacets)
	}
	sitemap := string(c.Do("GET", "/sitemap.xml", nil).Body)
	if !strings.Contains(sitemap, "category=Staging") || strings.Contains(sitemap, "category=Stage<") || strings.Contains(sitemap, "category=Stage&") {
		t.Errorf("sitemap does not follow the rename")
	}
	page := string(c.Do("GET", "/ru/?category=Staging", nil).Body)
	if !strings.Contains(page, "Сцена и подиумы") {
		t.Errorf("the Russian category page's head does not name the category: %.600s", page)
	}

	np := validProductBody(testapp.NewImage(t, h.App))
	np["category"] = "staging"
	var created apiProduct
	wantStatus(t, c.Do("POST", "/api/products", np, admin...), http.StatusCreated, &created)
	if created.Category != "Staging" {
		t.Errorf("created in %q", created.Category)
	}
	np["category"] = "Stage"
	e := expectErr(t, c.Do("POST", "/api/products", np, admin...), http.StatusBadRequest, "validation_failed")
	if e.Errors["category"] == "" {
		t.Errorf("old name accepted: %v", e.Errors)
	}
}

// The first screen names a category as the app will: the record's name in
// the page's language (issue 35: categories beyond the app's four texts).
func TestFirstScreenCategoryNames(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	body := map[string]any{"name": "Rigging", "nameLocalized": map[string]string{"ru": "Такелаж", "zh": "吊装"}}
	wantStatus(t, h.Client.Do("POST", "/api/admin/categories", body, admin...), http.StatusCreated, nil)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Chain Hoist", Category: "Rigging", Stock: 2})
	for url, want := range map[string]string{"/ru/": "Такелаж", "/zh/": "吊装", "/": "Rigging", "/ru/products/" + p.Id: "Такелаж"} {
		page := string(h.Client.Do("GET", url, nil).Body)
		if !strings.Contains(page, ">"+want+"<") {
			t.Errorf("GET %s: the first screen does not name the category %q", url, want)
		}
	}
}
