package migrations_test

import (
	"testing"

	"stageshop/internal/testapp"
)

// A shop from before categories were records keeps its products: with the
// migration rolled back a product has only the select's value, and with
// it applied again: the product points at
// the seed category of its name and still reads and saves by the name.
func TestCategoriesMigrationKeepsProducts(t *testing.T) {
	app := testapp.New(t)
	old := testapp.NewProduct(t, app, testapp.Product{Name: "Old Par", Category: "Lighting"})
	m := migration(t, "1763801960_categories.go")
	if err := m.Down(app); err != nil { // the product in the old shape: a select's value, no categoryId
		t.Fatalf("down: %v", err)
	}
	if err := m.Up(app); err != nil {
		t.Fatalf("up: %v", err)
	}
	p, err := app.FindRecordById("products", old.Id)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := app.FindFirstRecordByData("categories", "slug", "lighting")
	if err != nil {
		t.Fatal(err)
	}
	if p.GetString("categoryId") != cat.Id || p.GetString("category") != "Lighting" {
		t.Fatalf("product after the migration: categoryId %q category %q", p.GetString("categoryId"), p.GetString("category"))
	}
	p.Set("category", "sound") // an old client's edit, in any case
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	if p.GetString("category") != "Sound" || p.GetString("categoryId") == cat.Id {
		t.Errorf("moved by name: %q %q", p.GetString("category"), p.GetString("categoryId"))
	}
}
