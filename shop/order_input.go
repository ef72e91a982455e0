package shop

import (
	"fmt"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"

	"stageshop/shop/locale"
)

// field is one text of an address with its JSON path.
type field struct {
	path string
	val  *string
}

// normalize trims every text of the input and copies the billing address
// from shipping when asked to.
func (in *OrderInput) normalize() {
	s := &in.Shipping
	for _, p := range []*string{&s.FirstName, &s.LastName, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country, &s.Phone, &s.Email} {
		*p = strings.TrimSpace(*p)
	}
	s.Email = NormalizeEmail(s.Email)
	if in.UseShippingForBilling {
		// The address only: company name and tax ID stay the billing's.
		in.Billing.PostalAddress = s.PostalAddress
	}
	b := &in.Billing
	for _, p := range []*string{&b.FirstName, &b.LastName, &b.Address, &b.City, &b.State, &b.ZipCode, &b.Country} {
		*p = strings.TrimSpace(*p)
	}
	b.CompanyName, b.TaxID = CleanLine(b.CompanyName), NormalizeTaxID(b.TaxID)
}

// ValidateOrderInput trims the input and checks it: every shipping field
// required with a valid e-mail, every billing field required unless copied
// from shipping. Errors are keyed "shippingInfo.city", "billingInfo.zipCode".
func ValidateOrderInput(in *OrderInput) error {
	in.normalize()
	s, b := &in.Shipping, &in.Billing
	fields := []field{
		{"shippingInfo.firstName", &s.FirstName}, {"shippingInfo.lastName", &s.LastName},
		{"shippingInfo.address", &s.Address}, {"shippingInfo.city", &s.City},
		{"shippingInfo.state", &s.State}, {"shippingInfo.zipCode", &s.ZipCode},
		{"shippingInfo.country", &s.Country}, {"shippingInfo.phone", &s.Phone},
		{"shippingInfo.email", &s.Email},
	}
	if !in.UseShippingForBilling {
		fields = append(fields,
			field{"billingInfo.firstName", &b.FirstName}, field{"billingInfo.lastName", &b.LastName},
			field{"billingInfo.address", &b.Address}, field{"billingInfo.city", &b.City},
			field{"billingInfo.state", &b.State}, field{"billingInfo.zipCode", &b.ZipCode},
			field{"billingInfo.country", &b.Country})
	}
	errs := validation.Errors{}
	for _, f := range fields {
		switch {
		case *f.val == "":
			errs[f.path] = validation.NewError("validation_invalid", "This field is required")
		case len([]rune(*f.val)) > MaxAddressFieldLen:
			errs[f.path] = validation.NewError("validation_invalid", fmt.Sprintf("Must be at most %d characters", MaxAddressFieldLen))
		}
	}
	placeAddress(errs, "shippingInfo.", &s.PostalAddress)
	if !in.UseShippingForBilling {
		placeAddress(errs, "billingInfo.", &b.PostalAddress)
	} else {
		// The address only: company name and tax ID stay the billing's.
		b.PostalAddress = s.PostalAddress
	}
	addBusinessErrors(errs, "billingInfo.", b.CompanyName, b.TaxID)
	if _, bad := errs["shippingInfo.email"]; !bad && !plausibleEmail(s.Email) {
		errs["shippingInfo.email"] = validation.NewError("validation_invalid", "Please enter a valid email address")
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// placeAddress turns an address's country into its ISO code and a US
// state into its two-letter code, or adds the error for a country or state
// that is not in the lists (prefix is the address's JSON path). A field
// already in error is left alone.
func placeAddress(errs validation.Errors, prefix string, a *PostalAddress) {
	if _, bad := errs[prefix+"country"]; bad {
		return
	}
	code, ok := locale.CountryCode(a.Country)
	if !ok {
		errs[prefix+"country"] = validation.NewError("validation_unknown_country", "Please choose a country from the list")
		return
	}
	a.Country = code
	if _, bad := errs[prefix+"state"]; bad || code != "US" {
		return
	}
	if st, ok := locale.StateCode(a.State); ok {
		a.State = st
	} else {
		errs[prefix+"state"] = validation.NewError("validation_unknown_state", "Please choose a state from the list")
	}
}

// plausibleEmail reports whether s looks like an e-mail address (the same
// format check PocketBase's email fields use), at most 254 bytes.
func plausibleEmail(s string) bool {
	return len(s) <= 254 && strings.Contains(s, "@") && is.EmailFormat.Validate(s) == nil
}
