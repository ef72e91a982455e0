package shop

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Categories of the catalog, in display order.
var Categories = []string{"Lighting", "Sound", "Stage", "Accessories"}

// Limits of a product, from the contract.
const (
	MaxNameLen        = 200
	MaxDescriptionLen = 5000
	MaxImages         = 10
	MaxAttributes     = 50
	MaxAttrTextLen    = 500
)

// Collection names.
const (
	ProductsCollection      = "products"
	ProductImagesCollection = "product_images"
)

// IsCategory reports whether c is one of the catalog's categories.
func IsCategory(c string) bool {
	return slices.Contains(Categories, c)
}

// Attribute is one specification row of a product.
type Attribute struct {
	Key            string    `json:"key"`
	KeyLocalized   Localized `json:"keyLocalized"`
	Value          string    `json:"value"`
	ValueLocalized Localized `json:"valueLocalized"`
}

// rawAttribute is an attribute row as clients and the dashboard may send it:
// the localized members in any of the contract's shapes.
type rawAttribute struct {
	Key            any `json:"key"`
	KeyLocalized   any `json:"keyLocalized"`
	Value          any `json:"value"`
	ValueLocalized any `json:"valueLocalized"`
}

// NormalizeAttributes turns raw rows into attributes: texts trimmed, the
// English localized text and the plain text filled from each other, rows with
// neither key nor value dropped. errs is keyed "N.key"/"N.value" by the row's
// position in the input, for rows with only one of the two or bad shapes.
func NormalizeAttributes(raw []byte) (attrs []Attribute, errs map[string]string) {
	errs = map[string]string{}
	attrs = []Attribute{}
	if len(strings.TrimSpace(string(raw))) == 0 || string(raw) == "null" {
		return attrs, errs
	}
	var rows []json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil {
		errs[""] = "Attributes must be a list of {key, value} rows"
		return attrs, errs
	}
	if len(rows) > MaxAttributes*4 {
		errs[""] = fmt.Sprintf("At most %d attributes are allowed", MaxAttributes)
		return attrs, errs
	}
	for i, row := range rows {
		var r rawAttribute
		if err := json.Unmarshal(row, &r); err != nil {
			errs[fmt.Sprintf("%d", i)] = "Each attribute must be an object with key and value"
			continue
		}
		key, okK := attrText(r.Key, r.KeyLocalized)
		val, okV := attrText(r.Value, r.ValueLocalized)
		if !okK {
			errs[fmt.Sprintf("%d.key", i)] = "Invalid attribute key"
			continue
		}
		if !okV {
			errs[fmt.Sprintf("%d.value", i)] = "Invalid attribute value"
			continue
		}
		a := Attribute{Key: key["en"], KeyLocalized: key, Value: val["en"], ValueLocalized: val}
		switch {
		case len(key) == 0 && len(val) == 0:
			continue // an empty row is dropped, as the form does
		case a.Key == "":
			errs[fmt.Sprintf("%d.key", i)] = "Attribute key is required when a value is given"
			continue
		case a.Value == "":
			errs[fmt.Sprintf("%d.value", i)] = "Attribute value is required when a key is given"
			continue
		}
		for lang, s := range key {
			if len([]rune(s)) > MaxAttrTextLen {
				errs[fmt.Sprintf("%d.keyLocalized.%s", i, lang)] = fmt.Sprintf("Must be at most %d characters", MaxAttrTextLen)
			}
		}
		for lang, s := range val {
			if len([]rune(s)) > MaxAttrTextLen {
				errs[fmt.Sprintf("%d.valueLocalized.%s", i, lang)] = fmt.Sprintf("Must be at most %d characters", MaxAttrTextLen)
			}
		}
		attrs = append(attrs, a)
	}
	if len(attrs) > MaxAttributes {
		errs[""] = fmt.Sprintf("At most %d attributes are allowed", MaxAttributes)
	}
	return attrs, errs
}

