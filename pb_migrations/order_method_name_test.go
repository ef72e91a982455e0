package migrations_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// Orders placed before the method names were kept get today's name of
// their method's code (per language, from the shop's zones); an order of a
// code no zone has keeps none (it shows the code's translation); rolled
// back, the field goes.
func TestOrderMethodNameMigration(t *testing.T) {
	app := testapp.New(t)
	m := migration(t, "1763801903_order_method_name.go")
	if err := m.Down(app); err != nil {
		t.Fatal(err)
	}
	orders, err := app.FindCollectionByNameOrId("orders")
	if err != nil || orders.Fields.GetByName("shippingMethodName") != nil {
		t.Fatalf("down kept the field (%v)", err)
	}
	ids := map[string]string{}
	for _, code := range []string{"express", "gone_method"} {
		rec := core.NewRecord(orders)
		rec.Set("orderNumber", "ORD-20250101-"+code[:4])
		rec.Set("status", "Shipped")
		rec.Set("shippingMethod", code)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
		ids[code] = rec.Id
	}
	if err := m.Up(app); err != nil {
		t.Fatal(err)
	}
	name := func(code string) map[string]string {
		t.Helper()
		rec, err := app.FindRecordById("orders", ids[code])
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]string
		_ = rec.UnmarshalJSONField("shippingMethodName", &out)
		return out
	}
	if got := name("express"); got["en"] != "Express" || got["ru"] != "Экспресс" || got["zh"] != "快速配送" {
		t.Errorf("an old express order's name: %v", got)
	}
	if got := name("gone_method"); len(got) != 0 {
		t.Errorf("an order of a method no zone has: %v", got)
	}
}
