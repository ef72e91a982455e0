package shipping_test

import (
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

func codes(ms []shipping.Method) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.Code)
	}
	return out
}

// An address is domestic when its country is the home country, written as
// a code or a name in any case; anywhere else gets the two international
// methods.
func TestShippingMethodsByCountry(t *testing.T) {
	s := shipping.DefaultSettings()
	for _, c := range []string{"US", "usa", " United States ", "UNITED STATES OF AMERICA", "u.s.a."} {
		if got := codes(s.Methods(c, 0)); len(got) != 3 || got[0] != "standard" || got[1] != "express" || got[2] != "overnight" {
			t.Errorf("%q: %v, want the three domestic methods", c, got)
		}
	}
	for _, c := range []string{"UK", "Germany", "Canada", "Usbekistan"} {
		if got := codes(s.Methods(c, 0)); len(got) != 2 || got[0] != "intl_standard" || got[1] != "intl_express" {
			t.Errorf("%q: %v, want the two international methods", c, got)
		}
	}
	if got := codes(s.Methods("", 0)); len(got) != 5 {
		t.Errorf("no country: %v, want all five", got)
	}
	// A shop at home in Germany ships to the US internationally.
	s.HomeCountry = "DE"
	if got := codes(s.Methods("Deutschland", 0)); len(got) != 3 {
		t.Errorf("home DE, Deutschland: %v", got)
	}
	if got := codes(s.Methods("USA", 0)); len(got) != 2 {
		t.Errorf("home DE, USA: %v", got)
	}
}

// Domestic standard is free from exactly $500.00 on, not a cent below; the
// other methods always cost their rate; a zero threshold turns it off.
func TestFreeShippingThresholdEdge(t *testing.T) {
	s := shipping.DefaultSettings()
	cases := []struct {
		code     string
		country  string
		subtotal wire.Amount
		want     wire.Amount
	}{
		{"standard", "US", 49999, 999},
		{"standard", "US", 50000, 0},
		{"standard", "US", 50001, 0},
		{"express", "US", 50000, 1999},
		{"overnight", "US", 100000, 2999},
		{"intl_standard", "UK", 50000, 4999},
		{"intl_express", "UK", 99, 7999},
	}
	for _, c := range cases {
		got, err := s.Quote(c.code, c.country, c.subtotal)
		if err != nil || got != c.want {
			t.Errorf("%s to %s at %d: %d %v, want %d", c.code, c.country, c.subtotal, got, err, c.want)
		}
	}
	s.FreeShippingThreshold = 0
	if got, _ := s.Quote("standard", "US", 10_000_000); got != 999 {
		t.Errorf("threshold 0 (off): %d, want 999", got)
	}
	for _, bad := range [][2]string{{"standard", "UK"}, {"intl_express", "US"}, {"", "US"}, {"teleport", "US"}} {
		if _, err := s.Quote(bad[0], bad[1], 0); err == nil {
			t.Errorf("%s to %s: accepted", bad[0], bad[1])
		} else if f, ok := err.(validation.Errors); !ok || f["shippingMethod"] == nil {
			t.Errorf("%s to %s: %v, want errors.shippingMethod", bad[0], bad[1], err)
		}
	}
}

// The settings record is validated however it is written (the dashboard
// goes through the same record hook), and there is only one.
func TestShippingSettingsRecordValidation(t *testing.T) {
	app := testapp.New(t)
	s, err := shipping.LoadSettings(app)
	if err != nil || s.HomeCountry != "US" || s.FreeShippingThreshold != 50000 || s.Rates["express"] != 1999 {
		t.Fatalf("migrated settings %+v %v", s, err)
	}
	recs, err := app.FindAllRecords(shipping.SettingsCollection)
	if err != nil || len(recs) != 1 {
		t.Fatalf("settings records: %d %v", len(recs), err)
	}
	rec := recs[0]
	rec.Set("homeCountry", "  ")
	if err := app.Save(rec); err == nil {
		t.Error("empty home country saved")
	}
	rec.Set("homeCountry", "Canada")
	rec.Set("expressCents", -1)
	if err := app.Save(rec); err == nil {
		t.Error("negative rate saved")
	}
	// The five rate fields count only for a record without zones (written
	// before zones, or by a developer who cleared them): since issue 35 the
	// zones of /admin/settings/shipping are the rates.
	rec.Set("shippingZones", nil)
	rec.Set("expressCents", 2500)
	rec.Set("freeShippingThresholdCents", 20000)
	if err := app.Save(rec); err != nil {
		t.Fatalf("valid change refused: %v", err)
	}
	s, _ = shipping.LoadSettings(app)
	if got, _ := s.Quote("express", "canada", 0); got != 2500 || s.FreeShippingThreshold != 20000 {
		t.Errorf("changed settings not used: express %d, threshold %d", got, s.FreeShippingThreshold)
	}
	col, _ := app.FindCollectionByNameOrId(shipping.SettingsCollection)
	second := core.NewRecord(col)
	second.Set("homeCountry", "US")
	if err := app.Save(second); err == nil {
		t.Error("a second settings record was saved")
	}
}