// attrText merges a plain text and its localized form: the plain text is the
// English one unless the localized form has English already.
func attrText(plain, localized any) (Localized, bool) {
	l, ok := ParseLocalized(localized)
	if !ok {
		return l, false
	}
	if plain == nil {
		return l, true
	}
	s, isString := plain.(string)
	if !isString {
		return l, false
	}
	if s = strings.TrimSpace(s); s != "" && l["en"] == "" {
		l["en"] = s
	}
	return l, true
}

// SearchTextLen is the longest search text a valid product makes: every
// language's name and description with a separator each (lower-casing
// keeps the number of characters). The products collection's searchText
// field must hold it.
func SearchTextLen() int {
	return len(Languages) * (MaxNameLen + 1 + MaxDescriptionLen + 1)
}

// SearchText is the lower-cased text that product search matches: names and
// descriptions in every language.
func SearchText(name, description Localized) string {
	var b strings.Builder
	for _, l := range []Localized{name, description} {
		for _, lang := range Languages {
			if s := l[lang]; s != "" {
				b.WriteString(strings.ToLower(s))
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// NormalizeProduct brings a product record into its canonical form before it
// is validated and saved: trimmed texts, English texts and their localized
// objects kept in step, attribute rows cleaned, the search text refreshed.
// It returns the attribute row errors found on the way.
func NormalizeProduct(rec *core.Record) map[string]string {
	name, _ := ParseLocalized(jsonValue(rec.Get("nameLocalized")))
	if s := strings.TrimSpace(rec.GetString("name")); s != "" {
		name["en"] = s
	}
	desc, _ := ParseLocalized(jsonValue(rec.Get("descriptionLocalized")))
	if s := strings.TrimSpace(rec.GetString("description")); s != "" {
		desc["en"] = s
	}
	rec.Set("name", name["en"])
	rec.Set("nameLocalized", name)
	rec.Set("description", desc["en"])
	rec.Set("descriptionLocalized", desc)

	attrs, errs := NormalizeAttributes(rawJSON(rec.Get("attributes")))
	if len(errs) == 0 {
		rec.Set("attributes", attrs)
	}
	rec.Set("searchText", SearchText(name, desc))
	return errs
}

// ValidateProduct checks a product record against the contract's rules. The
// errors are keyed by record field name ("name", "priceCents",
// "attributes.2.key"); callers at the HTTP edge rename them to API names.
func ValidateProduct(app core.App, rec *core.Record) validation.Errors {
	errs := validation.Errors{}
	for k, msg := range NormalizeProduct(rec) {
		key := "attributes"
		if k != "" {
			key += "." + k
		}
		errs[key] = validation.NewError("validation_invalid_attribute", msg)
	}

	validateProductTexts(rec, errs)
	opts, oerrs := NormalizeOptions(rawJSON(rec.Get("options")))
	for k, msg := range oerrs {
		errs[strings.TrimSuffix("options."+k, ".")] = validation.NewError("validation_invalid_option", msg)
	}
	if len(oerrs) == 0 {
		rec.Set("options", opts)
	}

	if err := checkWholeNumber(rec.Get("priceCents"), 0, MaxPriceCents); err != "" {
		errs["priceCents"] = validation.NewError("validation_invalid_price", "Price "+err)
	}
	if err := checkWholeNumber(rec.Get("stockQuantity"), 0, MaxStockQuantity); err != "" {
		errs["stockQuantity"] = validation.NewError("validation_invalid_stock", "Stock quantity "+err)
	}
	if !IsCategory(rec.GetString("category")) {
		errs["category"] = validation.NewError("validation_invalid_category", "Category must be one of "+strings.Join(Categories, ", "))
	}

	validateProductImages(app, rec, errs)
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// validateProductTexts checks the name and the description, English and
// translations.
func validateProductTexts(rec *core.Record, errs validation.Errors) {
	name := rec.GetString("name")
	switch {
	case name == "":
		errs["name"] = validation.NewError("validation_required", "Name is required")
	case len([]rune(name)) > MaxNameLen:
		errs["name"] = validation.NewError("validation_length", fmt.Sprintf("Name must be at most %d characters", MaxNameLen))
	}
	loc, _ := ParseLocalized(jsonValue(rec.Get("nameLocalized")))
	for lang, s := range loc {
		if len([]rune(s)) > MaxNameLen {
			errs["nameLocalized."+lang] = validation.NewError("validation_length", fmt.Sprintf("Name must be at most %d characters", MaxNameLen))
		}
	}
	dloc, _ := ParseLocalized(jsonValue(rec.Get("descriptionLocalized")))
	for lang, s := range dloc {
		if len([]rune(s)) > MaxDescriptionLen {
			k := "descriptionLocalized." + lang
			if lang == "en" {
				k = "description"
			}
			errs[k] = validation.NewError("validation_length", fmt.Sprintf("Description must be at most %d characters", MaxDescriptionLen))
		}
	}
}

// validateProductImages checks the image list: uploaded names, one to
// MaxImages of them.
func validateProductImages(app core.App, rec *core.Record, errs validation.Errors) {
	names, ok := imageNames(rec.Get("imageFileNames"))
	switch {
	case !ok:
		errs["imageFileNames"] = validation.NewError("validation_invalid_images", "Images must be a list of uploaded file names")
	case len(names) == 0:
		errs["imageFileNames"] = validation.NewError("validation_required", "At least one image is required")
	case len(names) > MaxImages:
		errs["imageFileNames"] = validation.NewError("validation_too_many", fmt.Sprintf("At most %d images are allowed", MaxImages))
	default:
		if missing := missingImages(app, names); missing != "" {
			errs["imageFileNames"] = validation.NewError("validation_unknown_image", "Unknown image: "+missing)
		} else {
			rec.Set("imageFileNames", names)
		}
	}
}

// checkWholeNumber returns "" when v is a whole number in [lo, hi], else the
// end of an error sentence.
func checkWholeNumber(v any, lo, hi float64) string {
	var f float64
	switch n := v.(type) {
	case int:
		f = float64(n)
	case int64:
		f = float64(n)
	case float64:
		f = n
	default:
		return "must be a number"
	}
	switch {
	case f != float64(int64(f)):
		return "must be a whole number"
	case f < lo:
		return fmt.Sprintf("must be at least %v", lo)
	case f > hi:
		return fmt.Sprintf("must be at most %v", hi)
	}
	return ""
}

// imageNames reads the ordered, de-duplicated list of image file names.
func imageNames(v any) ([]string, bool) {
	if raw, ok := v.(types.JSONRaw); ok && len(raw) == 0 {
		return nil, true // a JSON field never set
	}
	var list []any
	switch t := jsonValue(v).(type) {
	case nil:
		return nil, true
	case []any:
		list = t
	case []string:
		for _, s := range t {
			list = append(list, s)
		}
	default:
		return nil, false
	}
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, item := range list {
		s, isString := item.(string)
		if !isString || strings.TrimSpace(s) == "" {
			return nil, false
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out, true
}

// missingImages returns the first name that is not a stored product image.
func missingImages(app core.App, names []string) string {
	args := make([]any, len(names))
	for i, n := range names {
		args[i] = n
	}
	var found []string
	err := app.DB().Select("file").From(ProductImagesCollection).
		Where(dbx.In("file", args...)).Column(&found)
	if err != nil {
		return names[0]
	}
	have := make(map[string]bool, len(found))
	for _, f := range found {
		have[f] = true
	}
	for _, n := range names {
		if !have[n] {
			return n
		}
	}
	return ""
}

// jsonValue turns a record's JSON field value (types.JSONRaw, []byte, or an
// already decoded Go value) into a decoded Go value.
func jsonValue(v any) any {
	raw := rawJSON(v)
	if raw == nil {
		return v
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		return string(raw)
	}
	return out
}

// rawJSON returns v as JSON bytes, encoding Go values when needed.
func rawJSON(v any) []byte {
	switch t := v.(type) {
	case nil:
		return nil
	case types.JSONRaw:
		return t
	case []byte:
		return t
	case json.RawMessage:
		return t
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}
