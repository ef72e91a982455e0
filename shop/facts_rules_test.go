package shop_test

import (
	"testing"

	"stageshop/shop"
	"stageshop/shop/field"
)

// The server refuses what the browser refuses (app/src/lib/validation.test.ts
// has the same cases): e-mails without a dot in the domain, phones with
// fewer than five digits or letters, ZIP codes with letters in the United
// States (any of its names), passwords without a lowercase letter.
func TestSharedFactsRules(t *testing.T) {
	address := func(zip, country, phone, email string) shop.OrderInput {
		in := shop.OrderInput{UseShippingForBilling: true}
		in.Shipping.PostalAddress = shop.PostalAddress{FirstName: "Ada", LastName: "L", Address: "1 Main St",
			City: "Town", State: "CA", ZipCode: zip, Country: country}
		in.Shipping.Phone, in.Shipping.Email = phone, email
		in.Normalize()
		return in
	}
	for _, tc := range []struct {
		name  string
		in    shop.OrderInput
		field string // "" when valid
	}{
		{"valid US", address("90210-1234", "U.S.A.", "+1 (555) 010-0100", "ada@example.com"), ""},
		{"valid UK", address("SW1A 1AA", "United Kingdom", "+44 20 7946 0000", "ada@example.com"), ""},
		{"letters in a US ZIP", address("SW1A 1AA", "USA", "+1 555 0100", "ada@example.com"), "shippingInfo.zipCode"},
		{"letters in a US ZIP, in Russian", address("SW1A 1AA", "США", "+1 555 0100", "ada@example.com"), "shippingInfo.zipCode"},
		{"three digits", address("90210", "US", "555", "ada@example.com"), "shippingInfo.phone"},
		{"words for a phone", address("90210", "US", "call me", "ada@example.com"), "shippingInfo.phone"},
		{"no dot in the domain", address("90210", "US", "+1 555 0100", "ada@localhost"), "shippingInfo.email"},
	} {
		fields, _, _ := field.Messages(tc.in.Validate())
		if _, has := fields[tc.field]; (tc.field == "" && len(fields) > 0) || (tc.field != "" && (!has || len(fields) != 1)) {
			t.Errorf("%s: errors %v, want only %q", tc.name, fields, tc.field)
		}
	}
	for pw, ok := range map[string]bool{"Secret123": true, "Пароль123": true, "secret123": false, "SECRET123": false, "Secretxx": false} {
		if err := field.PasswordRule.Validate(pw); (err == nil) != ok {
			t.Errorf("password %q: %v, want ok=%v", pw, err, ok)
		}
	}
}
