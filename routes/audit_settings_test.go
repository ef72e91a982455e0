package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/audit"
)

// Settings are audited one save at a time: Settings > Payments & tax
// (which writes the payment and the shop settings records) is one
// settings.changed entry holding both records' changed fields; the
// shipping zones, the store details, a tax rate and each information
// page's creation, edit and deletion are one entry each, by the Admin; a
// save that changes nothing and a refused save write none.
func TestAuditSettingsChanges(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	n := len(auditRows(t, h.App))
	next := func(what, action string) auditRow {
		t.Helper()
		r := oneEntry(t, h.App, n, action)
		byUser(t, r, admin)
		n++
		return r
	}
	none := func(what string) {
		t.Helper()
		if got := len(auditRows(t, h.App)); got != n {
			t.Errorf("%s wrote %d audit entries, want none", what, got-n)
		}
	}

	var pay map[string]any
	c.Do("GET", "/api/admin/settings/payments", nil, auth...).JSON(t, &pay)
	pay["cardEnabled"] = !pay["cardEnabled"].(bool)
	pay["sellerTaxId"] = "US-99-1234567"
	wantStatus(t, c.Do("PUT", "/api/admin/settings/payments", pay, auth...), http.StatusOK, nil)
	r := next("payments & tax", audit.SettingsChanged)
	for _, f := range []string{`"cardEnabled"`, `"sellerTaxId":"US-99-1234567"`} {
		if !strings.Contains(string(r.After), f) {
			t.Errorf("the payments entry's after %s lacks %s", r.After, f)
		}
	}
	wantStatus(t, c.Do("PUT", "/api/admin/settings/payments", pay, auth...), http.StatusOK, nil)
	none("the same payment settings again")

	var ship map[string]any
	c.Do("GET", "/api/admin/shipping", nil, auth...).JSON(t, &ship)
	zones := ship["zones"].([]any)
	zones[0].(map[string]any)["name"] = "Home (audited)"
	wantStatus(t, c.Do("PUT", "/api/admin/shipping", ship, auth...), http.StatusOK, nil)
	if r := next("shipping", audit.SettingsChanged); !strings.Contains(string(r.After), "Home (audited)") {
		t.Errorf("the shipping entry's after %s lacks the zone's new name", r.After)
	}
	ship["homeCountry"] = "Atlantis"
	expectErr(t, c.Do("PUT", "/api/admin/shipping", ship, auth...), http.StatusBadRequest, "validation_failed")
	none("a refused shipping save")

	var store map[string]any
	c.Do("GET", "/api/shop", nil).JSON(t, &store)
	store["email"], store["phone"] = "hello@stageshop.example", "+1 512 555 0199"
	wantStatus(t, c.Do("PUT", "/api/admin/shop", store, auth...), http.StatusOK, nil)
	next("store details", audit.SettingsChanged)

	rate := map[string]any{"name": "Texas", "country": "US", "region": "TX", "taxClass": "standard", "rate": 6.25}
	wantStatus(t, c.Do("POST", "/api/admin/tax-rates", rate, auth...), http.StatusCreated, nil)
	next("a tax rate", audit.SettingsChanged)

	page := map[string]any{"slug": "rental-terms", "title": "Rental terms", "source": "Daily **rates**."}
	wantStatus(t, c.Do("POST", "/api/admin/pages", page, auth...), http.StatusCreated, nil)
	if r := next("a page added", audit.SettingsChanged); r.TargetCol != "pages" || r.Label != "Rental terms" {
		t.Errorf("page entry's target %s %q", r.TargetCol, r.Label)
	}
	page["source"] = "Weekly rates too."
	wantStatus(t, c.Do("PUT", "/api/admin/pages/rental-terms", page, auth...), http.StatusOK, nil)
	if r := next("a page edited", audit.SettingsChanged); !strings.Contains(string(r.After), "Weekly rates too.") {
		t.Errorf("the page edit's after %s lacks the new text", r.After)
	}
	wantStatus(t, c.Do("DELETE", "/api/admin/pages/rental-terms", nil, auth...), http.StatusOK, nil)
	if r := next("a page deleted", audit.SettingsChanged); r.Label != "Rental terms" || r.Before == nil {
		t.Errorf("page deletion entry: %q before %s", r.Label, r.Before)
	}
}

