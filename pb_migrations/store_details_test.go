package migrations_test

import (
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/shipping"
)

// A shop whose invoices named a seller keeps every value when the store
// details become their one source: the legal name, address, e-mail and
// phone move into the store details (the invoice reads them there), the
// tax ID stays; rolling back gives the seller fields their values again.
func TestStoreDetailsTakeTheSellerDetails(t *testing.T) {
	app := testapp.New(t)
	m := migration(t, "1763801900_store_details.go")
	if err := m.Down(app); err != nil {
		t.Fatal(err)
	}
	recs, err := app.FindAllRecords(shipping.SettingsCollection)
	if err != nil || len(recs) != 1 {
		t.Fatalf("settings %v %v", recs, err)
	}
	old := map[string]string{"sellerName": "Rig & Roll Ltd", "sellerAddress": "1 Stage Lane\nLondon", "sellerTaxId": "GB123",
		"sellerEmail": "billing@rig.example", "sellerPhone": "+44 20 7946 0000"}
	for k, v := range old {
		recs[0].Set(k, v)
	}
	if err := app.SaveNoValidate(recs[0]); err != nil {
		t.Fatal(err)
	}
	if err := m.Up(app); err != nil {
		t.Fatal(err)
	}
	d, err := shop.LoadStoreDetails(app)
	if err != nil || d.LegalName != "Rig & Roll Ltd" || d.Address != "1 Stage Lane\nLondon" || d.Email != "billing@rig.example" ||
		d.Phone != "+44 20 7946 0000" || d.Name != "StageShop" {
		t.Fatalf("store details %+v %v", d, err)
	}
	rec, _ := app.FindRecordById(shipping.SettingsCollection, recs[0].Id)
	if rec.GetString("sellerTaxId") != "GB123" || rec.Collection().Fields.GetByName("sellerName") != nil {
		t.Fatalf("after the move: %v", rec)
	}
	if err := m.Down(app); err != nil {
		t.Fatal(err)
	}
	rec, _ = app.FindRecordById(shipping.SettingsCollection, recs[0].Id)
	for k, v := range old {
		if rec.GetString(k) != v {
			t.Errorf("rolled back %s = %q, want %q", k, rec.GetString(k), v)
		}
	}
}
