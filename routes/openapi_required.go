package routes

import (
	"errors"
	"reflect"
	"slices"
	"sort"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop"
	"stageshop/shop/site"
)

// requiredOf names the JSON fields a request body of type t must carry,
// read from its validation rules: a body type with a Validate method is
// validated as sent empty (every field absent, as decoding leaves it), and
// each top-level field it names an error for is required. A field the
// use case fills in or may replace (optionalInputFields) is not.
func requiredOf(t reflect.Type) []string {
	errs := zeroValidationErrors(t)
	var out []string
	for key := range errs {
		name, _, _ := strings.Cut(key, ".")
		if !slices.Contains(out, name) && !slices.Contains(optionalInputFields[t], name) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// optionalInputFields are fields the empty body's validation names that
// a request may still leave out: a page's slug comes from the path on an
// edit, and its body may be sent instead of its source; a refund is by
// lines or by amount; an order's billing address may be its shipping
// address (useShippingForBilling).
var optionalInputFields = map[reflect.Type][]string{
	reflect.TypeFor[site.PageInput]():  {"slug", "source", "body"},
	reflect.TypeFor[refundBody]():      {"amount", "lines"},
	reflect.TypeFor[shop.OrderInput](): {"billingInfo"},
}

// zeroValidationErrors are the field errors of t's zero value's Validate
// (nil when t has none, or it passes, panics or fails as a whole).
func zeroValidationErrors(t reflect.Type) (out validation.Errors) {
	v, ok := reflect.New(t).Interface().(validation.Validatable)
	if !ok {
		return nil
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	var errs validation.Errors
	if errors.As(v.Validate(), &errs) {
		return errs
	}
	return nil
}
