package shop_test

import (
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/field"
	"stageshop/shop/shipping"
)

// A country is stored as its ISO code however the address gave it (the
// code, the English names the shop always took, USA, or the name in the
// shopper's language), and a US address is domestic whatever language it
// was typed in: "США" and "美国" pay domestic rates.
func TestOrderCountryIsStoredAsItsCode(t *testing.T) {
	app := testapp.New(t)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 20})
	for _, c := range []struct{ country, state, method, wantCountry, wantState string }{
		{"США", "Texas", shipping.ShipStandard, "US", "TX"},
		{"美国", "ny", shipping.ShipExpress, "US", "NY"},
		{"United States", "IL", shipping.ShipStandard, "US", "IL"},
		{"usa", "California", shipping.ShipOvernight, "US", "CA"},
		{"Germany", "Bavaria", shipping.ShipIntlStandard, "DE", "Bavaria"},
		{"Россия", "Moscow", shipping.ShipIntlExpress, "RU", "Moscow"},
	} {
		// A customer per address: one may hold only 3 unpaid orders (maxUnpaidOrders).
		u := testapp.NewUser(t, app, false)
		if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1); err != nil {
			t.Fatal(err)
		}
		in := validInput()
		in.Shipping.Country, in.Shipping.State, in.ShippingMethod = c.country, c.state, c.method
		if c.wantCountry == "US" {
			in.Shipping.ZipCode = "73301" // a US ZIP code is digits
		}
		o, err := shop.PlaceOrder(app, u.ID(), in)
		if err != nil {
			t.Fatalf("%s: %v", c.country, err)
		}
		if o.Shipping.Country != c.wantCountry || o.Billing.Country != c.wantCountry || o.Shipping.State != c.wantState {
			t.Errorf("%s: stored %q/%q (billing %q), want %q/%q", c.country, o.Shipping.Country, o.Shipping.State,
				o.Billing.Country, c.wantCountry, c.wantState)
		}
		stored, err := shop.GetUserOrder(app, u.ID(), o.ID)
		if err != nil || stored.Shipping.Country != c.wantCountry {
			t.Errorf("%s: read back %+v %v", c.country, stored.Shipping, err)
		}
	}
}

// A country that is no country, or a US state that is not in the list, is
// a field error and places nothing; a billing address has the same rules.
func TestOrderCountryAndStateMustBeKnown(t *testing.T) {
	for _, c := range []struct {
		edit func(*shop.OrderInput)
		key  string
	}{
		{func(in *shop.OrderInput) { in.Shipping.Country = "Atlantis" }, "shippingInfo.country"},
		{func(in *shop.OrderInput) {
			in.Shipping.Country, in.Shipping.State, in.Shipping.ZipCode = "US", "Ontario", "73301"
		}, "shippingInfo.state"},
		{func(in *shop.OrderInput) {
			in.UseShippingForBilling = false
			in.Billing.PostalAddress = in.Shipping.PostalAddress
			in.Billing.Country = "Narnia"
		}, "billingInfo.country"},
	} {
		in := validInput()
		c.edit(&in)
		in.Normalize()
		if fields, _, _ := field.Messages(in.Validate()); fields[c.key] == "" || len(fields) != 1 {
			t.Errorf("%s: %v", c.key, fields)
		}
	}
}

// The shop's home country may be stored by name; the shipping answer and
// the domestic test use its code.
func TestHomeCountryByNameOrCode(t *testing.T) {
	s := shipping.DefaultSettings()
	s.HomeCountry = "United States"
	for _, country := range []string{"US", "США", "美国", "usa", "United States of America"} {
		if s.Region(country) != "domestic" {
			t.Errorf("%s is abroad for a US shop", country)
		}
	}
	for _, country := range []string{"CA", "Canada", "Mexico", "Atlantis"} {
		if s.Region(country) != "international" {
			t.Errorf("%s is domestic for a US shop", country)
		}
	}
}
