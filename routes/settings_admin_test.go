package routes_test

import (
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/tax"
)

type paySettingsJSON struct {
	PricesIncludeTax    bool   `json:"pricesIncludeTax"`
	TaxShipping         bool   `json:"taxShipping"`
	SellerTaxID         string `json:"sellerTaxId"`
	CardEnabled         bool   `json:"cardEnabled"`
	BankTransferEnabled bool   `json:"bankTransferEnabled"`
	InvoiceEnabled      bool   `json:"invoiceEnabled"`
	BankDetails         string `json:"bankDetails"`
	InvoiceTermsDays    int    `json:"invoiceTermsDays"`
	HoldMinutes         int    `json:"holdMinutes"`
	CardReady           bool   `json:"cardReady"`
	StripeKeys          string `json:"stripeKeys"`
}

// Settings > Payments & tax: an admin reads and changes the payment methods,
// bank details, invoice terms and tax settings through the shop's routes;
// the records' rules hold (bad input refused by field, nothing written);
// the Stripe keys never appear; the shop charges by what was saved.
func TestPaymentTaxSettingsRoutes(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	customer := testapp.Auth(testapp.NewUser(t, h.App, false).Token)
	expectErr(t, c.Do("GET", "/api/admin/settings/payments", nil, customer...), 403, "forbidden")
	expectErr(t, c.Do("PUT", "/api/admin/settings/payments", map[string]any{}), 401, "unauthorized")

	var s paySettingsJSON
	r := c.Do("GET", "/api/admin/settings/payments", nil, admin...)
	wantStatus(t, r, 200, &s)
	if !s.BankTransferEnabled || s.InvoiceTermsDays != 30 || s.HoldMinutes != 60 || s.PricesIncludeTax || s.StripeKeys == "" {
		t.Fatalf("defaults %+v", s)
	}
	bad := s
	bad.CardEnabled, bad.BankTransferEnabled, bad.InvoiceEnabled = false, false, false
	bad.InvoiceTermsDays, bad.HoldMinutes, bad.SellerTaxID = 0, 5, strings.Repeat("x", 51)
	env := wantError(t, c.Do("PUT", "/api/admin/settings/payments", bad, admin...), 400, "validation_failed")
	wantFields(t, env, "sellerTaxId")
	bad.SellerTaxID = ""
	env = wantError(t, c.Do("PUT", "/api/admin/settings/payments", bad, admin...), 400, "validation_failed")
	wantFields(t, env, "bankTransferEnabled", "invoiceTermsDays", "holdMinutes")
	expectErr(t, c.Do("PUT", "/api/admin/settings/payments", `{"holdMinutes": "soon"}`, admin...), 400, "")

	good := s
	good.PricesIncludeTax, good.TaxShipping, good.SellerTaxID = true, true, "EIN 98-7654321"
	good.BankDetails, good.InvoiceTermsDays, good.HoldMinutes = "Account holder: Rig & Roll\nIBAN: DE00 1234", 14, 90
	var saved paySettingsJSON
	r = c.Do("PUT", "/api/admin/settings/payments", good, admin...)
	wantStatus(t, r, 200, &saved)
	if !saved.PricesIncludeTax || !saved.TaxShipping || saved.SellerTaxID != "EIN 98-7654321" || saved.InvoiceTermsDays != 14 ||
		saved.HoldMinutes != 90 || !strings.Contains(saved.BankDetails, "IBAN: DE00 1234") {
		t.Fatalf("saved %+v", saved)
	}
	if strings.Contains(string(r.Body), "sk_") || strings.Contains(string(r.Body), "whsec_") {
		t.Fatal("an answer shows a Stripe key")
	}
	rules, _ := tax.LoadRules(h.App)
	pay, _ := shop.LoadPaymentSettings(h.App)
	if !rules.PricesIncludeTax || !rules.TaxShipping || pay.TermsDays() != 14 || pay.Hold().Minutes() != 90 {
		t.Fatalf("the shop charges by %+v / %+v", rules, pay)
	}
}

type taxRateJSON struct {
	ID       string  `json:"id"`
	Country  string  `json:"country"`
	Region   string  `json:"region"`
	TaxClass string  `json:"taxClass"`
	Rate     float64 `json:"rate"`
	Name     string  `json:"name"`
}

// An admin adds, edits and deletes tax rates; the rules of the dashboard
// hold through the routes (a known class, a US state for a region, at
// most three decimals, one rate per place and class); the cart's tax
// follows at once.
func TestTaxRatesRoutes(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	expectErr(t, c.Do("GET", "/api/admin/tax-rates", nil, testapp.Auth(testapp.NewUser(t, h.App, false).Token)...), 403, "forbidden")

	texas := map[string]any{"country": "US", "region": "TX", "taxClass": "standard", "rate": 6.25, "name": "Texas sales tax"}
	var made taxRateJSON
	wantStatus(t, c.Do("POST", "/api/admin/tax-rates", texas, admin...), 201, &made)
	if made.ID == "" || made.Rate != 6.25 || made.Region != "TX" {
		t.Fatalf("made %+v", made)
	}
	env := wantError(t, c.Do("POST", "/api/admin/tax-rates", texas, admin...), 400, "validation_failed")
	wantFields(t, env, "country")
	bad := map[string]any{"country": "DE", "region": "TX", "taxClass": "luxury", "rate": 19.5, "name": ""}
	env = wantError(t, c.Do("POST", "/api/admin/tax-rates", bad, admin...), 400, "validation_failed")
	wantFields(t, env, "region", "taxClass", "name")
	env = wantError(t, c.Do("POST", "/api/admin/tax-rates", map[string]any{"country": "DE", "taxClass": "standard", "rate": 19.1234, "name": "VAT"}, admin...), 400, "validation_failed")
	wantFields(t, env, "rate")
	expectErr(t, c.Do("POST", "/api/admin/tax-rates", `{"rate": "high"}`, admin...), 400, "")

	texas["rate"] = 8.25
	var edited taxRateJSON
	wantStatus(t, c.Do("PUT", "/api/admin/tax-rates/"+made.ID, texas, admin...), 200, &edited)
	rules, _ := tax.LoadRules(h.App)
	if r, ok := rules.Table.Match("US", "TX", tax.Standard); !ok || r.Rate != 8250 {
		t.Fatalf("the shop's Texas rate %+v %v", r, ok)
	}
	var list []taxRateJSON
	wantStatus(t, c.Do("GET", "/api/admin/tax-rates", nil, admin...), 200, &list)
	if len(list) != 1 || list[0].Rate != 8.25 {
		t.Fatalf("list %+v", list)
	}
	wantStatus(t, c.Do("DELETE", "/api/admin/tax-rates/"+made.ID, nil, admin...), 200, nil)
	expectErr(t, c.Do("DELETE", "/api/admin/tax-rates/"+made.ID, nil, admin...), 404, "not_found")
	expectErr(t, c.Do("PUT", "/api/admin/tax-rates/nosuchrate12345", texas, admin...), 404, "not_found")
}
