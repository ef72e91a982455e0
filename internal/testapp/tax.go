package testapp

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// NewTaxRate stores a tax rate (through its record hook, as the dashboard
// saves one) and returns its record.
func NewTaxRate(t testing.TB, app core.App, country, region, class string, rate float64, name string) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("tax_rates")
	if err != nil {
		t.Fatalf("tax_rates collection: %v", err)
	}
	rec := core.NewRecord(col)
	rec.Set("country", country)
	rec.Set("region", region)
	rec.Set("taxClass", class)
	rec.Set("rate", rate)
	rec.Set("name", name)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save tax rate: %v", err)
	}
	return rec
}

// SetTaxSettings sets the shop's two tax settings on its settings record.
func SetTaxSettings(t testing.TB, app core.App, pricesIncludeTax, taxShipping bool) {
	t.Helper()
	recs, err := app.FindAllRecords("shop_settings")
	if err != nil || len(recs) == 0 {
		t.Fatalf("shop settings: %v", err)
	}
	recs[0].Set("pricesIncludeTax", pricesIncludeTax)
	recs[0].Set("taxShipping", taxShipping)
	if err := app.Save(recs[0]); err != nil {
		t.Fatalf("save shop settings: %v", err)
	}
}

// SetTaxExempt marks a user tax-exempt or not, as an admin does.
func SetTaxExempt(t testing.TB, app core.App, userID string, exempt bool) {
	t.Helper()
	rec, err := app.FindRecordById("users", userID)
	if err != nil {
		t.Fatalf("user: %v", err)
	}
	rec.Set("taxExempt", exempt)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save user: %v", err)
	}
}
