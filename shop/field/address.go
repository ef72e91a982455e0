package field

import (
	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

// PlaceAddress turns an address's country into its ISO code and a US
// state into its two-letter code, when they are in the lists (the rules
// refuse the others).
func PlaceAddress(a *wire.PostalAddress) {
	code, ok := locale.CountryCode(a.Country)
	if !ok {
		return
	}
	a.Country = code
	if st, ok := locale.StateCode(a.State); ok && code == "US" {
		a.State = st
	}
}

// USState is the state rule of an address in country: one of the list in
// the United States, any text elsewhere.
func USState(country string) validation.RuleFunc {
	return func(v any) error {
		if _, ok := locale.StateCode(v.(string)); country == "US" && !ok {
			return validation.NewError("validation_unknown_state", "Please choose a state from the list")
		}
		return nil
	}
}
