package catalog

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// The rules of options and variants, written once: the admin's product
// input (ProductInput) and the record hooks (the dashboard, Go code) both
// call them.

// skuPattern is what a SKU may look like: letters, digits and . _ - /,
// starting with a letter or digit.
var skuPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]*$`)

// CheckSKU returns "" for a well-formed SKU, else the error sentence.
func CheckSKU(sku string) string {
	switch {
	case sku == "":
		return "SKU is required"
	case len(sku) > MaxSKULen:
		return fmt.Sprintf("SKU must be at most %d characters", MaxSKULen)
	case !skuPattern.MatchString(sku):
		return "SKU may contain only letters, digits and . _ - / (no spaces)"
	}
	return ""
}

// rawOption is an option as clients and the dashboard may send it: the
// localized members in any of the contract's shapes.
type rawOption struct {
	Name          any               `json:"name"`
	NameLocalized any               `json:"nameLocalized"`
	Values        []json.RawMessage `json:"values"`
}

// NormalizeOptions reads options from raw JSON: texts trimmed, English and
// localized texts filled from each other. errs is keyed by path inside the
// list ("1.name", "0.values.2.value", "" for the whole list).
func NormalizeOptions(raw []byte) (opts []Option, errs map[string]string) {
	errs = map[string]string{}
	opts = []Option{}
	if len(strings.TrimSpace(string(raw))) == 0 || string(raw) == "null" {
		return opts, errs
	}
	var rows []json.RawMessage
	if json.Unmarshal(raw, &rows) != nil {
		errs[""] = "Options must be a list of {name, values}"
		return opts, errs
	}
	if len(rows) > MaxOptions {
		errs[""] = fmt.Sprintf("At most %d options are allowed", MaxOptions)
		return opts, errs
	}
	names := map[string]bool{}
	for i, row := range rows {
		o, ok := normalizeOption(row, fmt.Sprintf("%d.", i), errs)
		if !ok {
			continue
		}
		if key := strings.ToLower(o.Name); names[key] {
			errs[fmt.Sprintf("%d.name", i)] = "Two options have the name " + o.Name
		} else {
			names[key] = true
		}
		opts = append(opts, o)
	}
	return opts, errs
}

// normalizeOption reads one option; its errors go into errs under prefix.
func normalizeOption(row json.RawMessage, prefix string, errs map[string]string) (Option, bool) {
	var r rawOption
	if json.Unmarshal(row, &r) != nil {
		errs[strings.TrimSuffix(prefix, ".")] = "Each option must be an object with a name and values"
		return Option{}, false
	}
	name, ok := optionText(r.Name, r.NameLocalized, prefix+"name", errs)
	if !ok {
		return Option{}, false
	}
	o := Option{Name: name["en"], NameLocalized: name, Values: []OptionValue{}}
	switch {
	case len(r.Values) == 0:
		errs[prefix+"values"] = "An option needs at least one value"
	case len(r.Values) > MaxOptionValues:
		errs[prefix+"values"] = fmt.Sprintf("At most %d values are allowed", MaxOptionValues)
	}
	seen := map[string]bool{}
	for j, rv := range r.Values {
		var v struct {
			Value          any `json:"value"`
			ValueLocalized any `json:"valueLocalized"`
		}
		path := fmt.Sprintf("%svalues.%d.value", prefix, j)
		if json.Unmarshal(rv, &v) != nil {
			errs[path] = "Each value must be an object with a value"
			continue
		}
		text, ok := optionText(v.Value, v.ValueLocalized, path, errs)
		if !ok {
			continue
		}
		if key := strings.ToLower(text["en"]); seen[key] {
			errs[path] = "The value " + text["en"] + " is there twice"
			continue
		} else {
			seen[key] = true
		}
		o.Values = append(o.Values, OptionValue{Value: text["en"], ValueLocalized: text})
	}
	return o, len(errs) == 0 || !hasPrefixKey(errs, prefix)
}

// optionText reads an option's name or a value: English required, every
// language at most MaxOptionTextLen characters.
func optionText(plain, localized any, path string, errs map[string]string) (wire.Localized, bool) {
	text, ok := attrText(plain, localized)
	switch {
	case !ok:
		errs[path] = "Must be a text, or texts by language (en, ru, zh)"
		return nil, false
	case text["en"] == "":
		errs[path] = "An English text is required"
		return nil, false
	}
	for lang, s := range text {
		if len([]rune(s)) > MaxOptionTextLen {
			errs[path] = fmt.Sprintf("Must be at most %d characters (%s)", MaxOptionTextLen, lang)
			return nil, false
		}
	}
	return text, true
}

func hasPrefixKey(errs map[string]string, prefix string) bool {
	for k := range errs {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// CheckOptionValues returns "" when values name one value of each option,
// in the options' order, else the error sentence. A product without
// options has variants without values.
func CheckOptionValues(options []Option, values []string) string {
	if len(values) != len(options) {
		if len(options) == 0 {
			return "A product without options has variants without option values"
		}
		return fmt.Sprintf("A variant needs one value of each of the %d options", len(options))
	}
	for i, v := range values {
		found := false
		for _, ov := range options[i].Values {
			found = found || ov.Value == v
		}
		if !found {
			return fmt.Sprintf("%q is not a value of %s", v, options[i].Name)
		}
	}
	return ""
}

// comboKey identifies a combination of option values.
func comboKey(values []string) string {
	b, _ := json.Marshal(values)
	return strings.ToLower(string(b))
}

// ValidateVariant checks a product_variants record against the rules: SKU,
// price, compare-at price, stock, option values that fit its product's
// options and that no other variant of the product has, pictures that were
// uploaded. Errors are keyed by record field name.
func ValidateVariant(app core.App, rec *core.Record) validation.Errors {
	errs := validation.Errors{}
	rec.Set("sku", strings.TrimSpace(rec.GetString("sku")))
	if msg := CheckSKU(rec.GetString("sku")); msg != "" {
		errs["sku"] = validation.NewError("validation_invalid_sku", msg)
	}
	if err := wholeIn(0, money.MaxPriceCents, "validation_invalid_price", "Price").Validate(rec.Get("priceCents")); err != nil {
		errs["priceCents"] = err
	}
	if err := wholeIn(0, money.MaxPriceCents, "validation_invalid_price", "Compare-at price").Validate(rec.Get("compareAtCents")); err != nil {
		errs["compareAtCents"] = err
	} else if c := rec.GetInt("compareAtCents"); c > 0 && c <= rec.GetInt("priceCents") {
		errs["compareAtCents"] = validation.NewError("validation_invalid_price", "The compare-at price must be above the price, or empty")
	}
	if err := wholeIn(0, MaxStockQuantity, "validation_invalid_stock", "Stock quantity").Validate(rec.Get("stockQuantity")); err != nil {
		errs["stockQuantity"] = err
	}
	validateVariantValues(app, rec, errs)
	validateVariantImages(app, rec, errs)
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// validateVariantValues checks the option values against the product's
// options and the product's other variants.
func validateVariantValues(app core.App, rec *core.Record, errs validation.Errors) {
	values := field.StringList(field.RawJSON(rec.Get("optionValues")))
	rec.Set("optionValues", values)
	var stored string
	err := app.DB().Select("COALESCE(options, '')").From(ProductsCollection).
		Where(dbx.HashExp{"id": rec.GetString("product")}).Row(&stored)
	if err != nil {
		return // no such product: the relation field says so
	}
	if msg := CheckOptionValues(ParseOptions([]byte(stored)), values); msg != "" {
		errs["optionValues"] = validation.NewError("validation_invalid_option_values", msg)
		return
	}
	var others []string
	_ = app.DB().Select("COALESCE(optionValues, '[]')").From(VariantsCollection).
		Where(dbx.HashExp{"product": rec.GetString("product")}).
		AndWhere(dbx.Not(dbx.HashExp{"id": rec.Id})).Column(&others)
	for _, o := range others {
		if comboKey(field.StringList([]byte(o))) == comboKey(values) {
			errs["optionValues"] = validation.NewError("validation_duplicate_variant", "Another variant of this product has the same option values")
			return
		}
	}
}

// validateVariantImages checks a variant's own pictures (none: it shows
// its product's).
func validateVariantImages(app core.App, rec *core.Record, errs validation.Errors) {
	names, ok := ImageNames(rec.Get("imageFileNames"))
	switch {
	case !ok:
		errs["imageFileNames"] = validation.NewError("validation_invalid_images", "Images must be a list of uploaded file names")
	case len(names) > MaxVariantImages:
		errs["imageFileNames"] = validation.NewError("validation_too_many", fmt.Sprintf("At most %d images are allowed", MaxVariantImages))
	case len(names) > 0 && MissingImages(app, names) != "":
		errs["imageFileNames"] = validation.NewError("validation_unknown_image", "Unknown image: "+MissingImages(app, names))
	default:
		if names == nil {
			names = []string{}
		}
		rec.Set("imageFileNames", names)
	}
}
