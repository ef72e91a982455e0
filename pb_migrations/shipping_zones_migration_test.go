package migrations_test

import (
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/shipping"
)

// A shop whose five rates and threshold were changed before zones keeps
// charging them: the migration writes them as its zones (home country,
// rest of the world), and an existing order keeps its own figures.
func TestShippingZonesMigrationKeepsRates(t *testing.T) {
	app := testapp.New(t)
	m := migration(t, "1763801930_shipping_zones.go")
	if err := m.Down(app); err != nil {
		t.Fatalf("down: %v", err)
	}
	recs, err := app.FindAllRecords("shop_settings")
	if err != nil || len(recs) != 1 {
		t.Fatalf("settings: %v", err)
	}
	recs[0].Set("homeCountry", "Canada")
	recs[0].Set("expressCents", 2222)
	recs[0].Set("intlExpressCents", 8888)
	recs[0].Set("freeShippingThresholdCents", 30000)
	if err := app.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
	if err := m.Up(app); err != nil {
		t.Fatalf("up: %v", err)
	}
	s, err := shipping.LoadSettings(app)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Zones) != 2 || s.Zones[0].Countries[0] != "CA" || len(s.Zones[1].Countries) != 0 {
		t.Fatalf("zones %+v", s.Zones)
	}
	for _, c := range []struct {
		code, country string
		subtotal      shop.Amount
		want          shop.Amount
	}{{"express", "CA", 0, 2222}, {"standard", "CA", 29999, 999}, {"standard", "CA", 30000, 0}, {"intl_express", "US", 0, 8888}} {
		if got, err := s.Quote(c.code, c.country, c.subtotal); err != nil || got != c.want {
			t.Errorf("%s to %s: %d %v, want %d", c.code, c.country, got, err, c.want)
		}
	}
}
