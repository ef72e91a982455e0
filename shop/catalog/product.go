package catalog

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// SeedCategories are the English names of the four categories the shop
// started with (the categories migration creates them; the demo catalog
// and the benches fill them). The catalog's categories are records now:
// Categories(app).
var SeedCategories = []string{"Lighting", "Sound", "Stage", "Accessories"}

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

// Attribute is one specification row of a product.
type Attribute struct {
	Key            string         `json:"key"`
	KeyLocalized   wire.Localized `json:"keyLocalized"`
	Value          string         `json:"value"`
	ValueLocalized wire.Localized `json:"valueLocalized"`
}

// rawAttribute is an attribute row as clients and the dashboard may send it:
// the localized members in any of the contract's shapes.
type rawAttribute struct {
	Key            any `json:"key"`
	KeyLocalized   any `json:"keyLocalized"`
	Value          any `json:"value"`
	ValueLocalized any `json:"valueLocalized"`
}

// normalizeAttributes turns raw rows into attributes: texts trimmed, the
// English localized text and the plain text filled from each other, rows with
// neither key nor value dropped. err is a validation.Error for a list that
// is not one, or validation.Errors keyed "N.key"/"N.value" by the row's
// position in the input, for rows with only one of the two or bad shapes.
func normalizeAttributes(raw []byte) (attrs []Attribute, err error) {
	attrs = []Attribute{}
	if len(strings.TrimSpace(string(raw))) == 0 || string(raw) == "null" {
		return attrs, nil
	}
	var rows []json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil {
		return attrs, attributeError("Attributes must be a list of {key, value} rows")
	}
	if len(rows) > MaxAttributes*4 {
		return attrs, attributeError(fmt.Sprintf("At most %d attributes are allowed", MaxAttributes))
	}
	errs := validation.Errors{}
	for i, row := range rows {
		if a, keep := normalizeAttribute(i, row, errs); keep {
			attrs = append(attrs, a)
		}
	}
	switch {
	case len(attrs) > MaxAttributes:
		return attrs, attributeError(fmt.Sprintf("At most %d attributes are allowed", MaxAttributes))
	case len(errs) > 0:
		return attrs, errs
	}
	return attrs, nil
}

// normalizeAttribute reads row i; its problems go into errs under
// "i.key", "i.value", "i.keyLocalized.ru".
func normalizeAttribute(i int, row json.RawMessage, errs validation.Errors) (Attribute, bool) {
	bad := func(key, msg string) (Attribute, bool) {
		errs[fmt.Sprintf("%d%s", i, key)] = validation.NewError("validation_invalid_attribute", msg)
		return Attribute{}, false
	}
	var r rawAttribute
	if err := json.Unmarshal(row, &r); err != nil {
		return bad("", "Each attribute must be an object with key and value")
	}
	key, okK := attrText(r.Key, r.KeyLocalized)
	val, okV := attrText(r.Value, r.ValueLocalized)
	if !okK {
		return bad(".key", "Invalid attribute key")
	}
	if !okV {
		return bad(".value", "Invalid attribute value")
	}
	a := Attribute{Key: key["en"], KeyLocalized: key, Value: val["en"], ValueLocalized: val}
	switch {
	case len(key) == 0 && len(val) == 0:
		return a, false // an empty row is dropped, as the form does
	case a.Key == "":
		return bad(".key", "Attribute key is required when a value is given")
	case a.Value == "":
		return bad(".value", "Attribute value is required when a key is given")
	}
	for part, texts := range map[string]wire.Localized{"keyLocalized": key, "valueLocalized": val} {
		for lang, s := range texts {
			if len([]rune(s)) > MaxAttrTextLen {
				errs[fmt.Sprintf("%d.%s.%s", i, part, lang)] = validation.NewError("validation_invalid_attribute",
					fmt.Sprintf("Must be at most %d characters", MaxAttrTextLen))
			}
		}
	}
	return a, true
}

// attributeError is a problem of the attribute list as a whole.
func attributeError(msg string) error {
	return validation.NewError("validation_invalid_attribute", msg)
}