// A refund is one refund.created entry on its order, by the Admin, with
// its amount in cents.
func TestAuditRefund(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 10000, Stock: 20})
	var d payOrder
	if r := placeWith(t, s.h, s.user, s.product.Id, "", ""); r.Status != 201 {
		t.Fatalf("place: %d %s", r.Status, r.Body)
	} else {
		r.JSON(t, &d)
	}
	admin := testapp.Auth(s.admin.Token)
	order := "/api/checkout/admin/orders/" + d.ID
	wantStatus(t, s.c.Do("POST", order+"/payments", map[string]any{"amount": 100}, admin...), http.StatusCreated, nil)
	n := len(auditRows(t, s.h.App))
	wantStatus(t, s.c.Do("POST", order+"/refunds", map[string]any{"amount": 30, "reason": "Scratched"}, admin...), http.StatusCreated, nil)
	r := oneEntry(t, s.h.App, n, audit.RefundCreated)
	byUser(t, r, s.admin)
	if r.TargetCol != "orders" || r.TargetID != d.ID || r.Label != d.OrderNumber {
		t.Errorf("target %s/%s %q, want orders/%s %q", r.TargetCol, r.TargetID, r.Label, d.ID, d.OrderNumber)
	}
	if !strings.Contains(string(r.After), `"amountCents":3000`) || !strings.Contains(string(r.After), "Scratched") {
		t.Errorf("after %s, want the amount 3000 cents and the reason", r.After)
	}
	expectErr(t, s.c.Do("POST", order+"/refunds", map[string]any{"amount": 1000}, admin...), http.StatusConflict, "")
	if got := len(auditRows(t, s.h.App)); got != n+1 {
		t.Errorf("a refused refund wrote %d entries", got-n-1)
	}
}

// Registering and deleting a webhook endpoint are an entry each, by the
// Admin, naming its URL; the secret is in neither.
func TestAuditWebhooks(t *testing.T) {
	t.Setenv("STAGESHOP_WEBHOOKS_ALLOW_PRIVATE", "1")
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	n := len(auditRows(t, h.App))
	url := "https://127.0.0.1:1/hooks/erp"
	r := h.Client.Do("POST", "/api/admin/webhooks", map[string]any{"url": url, "events": []string{"order.created"}}, auth...)
	created := r.Map(t)
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	e := oneEntry(t, h.App, n, audit.WebhookCreated)
	byUser(t, e, admin)
	secret := fmt.Sprint(created["secret"])
	if e.TargetID != created["id"] || e.Label != url || strings.Contains(string(e.After), secret) {
		t.Errorf("created entry: %s %q after %s", e.TargetID, e.Label, e.After)
	}
	wantStatus(t, h.Client.Do("DELETE", "/api/admin/webhooks/"+created["id"].(string), nil, auth...), http.StatusNoContent, nil)
	e = oneEntry(t, h.App, n+1, audit.WebhookDeleted)
	byUser(t, e, admin)
	if e.Label != url || !strings.Contains(string(e.Before), url) {
		t.Errorf("deleted entry: %q before %s", e.Label, e.Before)
	}
}

// A superuser's change through PocketBase's dashboard (its record API) is
// audited as "superuser" with the e-mail: a variant's price and the shop
// settings.
func TestAuditDashboardSuperuser(t *testing.T) {
	h := testapp.NewHarness(t)
	root := testapp.Auth(superuserToken(t, h.App))
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 1})
	variant := testapp.DefaultVariant(t, h.App, p.Id)
	n := len(auditRows(t, h.App))
	wantStatus(t, h.Client.Do("PATCH", "/api/collections/product_variants/records/"+variant, map[string]any{"priceCents": 1500}, root...), http.StatusOK, nil)
	r := oneEntry(t, h.App, n, audit.ProductPriceChanged)
	if r.ActorKind != audit.KindSuperuser || r.Actor != "superuser root@example.com" || r.ActorID == "" {
		t.Errorf("dashboard price change by %s %q %q, want the superuser", r.ActorKind, r.Actor, r.ActorID)
	}
	settings, err := h.App.FindFirstRecordByFilter("shop_settings", "")
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, h.Client.Do("PATCH", "/api/collections/shop_settings/records/"+settings.Id, map[string]any{"sellerTaxId": "DASH-1"}, root...), http.StatusOK, nil)
	if r := oneEntry(t, h.App, n+1, audit.SettingsChanged); r.ActorKind != audit.KindSuperuser {
		t.Errorf("dashboard settings change by %s %q, want the superuser", r.ActorKind, r.Actor)
	}
}
