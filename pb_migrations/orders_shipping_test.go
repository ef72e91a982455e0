package migrations_test

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// migration finds a registered app migration by its file name.
func migration(t *testing.T, file string) *core.Migration {
	t.Helper()
	for _, m := range core.AppMigrations.Items() {
		if m.File == file {
			return m
		}
	}
	t.Fatalf("migration %s not registered", file)
	return nil
}

// Orders placed before the shipping fields existed get subtotal = total,
// no shipping, and a history of what is known; the shop gets its default
// settings. (The migration is rolled back, an old-style order written, and
// the migration applied again.)
func TestOrdersShippingMigrationBackfills(t *testing.T) {
	app := testapp.New(t)
	m := migration(t, "1763800500_orders_shipping.go")
	if err := m.Down(app); err != nil {
		t.Fatalf("down: %v", err)
	}
	orders, err := app.FindCollectionByNameOrId("orders")
	if err != nil {
		t.Fatal(err)
	}
	if orders.Fields.GetByName("subtotalCents") != nil {
		t.Fatal("down kept subtotalCents")
	}
	old := core.NewRecord(orders)
	old.Set("orderNumber", "ORD-20250101-OLDONE")
	old.Set("status", "Shipped")
	old.Set("totalCents", 12345)
	old.Set("itemCount", 2)
	if err := app.Save(old); err != nil {
		t.Fatal(err)
	}

	if err := m.Up(app); err != nil {
		t.Fatalf("up: %v", err)
	}
	rec, err := app.FindRecordById("orders", old.Id)
	if err != nil {
		t.Fatal(err)
	}
	var history []struct {
		Status string `json:"status"`
		At     string `json:"at"`
	}
	if err := rec.UnmarshalJSONField("history", &history); err != nil {
		t.Fatal(err)
	}
	if rec.GetInt("subtotalCents") != 12345 || rec.GetInt("shippingCents") != 0 || rec.GetInt("totalCents") != 12345 ||
		len(history) != 2 || history[0].Status != "Created" || history[1].Status != "Shipped" || history[0].At == "" {
		t.Fatalf("backfilled order: subtotal %d shipping %d history %+v", rec.GetInt("subtotalCents"), rec.GetInt("shippingCents"), history)
	}
	n, err := app.CountRecords("shop_settings", dbx.HashExp{"homeCountry": "US", "freeShippingThresholdCents": 50000})
	if err != nil || n != 1 {
		t.Fatalf("default settings: %d %v", n, err)
	}
}
