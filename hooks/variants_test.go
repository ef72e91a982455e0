package hooks_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/catalog"
)

// fieldErr returns the message of a record save's error on field ("" when
// it has none).
func fieldErr(err error, field string) string {
	var errs validation.Errors
	if !errors.As(err, &errs) || errs[field] == nil {
		return ""
	}
	return errs[field].Error()
}

// The dashboard's edits of products and variants hold the rules of the
// admin's form: a new product gets its default variant, a single variant
// follows the product's price and stock (and a restock e-mails the waiting
// shoppers), a product with several refuses them, SKUs are unique and well
// formed, option values fit the options, a product keeps one variant.
func TestVariantRulesHoldForEveryWriter(t *testing.T) {
	app := testapp.New(t)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 0})
	def := testapp.DefaultVariant(t, app, p.Id)
	variant, err := app.FindRecordById(catalog.VariantsCollection, def)
	if err != nil || variant.GetString("sku") != catalog.DefaultSKU(p.Id) || variant.GetInt("priceCents") != 1000 {
		t.Fatalf("default variant: %v %v", variant, err)
	}
	if _, err := shop.SubscribeStockAlert(app, p.Id, "", shop.AlertInput{Email: "fan@example.com"}); err != nil {
		t.Fatal(err)
	}

	// A dashboard edit of the product's price and stock goes to its variant.
	p, _ = app.FindRecordById(catalog.ProductsCollection, p.Id)
	p.Set("priceCents", 1500)
	p.Set("stockQuantity", 4)
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	variant, _ = app.FindRecordById(catalog.VariantsCollection, def)
	if variant.GetInt("priceCents") != 1500 || variant.GetInt("stockQuantity") != 4 {
		t.Fatalf("not forwarded: %v", variant)
	}
	var queued int
	_ = app.DB().Select("COUNT(*)").From("emails").Where(dbx.HashExp{"kind": "back_in_stock"}).Row(&queued)
	if queued != 1 {
		t.Fatalf("%d back-in-stock e-mails after a dashboard restock, want 1", queued)
	}

	// Options and a second variant, as the dashboard would save them.
	p.Set("options", []map[string]any{{"name": "Colour", "values": []map[string]any{{"value": "Black"}, {"value": "White"}}}})
	if err := app.Save(p); fieldErr(err, "options") == "" {
		t.Fatalf("options that the variant does not fit: %v", err)
	}
	variant.Set("optionValues", []string{"Black"})
	if err := app.Save(variant); fieldErr(err, "optionValues") == "" {
		t.Fatalf("a value the product's options lack: %v", err)
	}
	col, _ := app.FindCollectionByNameOrId(catalog.VariantsCollection)
	second := core.NewRecord(col)
	second.Load(map[string]any{"product": p.Id, "sku": "SS 2", "optionValues": []string{}, "priceCents": 100, "stockQuantity": 1, "isActive": true})
	if err := app.Save(second); fieldErr(err, "sku") == "" {
		t.Fatalf("a SKU with a space: %v", err)
	}
	second.Set("sku", strings.ToLower(catalog.DefaultSKU(p.Id)))
	if err := app.Save(second); !strings.Contains(fieldErr(err, "sku"), "already used") {
		t.Fatalf("a SKU another variant has (in another case): %v", err)
	}
	second.Set("sku", "LAMP-2")
	if err := app.Save(second); fieldErr(err, "optionValues") == "" {
		t.Fatalf("a second variant with the same (no) option values: %v", err)
	}
	second.Set("compareAtCents", 50)
	second.Set("optionValues", []string{"Red"})
	if err := app.Save(second); fieldErr(err, "compareAtCents") == "" {
		t.Fatalf("a compare-at price below the price: %v", err)
	}

	// The last variant stays; a product with several refuses a price.
	if err := app.Delete(variant); fieldErr(err, "product") == "" {
		t.Fatalf("deleting the last variant: %v", err)
	}
	if _, err := app.FindRecordById(catalog.VariantsCollection, def); err != nil {
		t.Fatal("the last variant was deleted")
	}
}
