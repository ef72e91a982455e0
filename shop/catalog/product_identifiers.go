package catalog

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
)

// The manufacturer's identifiers and the owner's words for search engines
// (issue 50): optional members of a product's input, each "" or null to
// clear it.

// Limits of the search-engine texts: Google shows about 60 letters of a
// title and 160 of a description; the owner may write more.
const (
	MaxSEOTitleLen       = 120
	MaxSEODescriptionLen = 320
)

// identifierRules are the rules of the members, for Validate.
func (in *ProductInput) identifierRules() []*validation.FieldRules {
	return []*validation.FieldRules{
		validation.Field(&in.Brand, field.RawRule(textMember(100, "Brand"))),
		validation.Field(&in.MPN, field.RawRule(textMember(70, "The part number"))),
		validation.Field(&in.GTIN, field.RawRule(gtinMember)),
		validation.Field(&in.SEOTitle, field.RawRule(seoMember(MaxSEOTitleLen))),
		validation.Field(&in.SEODescription, field.RawRule(seoMember(MaxSEODescriptionLen))),
	}
}

// textMember accepts a string of at most max letters.
func textMember(max int, what string) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return validation.NewError("validation_not_string", "Must be a string")
		}
		if utf8.RuneCountInString(strings.TrimSpace(s)) > max {
			return validation.NewError("validation_length_out_of_range", what+" must be at most "+strconv.Itoa(max)+" characters")
		}
		return nil
	}
}

// gtinMember accepts a GTIN: 8, 12, 13 or 14 digits whose last is the
// check digit of the others (GS1), or "" for none.
func gtinMember(raw json.RawMessage) error {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return validation.NewError("validation_not_string", "Must be a string")
	}
	if s = strings.TrimSpace(s); s != "" && !ValidGTIN(s) {
		return validation.NewError("validation_gtin", "GTIN must be 8, 12, 13 or 14 digits with a valid check digit")
	}
	return nil
}

// ValidGTIN reports whether s is a GTIN-8, -12, -13 or -14 with a right
// check digit: from the right, digits weigh 3, 1, 3, ... before it.
func ValidGTIN(s string) bool {
	if n := len(s); n != 8 && n != 12 && n != 13 && n != 14 {
		return false
	}
	sum := 0
	for i := len(s) - 2; i >= 0; i-- {
		d := int(s[i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if (len(s)-2-i)%2 == 0 {
			d *= 3
		}
		sum += d
	}
	last := int(s[len(s)-1] - '0')
	return last >= 0 && last <= 9 && (10-sum%10)%10 == last
}

// seoMember accepts texts by language of at most max letters each.
func seoMember(max int) func(json.RawMessage) error {
	return func(raw json.RawMessage) error {
		texts, ok := field.ParseLocalizedJSON(raw)
		if !ok {
			return validation.NewError("validation_localized", "Must be an object of texts by language (en, ru, zh)")
		}
		for _, t := range texts {
			if utf8.RuneCountInString(t) > max {
				return validation.NewError("validation_length_out_of_range", "Must be at most "+strconv.Itoa(max)+" characters")
			}
		}
		return nil
	}
}

// applyIdentifiers sets the members that were sent and passed.
func (in ProductInput) applyIdentifiers(rec *core.Record, ok func(string, json.RawMessage) bool) {
	for name, raw := range map[string]json.RawMessage{"brand": in.Brand, "mpn": in.MPN, "gtin": in.GTIN} {
		if ok(name, raw) {
			var s string
			_ = json.Unmarshal(raw, &s)
			rec.Set(name, strings.TrimSpace(s))
		} else if raw != nil && !field.Present(raw) {
			rec.Set(name, "") // null clears it
		}
	}
	for name, raw := range map[string]json.RawMessage{"seoTitle": in.SEOTitle, "seoDescription": in.SEODescription} {
		if ok(name, raw) {
			texts, _ := field.ParseLocalizedJSON(raw)
			rec.Set(name, texts)
		} else if raw != nil && !field.Present(raw) {
			rec.Set(name, nil)
		}
	}
}
