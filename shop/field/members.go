package field

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/locale"
	"stageshop/shop/money"
)

// Present reports whether a JSON member was sent with a non-null value.
func Present(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && !bytes.Equal(t, []byte("null"))
}

// RawRule checks a member that was sent; one left out (or null) passes.
func RawRule(check func(json.RawMessage) error) validation.Rule {
	return validation.By(func(v any) error {
		if raw, _ := v.(json.RawMessage); Present(raw) {
			return check(raw)
		}
		return nil
	})
}

// PriceMember accepts a JSON number >= 0 and <= 1,000,000 with at most two
// decimals.
func PriceMember(raw json.RawMessage) error {
	n, ok := JSONNumber(raw)
	if !ok {
		return validation.NewError("validation_invalid_price", "Price must be a number")
	}
	cents, err := money.Parse(n)
	switch {
	case err != nil:
		return validation.NewError("validation_invalid_price", "Price must be a number with at most two decimals")
	case cents < 0:
		return validation.NewError("validation_invalid_price", "Price must be at least 0")
	case cents > money.MaxPriceCents:
		return validation.NewError("validation_invalid_price", "Price must be at most 1,000,000")
	}
	return nil
}

// JSONNumber returns raw as a json.Number when it is a JSON number literal.
func JSONNumber(raw json.RawMessage) (json.Number, bool) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return "", false
	}
	n, ok := v.(json.Number)
	return n, ok
}

// MaxWeightGrams is the heaviest weight a product or a weight band may
// have: 100 t.
const MaxWeightGrams = 100_000_000

// Errs collects errors under flat JSON paths ("zones.0.methods.1.code").
type Errs validation.Errors

// Add notes the first error of path.
func (f Errs) Add(path, code, msg string) {
	if _, seen := f[path]; !seen {
		f[path] = validation.NewError(code, msg)
	}
}

// KgGrams reads kilograms (more than 0, at most 100,000, three decimals).
func KgGrams(n json.Number, path string, errs Errs) int64 {
	s := strings.TrimSpace(n.String())
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || len(frac) > 3 || strings.HasPrefix(whole, "-") || (frac != "" && strings.Trim(frac, "0123456789") != "") {
		errs.Add(path, "validation_weight", "Must be a weight in kg with at most three decimals")
		return 0
	}
	f, _ := strconv.ParseInt((frac + "000")[:3], 10, 64)
	g := w*1000 + f
	if g <= 0 || g > MaxWeightGrams {
		errs.Add(path, "validation_weight", "Must be more than 0 and at most 100,000 kg")
	}
	return g
}

// KnownCountry is the rule for a country: an ISO code or a name the shop
// knows (shop/locale).
func KnownCountry(v any) error {
	if _, ok := locale.CountryCode(v.(string)); !ok {
		return validation.NewError("validation_unknown_country", "Please choose a country from the list")
	}
	return nil
}

// maxAddressFieldLen bounds every shipping and billing text.
// MaxAddressFieldLen bounds each text of a postal address, in characters.
const MaxAddressFieldLen = 200
