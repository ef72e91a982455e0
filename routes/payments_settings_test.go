package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// The dashboard's payment settings (superusers only) are validated like
// any settings: a hold outside Stripe's 30 min to 24 h, impossible invoice
// terms, a key of the wrong kind (refused without quoting it), bank
// transfer without bank details, no method at all and a second record are
// refused and change nothing; a shop admin can neither read nor change
// them; a sane change is what the shop offers next.
func TestPaymentSettingsThroughTheDashboard(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	su := superuserToken(t, h.App)
	recs, err := h.App.FindAllRecords(shop.PaymentSettingsCollection)
	if err != nil || len(recs) != 1 {
		t.Fatalf("payment settings records: %d %v", len(recs), err)
	}
	url := "/api/collections/" + shop.PaymentSettingsCollection + "/records/" + recs[0].Id
	leaky := "pk_live_publishable0123456789"
	for _, bad := range []map[string]any{{"holdMinutes": 5}, {"holdMinutes": 1441}, {"invoiceTermsDays": 0}, {"invoiceTermsDays": 400},
		{"stripeSecretKey": leaky}, {"stripeWebhookSecret": "secret with spaces"}, {"bankDetails": "  "},
		{"cardEnabled": false, "bankTransferEnabled": false, "invoiceEnabled": false}} {
		r := c.Do("PATCH", url, bad, "Authorization", su)
		if r.Status != http.StatusBadRequest || strings.Contains(string(r.Body), leaky) {
			t.Errorf("%v: %d %s", bad, r.Status, r.Body)
		}
	}
	if r := c.Do("POST", "/api/collections/"+shop.PaymentSettingsCollection+"/records", map[string]any{"holdMinutes": 60, "invoiceTermsDays": 30,
		"bankTransferEnabled": true, "bankDetails": "IBAN X"}, "Authorization", su); r.Status != http.StatusBadRequest {
		t.Errorf("second settings record: %d %s", r.Status, r.Body)
	}
	s, err := shop.LoadPaymentSettings(h.App)
	if err != nil || s.HoldMinutes != shop.DefaultHoldMinutes || s.InvoiceTermsDays != shop.DefaultTermsDays || s.StripeSecretKey != "" {
		t.Fatalf("refused changes were kept: %+v %v", s, err)
	}
	admin := testapp.NewUser(t, h.App, true)
	for _, r := range []testapp.Response{c.Do("GET", url, nil, testapp.Auth(admin.Token)...),
		c.Do("PATCH", url, map[string]any{"holdMinutes": 90}, testapp.Auth(admin.Token)...)} {
		if r.Status < 400 {
			t.Errorf("a shop admin's token reached the payment settings: %d %s", r.Status, r.Body)
		}
	}
	wantStatus(t, c.Do("PATCH", url, map[string]any{"holdMinutes": 90, "bankDetails": "Account holder: Stage Co\nIBAN: DE00 1234"}, "Authorization", su), 200, nil)
	var m struct {
		BankDetails string `json:"bankDetails"`
		HoldMinutes int    `json:"holdMinutes"`
	}
	c.Do("GET", "/api/payments/methods", nil).JSON(t, &m)
	if m.HoldMinutes != 90 || !strings.Contains(m.BankDetails, "Stage Co") {
		t.Fatalf("after the dashboard change: %+v", m)
	}
}
