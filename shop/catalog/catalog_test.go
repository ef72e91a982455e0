package catalog_test

import (
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/catalog"
)

// The list's totals are cached, so every way a product enters, leaves or
// moves within the list must show in the next total at once.
func TestCatalogTotalsFollowProductChanges(t *testing.T) {
	app := testapp.New(t)
	total := func(q catalog.ProductQuery) int {
		t.Helper()
		_, n, err := catalog.ListProducts(app, q)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	sound := catalog.ProductQuery{Category: "Sound"}
	all := catalog.ProductQuery{}
	admin := catalog.ProductQuery{IncludeInactive: true}

	a := testapp.NewProduct(t, app, testapp.Product{Category: "Sound", Stock: 3})
	testapp.NewProduct(t, app, testapp.Product{Category: "Lighting", Stock: 3})
	if total(all) != 2 || total(sound) != 1 || total(admin) != 2 {
		t.Fatalf("start: all %d, sound %d, admin %d", total(all), total(sound), total(admin))
	}

	// created
	testapp.NewProduct(t, app, testapp.Product{Category: "Sound", Stock: 1})
	if total(all) != 3 || total(sound) != 2 {
		t.Errorf("after create: all %d, sound %d", total(all), total(sound))
	}
	// deactivated: gone for shoppers, still there for admins
	a.Set("isActive", false)
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	if total(all) != 2 || total(sound) != 1 || total(admin) != 3 {
		t.Errorf("after deactivate: all %d, sound %d, admin %d", total(all), total(sound), total(admin))
	}
	// moved to another category and reactivated
	a.Set("isActive", true)
	a.Set("category", "Stage")
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	if total(sound) != 1 || total(catalog.ProductQuery{Category: "Stage"}) != 1 || total(all) != 3 {
		t.Errorf("after move: sound %d, stage %d, all %d", total(sound), total(catalog.ProductQuery{Category: "Stage"}), total(all))
	}
	// deleted
	if err := app.Delete(a); err != nil {
		t.Fatal(err)
	}
	if total(all) != 2 || total(admin) != 2 {
		t.Errorf("after delete: all %d, admin %d", total(all), total(admin))
	}
	// a search is never cached
	if n := total(catalog.ProductQuery{Search: "product"}); n != 2 {
		t.Errorf("search total %d", n)
	}
}