// attrText merges a plain text and its localized form: the plain text is the
// English one unless the localized form has English already.
func attrText(plain, localized any) (wire.Localized, bool) {
	l, ok := field.ParseLocalized(localized)
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
	return len(locale.Languages()) * (MaxNameLen + 1 + MaxDescriptionLen + 1)
}

// SearchText is the lower-cased text that product search matches: names and
// descriptions in every language.
func SearchText(name, description wire.Localized) string {
	var b strings.Builder
	for _, l := range []wire.Localized{name, description} {
		for _, lang := range locale.Languages() {
			if s := l[lang]; s != "" {
				b.WriteString(strings.ToLower(s))
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// normalizeProduct brings a product record into its canonical form before it
// is validated and saved: trimmed texts, English texts and their localized
// objects kept in step, attribute rows cleaned, the search text refreshed.
// It returns the attribute rows' errors (see NormalizeAttributes).
func normalizeProduct(rec *core.Record) error {
	name, _ := field.ParseLocalized(field.JSONValue(rec.Get("nameLocalized")))
	if s := strings.TrimSpace(rec.GetString("name")); s != "" {
		name["en"] = s
	}
	desc, _ := field.ParseLocalized(field.JSONValue(rec.Get("descriptionLocalized")))
	if s := strings.TrimSpace(rec.GetString("description")); s != "" {
		desc["en"] = s
	}
	rec.Set("name", name["en"])
	rec.Set("nameLocalized", name)
	rec.Set("description", desc["en"])
	rec.Set("descriptionLocalized", desc)

	attrs, err := normalizeAttributes(field.RawJSON(rec.Get("attributes")))
	if err == nil {
		rec.Set("attributes", attrs)
	}
	rec.Set("searchText", SearchText(name, desc))
	return err
}

// productFields are a product record's fields as its rules read them.
type productFields struct {
	Name                 string         `json:"name"`
	NameLocalized        wire.Localized `json:"nameLocalized"`
	Description          string         `json:"description"`
	DescriptionLocalized wire.Localized `json:"descriptionLocalized"` // English is Description
	PriceCents           any            `json:"priceCents"`
	StockQuantity        any            `json:"stockQuantity"`
	Category             string         `json:"category"`
	ImageFileNames       any            `json:"imageFileNames"`
	Attributes           error          `json:"attributes"` // NormalizeProduct's finding
	Options              error          `json:"options"`    // normalizeProductOptions' finding
}

// ValidateProduct normalizes a product record and checks it against the
// contract's rules (the record hook runs it, however the product is
// written). The errors are validation.Errors keyed by record field path
// ("name", "priceCents", "attributes.2.key"); callers at the HTTP edge
// rename them to API names.
func ValidateProduct(app core.App, rec *core.Record) error {
	f := productFields{Attributes: normalizeProduct(rec), Options: normalizeProductOptions(rec)}
	f.Name = rec.GetString("name")
	f.NameLocalized, _ = field.ParseLocalized(field.JSONValue(rec.Get("nameLocalized")))
	f.DescriptionLocalized, _ = field.ParseLocalized(field.JSONValue(rec.Get("descriptionLocalized")))
	f.Description = f.DescriptionLocalized["en"]
	delete(f.DescriptionLocalized, "en")
	f.PriceCents, f.StockQuantity = rec.Get("priceCents"), rec.Get("stockQuantity")
	f.Category, f.ImageFileNames = rec.GetString("category"), rec.Get("imageFileNames")
	nameLen := fmt.Sprintf("Name must be at most %d characters", MaxNameLen)
	descLen := fmt.Sprintf("Description must be at most %d characters", MaxDescriptionLen)
	err := validation.ValidateStruct(&f,
		validation.Field(&f.Name, field.Required("Name is required"), maxText(MaxNameLen, nameLen)),
		validation.Field(&f.NameLocalized, validation.Each(maxText(MaxNameLen, nameLen))),
		validation.Field(&f.Description, maxText(MaxDescriptionLen, descLen)),
		validation.Field(&f.DescriptionLocalized, validation.Each(maxText(MaxDescriptionLen, descLen))),
		validation.Field(&f.PriceCents, wholeIn(0, money.MaxPriceCents, "validation_invalid_price", "Price")),
		validation.Field(&f.StockQuantity, wholeIn(0, MaxStockQuantity, "validation_invalid_stock", "Stock quantity")),
		validation.Field(&f.Category, validation.By(func(any) error { return syncProductCategory(app, rec) })),
		validation.Field(&f.ImageFileNames, validation.By(func(any) error { return checkProductImages(app, rec) })),
		validation.Field(&f.Attributes, validation.By(func(any) error { return f.Attributes })),
		validation.Field(&f.Options, validation.By(func(any) error { return f.Options })),
	)
	return field.Flat(withErrors(err, validateHireTerms(app, rec)))
}

// withErrors adds more field errors to a validation's result (nil, field
// errors, or another error that wins).
func withErrors(err error, more validation.Errors) error {
	if len(more) == 0 {
		return err
	}
	if err == nil {
		return more
	}
	errs, ok := err.(validation.Errors)
	if !ok {
		return err
	}
	for k, v := range more {
		if _, seen := errs[k]; !seen {
			errs[k] = v
		}
	}
	return errs
}

// checkProductImages checks the image list: uploaded names, one to
// MaxImages of them, kept in the admin's order without repeats.
func checkProductImages(app core.App, rec *core.Record) error {
	names, ok := ImageNames(rec.Get("imageFileNames"))
	switch {
	case !ok:
		return validation.NewError("validation_invalid_images", "Images must be a list of uploaded file names")
	case len(names) == 0:
		return validation.NewError("validation_required", "At least one image is required")
	case len(names) > MaxImages:
		return validation.NewError("validation_too_many", fmt.Sprintf("At most %d images are allowed", MaxImages))
	}
	if missing := MissingImages(app, names); missing != "" {
		return validation.NewError("validation_unknown_image", "Unknown image: "+missing)
	}
	rec.Set("imageFileNames", names)
	return nil
}

// wholeIn accepts a whole number in [lo, hi]; label names it in the
// message ("Price must be at least 0").
func wholeIn(lo, hi float64, code, label string) validation.Rule {
	return validation.By(func(v any) error {
		var f float64
		switch n := v.(type) {
		case int:
			f = float64(n)
		case int64:
			f = float64(n)
		case float64:
			f = n
		default:
			return validation.NewError(code, label+" must be a number")
		}
		switch {
		case f != float64(int64(f)):
			return validation.NewError(code, label+" must be a whole number")
		case f < lo:
			return validation.NewError(code, fmt.Sprintf("%s must be at least %v", label, lo))
		case f > hi:
			return validation.NewError(code, fmt.Sprintf("%s must be at most %v", label, hi))
		}
		return nil
	})
}

// maxText refuses a text longer than n characters with msg.
func maxText(n int, msg string) validation.Rule {
	return validation.By(func(v any) error {
		if s, _ := v.(string); len([]rune(s)) > n {
			return validation.NewError("validation_length", msg)
		}
		return nil
	})
}

// ImageNames reads the ordered, de-duplicated list of image file names.
func ImageNames(v any) ([]string, bool) {
	if raw, ok := v.(types.JSONRaw); ok && len(raw) == 0 {
		return nil, true // a JSON field never set
	}
	var list []any
	switch t := field.JSONValue(v).(type) {
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

// MissingImages returns the first name that is not a stored product image.
func MissingImages(app core.App, names []string) string {
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

// normalizeProductOptions brings the record's options into their canonical
// form (NormalizeOptions) and returns their errors keyed below "options"
// ("1.values.0.value"), or one error for the whole list.
func normalizeProductOptions(rec *core.Record) error {
	opts, errs := NormalizeOptions(field.RawJSON(rec.Get("options")))
	if len(errs) == 0 {
		rec.Set("options", opts)
		return nil
	}
	if msg, ok := errs[""]; ok {
		return validation.NewError("validation_invalid_option", msg)
	}
	out := validation.Errors{}
	for k, msg := range errs {
		out[k] = validation.NewError("validation_invalid_option", msg)
	}
	return out
}

// MaxStockQuantity is the largest stock a product may have, and so the
// largest quantity a cart request can ask for before stock is compared.
const MaxStockQuantity = 1_000_000_000
