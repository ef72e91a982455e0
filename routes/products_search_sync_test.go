package routes_test

import (
	"errors"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/internal/testapp"
	"stageshop/shop/search"
)

// TestSearchFollowsEveryWrite: the index is in step after an admin
// create, update and delete, a save as the dashboard makes it, a plain SQL
// update, an order that sells the last unit and its cancellation, and a
// deactivation; a deleted or inactive product is never answered.
func TestSearchFollowsEveryWrite(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	count := func(query string) int { return listPage(t, c, query).Pagination.TotalCount }

	body := validProductBody(testapp.NewImage(t, h.App))
	body["name"], body["stockQuantity"] = "Quasar Strobe", 1
	r := c.Do("POST", "/api/products", body, auth...)
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	var p apiProduct
	r.JSON(t, &p)
	if n := count(q("quasr")); n != 1 {
		t.Fatalf("admin create: %d found", n)
	}

	// A typo's expansion is cached until the next write: "nebul" finds
	// nothing now, and the renamed product once it is called Nebula.
	if n := count(q("nebul")); n != 0 {
		t.Fatalf("nebul before the rename: %d found", n)
	}
	didYouMean := func(text string) string {
		var page struct {
			DidYouMean string `json:"didYouMean"`
		}
		c.Do("GET", "/api/products"+q(text), nil).JSON(t, &page)
		return page.DidYouMean
	}
	if d := didYouMean("nbulx"); d != "" {
		t.Fatalf("nbulx before the rename: did you mean %q", d)
	}
	body["name"] = "Nebula Strobe"
	if r := c.Do("PUT", "/api/products/"+p.ID, body, auth...); r.Status != http.StatusOK {
		t.Fatalf("update: %d %s", r.Status, r.Body)
	}
	if count(q("quasar")) != 0 || count(q("nebula")) != 1 || count(q("nebul")) != 1 {
		t.Fatal("admin update: the old name still found or the new one not (as typed or misspelt)")
	}
	if d := didYouMean("nbulx"); d != "nebula" {
		t.Fatalf("nbulx after the rename: did you mean %q, want nebula", d)
	}

	rec, err := h.App.FindRecordById("products", p.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("name", "Pulsar Strobe")
	if err := h.App.Save(rec); err != nil { // as the dashboard saves
		t.Fatal(err)
	}
	if count(q("nebula")) != 0 || count(q("pulsar")) != 1 {
		t.Fatal("dashboard save: not followed")
	}

	// An order of the last unit takes it out of "in stock"; cancelling
	// brings it back (both move stock by plain SQL).
	customer := testapp.NewUser(t, h.App, false)
	addLine(t, c, customer.Token, p.ID, 1)
	o := placeOrder(t, c, customer.Token, orderBody())
	if n := count(q("pulsar", "&inStock=true")); n != 0 {
		t.Fatalf("sold out by an order, still in stock: %d", n)
	}
	if r := c.Do("POST", "/api/checkout/orders/"+o.ID+"/cancel", nil, testapp.Auth(customer.Token)...); r.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	if n := count(q("pulsar", "&inStock=true")); n != 1 {
		t.Fatalf("restocked by a cancel, not in stock: %d", n)
	}

	// A write no hook sees (plain SQL, on the variant that holds the
	// stock): the next search catches up.
	if _, err := h.App.DB().NewQuery("UPDATE product_variants SET stockQuantity = 0 WHERE product = {:id}").
		Bind(map[string]any{"id": p.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	if n := count(q("pulsar", "&inStock=1&sort=newest")); n != 0 {
		t.Fatalf("plain SQL stock change not followed: %d", n)
	}

	body["name"], body["isActive"] = "Pulsar Strobe", false
	if r := c.Do("PUT", "/api/products/"+p.ID, body, auth...); r.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", r.Status, r.Body)
	}
	if n := count(q("pulsar", "&sort=name_asc")); n != 0 {
		t.Fatalf("deactivated product found: %d", n)
	}
	if n := count(q("pulsar", "&includeInactive=true")); n != 0 {
		t.Fatal("includeInactive without being an admin showed it")
	}
	if p := listPage(t, c, q("pulsar", "&includeInactive=true"), auth...); p.Pagination.TotalCount != 1 {
		t.Fatalf("admin's includeInactive search: %d", p.Pagination.TotalCount)
	}

	if r := c.Do("DELETE", "/api/products/"+p.ID, nil, auth...); r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	if p := listPage(t, c, q("pulsar", "&includeInactive=true&sort=price_asc"), auth...); p.Pagination.TotalCount != 0 {
		t.Fatalf("deleted product found: %d", p.Pagination.TotalCount)
	}
}

// TestSearchIndexRebuiltWhenMissingOrStale: the index lives in the data
// directory; removed (a restore brings none) or behind the database (a
// data.db from elsewhere), it is rebuilt when the app opens it.
func TestSearchIndexRebuiltWhenMissingOrStale(t *testing.T) {
	h, ids := searchHarness(t)
	x, err := search.Of(h.App)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(h.App.DataDir(), search.DirName)
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("index not in the data dir: %v", err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	// Written while the index was closed, and the log pruned past it:
	// only a rebuild can know.
	if _, err := h.App.DB().NewQuery("UPDATE products SET name = 'Zephyr Hazer', nameLocalized = json_set(nameLocalized, '$.en', 'Zephyr Hazer') WHERE id = {:id}").
		Bind(map[string]any{"id": ids["hazer"]}).Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := h.App.DB().NewQuery("DELETE FROM search_changes").Execute(); err != nil {
		t.Fatal(err)
	}
	reopened := testapp.NewHarnessFrom(t, h.App.DataDir())
	if keys := searchKeys(t, reopened.Client, ids, q("zephyr")); len(keys) != 1 || keys[0] != "hazer" {
		t.Fatalf("stale index not rebuilt: %v", keys)
	}
	if err := os.RemoveAll(filepath.Join(reopened.App.DataDir(), search.DirName)); err != nil {
		t.Fatal(err)
	}
	again := testapp.NewHarnessFrom(t, reopened.App.DataDir())
	if keys := searchKeys(t, again.Client, ids, q("sm58")); len(keys) == 0 || keys[0] != "sm58" {
		t.Fatalf("missing index not rebuilt: %v", keys)
	}
}

// TestSearchFacetsSuggestionsDidYouMean: counts for the query, the
// suggestions' shape and limit, and a respelling when nothing matched.
func TestSearchFacetsSuggestionsDidYouMean(t *testing.T) {
	h, ids := searchHarness(t)
	c := h.Client
	var page struct {
		Facets struct {
			Categories map[string]int `json:"categories"`
			Price      struct{ Min, Max float64 }
			InStock    int `json:"inStock"`
		} `json:"facets"`
		DidYouMean string `json:"didYouMean"`
	}
	c.Do("GET", "/api/products"+q("microphone", "&category=Sound"), nil).JSON(t, &page)
	if got := page.Facets.Categories; got["Sound"] != 2 || got["Accessories"] != 2 || len(got) != 2 {
		t.Errorf("microphone categories (other categories still counted): %v", got)
	}
	if f := page.Facets; f.Price.Min != 89 || f.Price.Max != 99 || f.InStock != 2 {
		t.Errorf("microphone in Sound: price %v-%v, in stock %d", f.Price.Min, f.Price.Max, f.InStock)
	}
	// Without a filter the page's own pass counts the facets; with a price
	// filter the counts of categories and stock apply it, the price range not.
	for _, tc := range []struct {
		query    string
		cats     map[string]int
		min, max float64
		inStock  int
	}{
		{q("microphone"), map[string]int{"Sound": 2, "Accessories": 2}, 15, 99, 4},
		{q("microphone", "&page=2"), map[string]int{"Sound": 2, "Accessories": 2}, 15, 99, 4},
		{q("microphone", "&sort=price_asc"), map[string]int{"Sound": 2, "Accessories": 2}, 15, 99, 4},
		{q("microphone", "&maxPrice=50"), map[string]int{"Accessories": 2}, 15, 99, 2},
	} {
		page.Facets.Categories = nil
		c.Do("GET", "/api/products"+tc.query, nil).JSON(t, &page)
		f := page.Facets
		if !maps.Equal(f.Categories, tc.cats) || f.Price.Min != tc.min || f.Price.Max != tc.max || f.InStock != tc.inStock {
			t.Errorf("%s: facets %+v, want categories %v, price %v-%v, in stock %d", tc.query, f, tc.cats, tc.min, tc.max, tc.inStock)
		}
	}
	c.Do("GET", "/api/products"+q("amplifier", "&inStock=1"), nil).JSON(t, &page)
	if page.Facets.InStock != 1 || page.Facets.Categories["Sound"] != 1 {
		t.Errorf("amplifier in stock: %+v", page.Facets)
	}

	c.Do("GET", "/api/products"+q("lde"), nil).JSON(t, &page)
	if page.DidYouMean != "led" {
		t.Errorf("lde: did you mean %q, want led", page.DidYouMean)
	}
	page.DidYouMean = ""
	c.Do("GET", "/api/products"+q("microphone"), nil).JSON(t, &page)
	if page.DidYouMean != "" {
		t.Errorf("a query with results offers %q", page.DidYouMean)
	}

	var sug struct {
		Products []struct {
			ID, Name, ImageFileName string
			Price                   float64
		} `json:"products"`
	}
	c.Do("GET", "/api/products/suggest?q=m", nil).JSON(t, &sug)
	if len(sug.Products) != 0 {
		t.Errorf("one letter suggests %d", len(sug.Products))
	}
	c.Do("GET", "/api/products/suggest?q=micro&lang=ru", nil).JSON(t, &sug)
	if len(sug.Products) != 2 {
		t.Fatalf("micro: %d suggestions", len(sug.Products))
	}
	for _, s := range sug.Products {
		if ids[s.ID] == "clone" || s.ImageFileName == "" || s.Price <= 0 {
			t.Errorf("suggestion %+v", s)
		}
	}
	if top := sug.Products[0]; ids[top.ID] != "sm58" && ids[top.ID] != "e835" || !strings.Contains(strings.ToLower(top.Name), "микрофон") {
		t.Errorf("micro in Russian: first %+v", top)
	}
	for range 7 {
		testapp.NewProduct(t, h.App, testapp.Product{Name: "Spotlight", PriceCents: 100, Stock: 1})
	}
	c.Do("GET", "/api/products/suggest?q=spo", nil).JSON(t, &sug)
	if len(sug.Products) != 5 {
		t.Errorf("spo: %d suggestions, want 5 of 7", len(sug.Products))
	}
}

// TestSearchFacetsLeaveOutHiddenCategories: a hidden category's products
// are neither found nor counted in any facet, with or without a filter
// that narrows the page (the facets of a narrowed page used to be counted
// over every active product, hidden ones included).
func TestSearchFacetsLeaveOutHiddenCategories(t *testing.T) {
	h, _ := searchHarness(t)
	c := h.Client
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	var cats []apiCategory
	wantStatus(t, c.Do("GET", "/api/admin/categories", nil, admin...), http.StatusOK, &cats)
	for _, x := range cats {
		if x.Name == "Accessories" {
			body := map[string]any{"name": x.Name, "nameLocalized": x.NameLocalized, "sortOrder": x.SortOrder, "hidden": true}
			wantStatus(t, c.Do("PUT", "/api/admin/categories/"+x.ID, body, admin...), http.StatusOK, nil)
		}
	}
	var page struct {
		Pagination struct {
			TotalCount int `json:"totalCount"`
		} `json:"pagination"`
		Facets struct {
			Categories map[string]int `json:"categories"`
			Price      struct{ Min, Max float64 }
			InStock    int `json:"inStock"`
		} `json:"facets"`
	}
	for _, tc := range []struct {
		query         string
		total         int
		cats          map[string]int
		inStock       int
		minPrice      float64
		maxPrice      float64
		priceNarrowed bool
	}{
		{q("microphone"), 2, map[string]int{"Sound": 2}, 2, 89, 99, false},
		{q("microphone", "&inStock=1"), 2, map[string]int{"Sound": 2}, 2, 89, 99, false},
		{q("microphone", "&maxPrice=95"), 1, map[string]int{"Sound": 1}, 1, 89, 99, true},
		{q("microphone", "&sort=price_asc&maxPrice=500"), 2, map[string]int{"Sound": 2}, 2, 89, 99, true},
	} {
		page.Facets.Categories = nil
		wantStatus(t, c.Do("GET", "/api/products"+tc.query, nil), http.StatusOK, &page)
		f := page.Facets
		if page.Pagination.TotalCount != tc.total || !maps.Equal(f.Categories, tc.cats) || f.InStock != tc.inStock ||
			f.Price.Min != tc.minPrice || f.Price.Max != tc.maxPrice {
			t.Errorf("%s: total %d, facets %+v; want total %d, categories %v, in stock %d, price %v-%v",
				tc.query, page.Pagination.TotalCount, f, tc.total, tc.cats, tc.inStock, tc.minPrice, tc.maxPrice)
		}
	}
}

// TestSearchNotFedByARolledBackWrite: a product created and a rename made
// in a transaction that rolls back never reach the index (its catch-up
// runs after a commit only); the next committed write is found at once.
func TestSearchNotFedByARolledBackWrite(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	count := func(query string) int { return listPage(t, c, query).Pagination.TotalCount }
	body := validProductBody(testapp.NewImage(t, h.App))
	body["name"] = "Quasar Strobe"
	r := c.Do("POST", "/api/products", body, testapp.Auth(admin.Token)...)
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	var p apiProduct
	r.JSON(t, &p)
	if n := count(q("quasar")); n != 1 {
		t.Fatalf("committed create: %d found", n)
	}

	boom := errors.New("the use case failed after the writes")
	err := db.Write(h.App, func(txApp core.App) error {
		rec, err := txApp.FindRecordById("products", p.ID)
		if err != nil {
			return err
		}
		rec.Set("name", "Nebula Strobe")
		if err := txApp.Save(rec); err != nil {
			return err
		}
		dup := core.NewRecord(rec.Collection())
		dup.Load(rec.FieldsData())
		dup.Set("id", "")
		dup.Set("name", "Pulsar Strobe")
		if err := txApp.Save(dup); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("transaction: %v, want the use case's error", err)
	}
	if count(q("nebula")) != 0 || count(q("pulsar")) != 0 || count(q("quasar")) != 1 {
		t.Fatal("a rolled-back rename or create reached the search index")
	}

	rec, err := h.App.FindRecordById("products", p.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("name", "Nebula Strobe")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}
	if count(q("nebula")) != 1 || count(q("quasar")) != 0 {
		t.Fatal("the committed rename after the rollback was not followed")
	}
}
