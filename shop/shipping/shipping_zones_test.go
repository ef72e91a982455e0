package shipping_test

import (
	"encoding/json"
	"strings"
	"testing"

	"stageshop/shop/field"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

func grams(g int64) *int64 { return &g }

// zonedSettings: home US; a European group (DE, FR) with banded rates; the
// rest of the world; standard is free over $500 at home.
func zonedSettings() shipping.Settings {
	free := int64(50000)
	return shipping.Settings{HomeCountry: "US", Zones: []shipping.Zone{
		{ID: "home", Name: "Domestic", Countries: []string{"US"}, Methods: []shipping.ZoneMethod{
			{Code: "standard", Name: wire.Localized{"en": "Standard"}, DeliveryDays: "5-7", FreeOverCents: &free,
				Rates: []shipping.WeightBand{{UpToGrams: grams(2000), AmountCents: 999}, {UpToGrams: grams(30000), AmountCents: 2499}}},
			{Code: "express", Name: wire.Localized{"en": "Express"}, DeliveryDays: "2-3",
				Rates: []shipping.WeightBand{{UpToGrams: grams(10000), AmountCents: 1999}, {AmountCents: 8999}}},
		}},
		{ID: "eu", Name: "Europe", Countries: []string{"DE", "FR"}, Methods: []shipping.ZoneMethod{
			{Code: "eu_post", Name: wire.Localized{"en": "EU post"}, DeliveryDays: "6-9", Rates: []shipping.WeightBand{{UpToGrams: grams(5000), AmountCents: 2999}}},
		}},
		{ID: "world", Name: "Rest of the world", Countries: []string{}, Methods: []shipping.ZoneMethod{
			{Code: "intl", Name: wire.Localized{"en": "International"}, DeliveryDays: "10-15", Rates: []shipping.WeightBand{{AmountCents: 4999}}},
		}},
	}}
}

func methodCodes(ms []shipping.Method) string {
	b, _ := json.Marshal(codes(ms))
	return string(b)
}

// An address goes to the zone that lists its country (by code or name),
// else to the rest of the world; without a rest of the world a country in
// no zone gets no method.
func TestZoneMatching(t *testing.T) {
	s := zonedSettings()
	for country, want := range map[string]string{
		"US": `["standard","express"]`, "United States": `["standard","express"]`,
		"DE": `["eu_post"]`, "france": `["eu_post"]`, "JP": `["intl"]`, "Brazil": `["intl"]`,
	} {
		if got := methodCodes(s.MethodsFor(shipping.Shipment{Country: country, WeightGrams: 1000})); got != want {
			t.Errorf("%s: %s, want %s", country, got, want)
		}
	}
	if m := s.MethodsFor(shipping.Shipment{Country: "US"}); m[0].Region != "domestic" {
		t.Errorf("home zone region %q", m[0].Region)
	}
	if m := s.MethodsFor(shipping.Shipment{Country: "DE"}); m[0].Region != "international" {
		t.Errorf("group zone region %q", m[0].Region)
	}
	s.Zones = s.Zones[:2] // no rest of the world
	if got := s.MethodsFor(shipping.Shipment{Country: "JP"}); len(got) != 0 {
		t.Errorf("JP without a rest of the world: %v", codes(got))
	}
	if _, _, err := s.QuoteFor("intl", shipping.Shipment{Country: "JP"}); err == nil {
		t.Error("a quote to a country the shop does not ship to")
	}
}

// The order's weight picks the first band whose bound holds it (the bound
// itself included); heavier than every band drops the method; a method
// whose last band has no bound takes any weight.
func TestWeightBandEdges(t *testing.T) {
	s := zonedSettings()
	cases := []struct {
		code  string
		grams int64
		want  wire.Amount
		fits  bool
	}{
		{"standard", 0, 999, true},
		{"standard", 2000, 999, true},
		{"standard", 2001, 2499, true},
		{"standard", 30000, 2499, true},
		{"standard", 30001, 0, false},
		{"express", 10000, 1999, true},
		{"express", 10001, 8999, true},
		{"express", 900000, 8999, true},
	}
	for _, c := range cases {
		got, freight, err := s.QuoteFor(c.code, shipping.Shipment{Country: "US", Subtotal: 100, WeightGrams: c.grams})
		if (err == nil) != c.fits || got != c.want || freight {
			t.Errorf("%s at %d g: %d %v %v, want %d fits=%v", c.code, c.grams, got, freight, err, c.want, c.fits)
		}
	}
}

// A method is free from its free-over subtotal (exactly there, not a cent
// below) within its bands; a method without one is never free.
func TestFreeOverThreshold(t *testing.T) {
	s := zonedSettings()
	for _, c := range []struct {
		code     string
		subtotal wire.Amount
		grams    int64
		want     wire.Amount
	}{
		{"standard", 49999, 2500, 2499},
		{"standard", 50000, 2500, 0},
		{"standard", 50000, 30000, 0},
		{"express", 900000, 1000, 1999},
	} {
		got, _, err := s.QuoteFor(c.code, shipping.Shipment{Country: "US", Subtotal: c.subtotal, WeightGrams: c.grams})
		if err != nil || got != c.want {
			t.Errorf("%s at %d: %d %v, want %d", c.code, c.subtotal, got, err, c.want)
		}
	}
}

// A freight-only line, or a weight no method takes, leaves one method:
// freight quoted separately, at no online price; the other methods are
// then refused.
func TestFreight(t *testing.T) {
	s := zonedSettings()
	only := s.MethodsFor(shipping.Shipment{Country: "US", Subtotal: 100, WeightGrams: 1000, FreightOnly: true})
	if len(only) != 1 || only[0].Code != shipping.MethodFreight || !only[0].Freight || only[0].Amount != 0 {
		t.Fatalf("freight-only cart: %+v", only)
	}
	heavy := s.MethodsFor(shipping.Shipment{Country: "DE", WeightGrams: 5001})
	if len(heavy) != 1 || heavy[0].Code != shipping.MethodFreight {
		t.Fatalf("too heavy for EU post: %+v", heavy)
	}
	if amount, freight, err := s.QuoteFor("freight", shipping.Shipment{Country: "DE", WeightGrams: 5001}); err != nil || !freight || amount != 0 {
		t.Errorf("freight quote: %d %v %v", amount, freight, err)
	}
	if _, _, err := s.QuoteFor("standard", shipping.Shipment{Country: "US", FreightOnly: true}); err == nil {
		t.Error("standard accepted for a freight-only cart")
	}
	if _, _, err := s.QuoteFor("freight", shipping.Shipment{Country: "US", WeightGrams: 1000}); err == nil {
		t.Error("freight accepted for a parcel the methods take")
	}
}

func input(t *testing.T, body string) shipping.SettingsInput {
	t.Helper()
	var in shipping.SettingsInput
	dec := json.NewDecoder(stringsReader(body))
	dec.UseNumber()
	if err := dec.Decode(&in); err != nil {
		t.Fatal(err)
	}
	return in
}

// Every rule of the settings is reported under its JSON path, all at once.
func TestShippingSettingsValidation(t *testing.T) {
	good := `{"homeCountry":"United States","zones":[
	 {"id":"home","name":"Domestic","countries":["US"],"methods":[{"code":"standard","name":{"en":"Standard"},"deliveryDays":"5-7",
	   "rates":[{"upToKg":2,"amount":9.99},{"upToKg":30.5,"amount":24.99},{"upToKg":null,"amount":99}],"freeOver":500}]},
	 {"name":"World","countries":[],"methods":[{"code":"intl","name":"International","deliveryDays":"10","rates":[{"upToKg":null,"amount":49.99}]}]}]}`
	home, zones, err := input(t, good).Parse()
	if err != nil || home != "US" || zones[1].ID != "zone-2" || *zones[0].Methods[0].Rates[1].UpToGrams != 30500 ||
		zones[0].Methods[0].Rates[1].AmountCents != 2499 || *zones[0].Methods[0].FreeOverCents != 50000 || zones[1].Methods[0].Name["en"] != "International" {
		t.Fatalf("good settings: %v %v %+v", home, err, zones)
	}
	bad := `{"homeCountry":"Atlantis","zones":[
	 {"id":"Home!","name":"","countries":["US","XX"],"methods":[{"code":"freight","name":{"ru":"x"},"deliveryDays":"7-5",
	   "rates":[{"upToKg":null,"amount":1},{"upToKg":2.0001,"amount":-1},{"upToKg":1,"amount":1.001}],"freeOver":-5}]},
	 {"id":"b","name":"B","countries":["us"],"methods":[]},
	 {"id":"c","name":"C","countries":[],"methods":[{"code":"a","name":"A","rates":[]}]},
	 {"id":"d","name":"D","countries":[],"methods":[{"code":"a","name":"A","rates":[{"upToKg":0,"amount":1}]},{"code":"a","name":"A2","rates":[{"amount":1}]}]}]}`
	_, _, err = input(t, bad).Parse()
	fields, _, ok := field.Messages(err)
	if !ok {
		t.Fatalf("bad settings: %v", err)
	}
	for _, path := range []string{"homeCountry", "zones.0.id", "zones.0.name", "zones.0.countries.1", "zones.0.methods.0.code",
		"zones.0.methods.0.name.en", "zones.0.methods.0.deliveryDays", "zones.0.methods.0.rates.0.upToKg", "zones.0.methods.0.rates.1.upToKg",
		"zones.0.methods.0.rates.1.amount", "zones.0.methods.0.rates.2.amount", "zones.0.methods.0.freeOver",
		"zones.1.countries.0", "zones.1.methods", "zones.2.methods.0.rates", "zones.3.countries", "zones.3.methods.0.rates.0.upToKg",
		"zones.3.methods.1.code"} {
		if fields[path] == "" {
			t.Errorf("no error at %s (got %v)", path, fields)
		}
	}
	if _, _, err := input(t, `{"homeCountry":"US","zones":[]}`).Parse(); err == nil {
		t.Error("no zones accepted")
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
