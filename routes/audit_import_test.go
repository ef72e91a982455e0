package routes_test

import (
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/audit"
)

// An import is one import.completed entry by the Admin with its counts,
// however many rows changed a price or stock: no entry per row; a dry run
// writes none.
func TestAuditImportIsOneEntry(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	for _, name := range []string{"Fog A", "Fog B", "Fog C"} {
		testapp.NewProduct(t, h.App, testapp.Product{Name: name, PriceCents: 1000, Stock: 1})
	}
	export := string(h.Client.Do("GET", "/api/admin/products/export.csv", nil, auth...).Body)
	changed := strings.ReplaceAll(export, ",10.00,", ",12.00,")
	n := len(auditRows(t, h.App))
	importCSV(t, h.Client, auth, changed, true)
	if got := len(auditRows(t, h.App)); got != n {
		t.Fatalf("a dry run wrote %d entries", got-n)
	}
	a := importCSV(t, h.Client, auth, changed, false)
	if len(a.Errors) != 0 || a.Updated != 3 {
		t.Fatalf("import: %+v", a)
	}
	r := oneEntry(t, h.App, n, audit.ImportCompleted)
	byUser(t, r, admin)
	wantJSON(t, "after", r.After, `{"rows":3,"created":0,"updated":3,"priceChanges":3,"stockChanges":0}`)
}
