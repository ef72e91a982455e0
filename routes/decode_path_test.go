package routes

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Wrong-type errors name the field as the client wrote it, also inside
// embedded structs (which encoding/json names since Go 1.24), lists and
// maps of them, and with JSON names that differ from the Go names. Since
// Go 1.27 the path names the index or key too, as the contract's field
// paths do (api.md: "attributes.2.key").
func TestDecodeErrorFieldIsTheJSONPath(t *testing.T) {
	type inner struct {
		Zip string `json:"zipCode"`
	}
	type embedded struct {
		inner
		City string `json:"city"`
	}
	type body struct {
		Ship  *embedded           `json:"shippingInfo"`
		Lines []embedded          `json:"lines"`
		ByKey map[string]embedded `json:"byKey"`
		Plain struct{ Count int } `json:"plain"`
	}
	for in, want := range map[string]string{
		`{"shippingInfo":{"city":5}}`:       "shippingInfo.city",
		`{"shippingInfo":{"zipCode":5}}`:    "shippingInfo.zipCode",
		`{"lines":[{"zipCode":5}]}`:         "lines.0.zipCode",
		`{"lines":[{},{"city":5}]}`:         "lines.1.city",
		`{"byKey":{"a":{"zipCode":true}}}`:  "byKey.a.zipCode",
		`{"plain":{"Count":"x"}}`:           "plain.Count",
		`{"shippingInfo":{"city":{"x":1}}}`: "shippingInfo.city",
		`{"shippingInfo":[1]}`:              "shippingInfo",
	} {
		var dst body
		err := withJSONPath(json.NewDecoder(strings.NewReader(in)).Decode(&dst), &dst)
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) || typeErr.Field != want {
			t.Errorf("%s: error %v, field %q; want %q", in, err, fieldOf(typeErr), want)
		}
	}
}

func fieldOf(e *json.UnmarshalTypeError) string {
	if e == nil {
		return ""
	}
	return e.Field
}
