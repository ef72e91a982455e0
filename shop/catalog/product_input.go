package catalog

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// ProductInput is the body of an admin's product create or update. Every
// member is raw, so that a wrong type is reported against its own field;
// members left out keep the record's values (on create the required ones
// fail). The record's own rules (ValidateProduct, run by the record hook)
// apply on top.
type ProductInput struct {
	Name                 json.RawMessage `json:"name"`
	NameLocalized        json.RawMessage `json:"nameLocalized"`
	Description          json.RawMessage `json:"description"`
	DescriptionLocalized json.RawMessage `json:"descriptionLocalized"`
	Price                json.RawMessage `json:"price"`
	Category             json.RawMessage `json:"category"`
	ImageFileNames       json.RawMessage `json:"imageFileNames"`
	StockQuantity        json.RawMessage `json:"stockQuantity"`
	IsActive             json.RawMessage `json:"isActive"`
	Attributes           json.RawMessage `json:"attributes"`
	TaxClass             json.RawMessage `json:"taxClass"`
	// WeightKg (kilograms, three decimals) and FreightOnly decide the
	// shipping (shipping_zones.go).
	WeightKg    json.RawMessage `json:"weightKg"`
	FreightOnly json.RawMessage `json:"freightOnly"`
	// Options and Variants, when sent, replace the product's (see
	// VariantInput); price and stockQuantity are then the variants'.
	Options  json.RawMessage `json:"options"`
	Variants json.RawMessage `json:"variants"`
	// The manufacturer's identifiers and the owner's search-engine texts
	// (product_identifiers.go).
	Brand          json.RawMessage `json:"brand"`
	MPN            json.RawMessage `json:"mpn"`
	GTIN           json.RawMessage `json:"gtin"`
	SEOTitle       json.RawMessage `json:"seoTitle"`
	SEODescription json.RawMessage `json:"seoDescription"`
	// Hire terms and kit (product_hire.go); hireRates and hireQuantity
	// sent without variants are the only variant's, as price and stock.
	Hire         json.RawMessage `json:"hire"`
	Kit          json.RawMessage `json:"kit"`
	HireRates    json.RawMessage `json:"hireRates"`
	HireQuantity json.RawMessage `json:"hireQuantity"`

	// New says the input creates a product: then category and images must
	// be sent, and price and stock quantity unless variants are.
	New bool `json:"-"`
}

// Validate checks the members' types and ranges; the texts, attributes,
// category and images are then checked against the record (ValidateProduct).
func (in ProductInput) Validate() error {
	rules := append([]*validation.FieldRules{
		validation.Field(&in.NameLocalized, field.RawRule(localizedMember)),
		validation.Field(&in.Name, field.RawRule(stringMember)),
		validation.Field(&in.DescriptionLocalized, field.RawRule(localizedMember)),
		validation.Field(&in.Description, field.RawRule(stringMember)),
		validation.Field(&in.Price, in.requiredWithoutVariants("Price"), field.RawRule(field.PriceMember)),
		validation.Field(&in.StockQuantity, in.requiredWithoutVariants("Stock quantity"), field.RawRule(stockMember)),
		validation.Field(&in.Category, in.requiredOnCreate("Category"), field.RawRule(stringMember)),
		validation.Field(&in.ImageFileNames, in.requiredOnCreate("At least one image"), field.RawRule(imagesMember)),
		validation.Field(&in.IsActive, field.RawRule(boolMember)),
		validation.Field(&in.TaxClass, field.RawRule(taxClassMember)),
		validation.Field(&in.WeightKg, field.RawRule(weightMember)),
		validation.Field(&in.FreightOnly, field.RawRule(boolMember)),
		validation.Field(&in.Hire, field.RawRule(hireMember)),
		validation.Field(&in.Kit, field.RawRule(kitMember)),
		validation.Field(&in.HireRates, field.RawRule(ratesMember)),
		validation.Field(&in.HireQuantity, field.RawRule(hireQuantityMember)),
	}, in.identifierRules()...)
	return validation.ValidateStruct(&in, rules...)
}

// CreateProduct stores a new product (active unless the input says
// otherwise) and returns its id.
func CreateProduct(app core.App, in ProductInput) (string, error) {
	col, err := app.FindCachedCollectionByNameOrId(ProductsCollection)
	if err != nil {
		return "", err
	}
	rec := core.NewRecord(col)
	rec.Set("isActive", true)
	rec.Set("attributes", []any{})
	rec.Set("taxClass", tax.Standard)
	in.New = true
	if err := saveProductInput(app, rec, in); err != nil {
		return "", err
	}
	return rec.Id, nil
}

// UpdateProduct changes the members in sends of product id; an unknown id
// is ErrProductNotFound.
func UpdateProduct(app core.App, id string, in ProductInput) error {
	rec, err := app.FindRecordById(ProductsCollection, id)
	if err != nil {
		return ErrProductNotFound
	}
	in.New = false
	return saveProductInput(app, rec, in)
}

// ProductExists reports whether a product (active or not) has the id.
func ProductExists(app core.App, id string) bool {
	_, err := app.FindRecordById(ProductsCollection, id)
	return err == nil
}

// DeleteProduct deletes a product. Cart lines go with it (cascade); order
// lines are snapshots and stay. A component of a kit is refused (409
// product_in_kit): the kit would name a product that is gone.
func DeleteProduct(app core.App, id string) error {
	return db.Write(app, func(txApp core.App) error {
		rec, err := txApp.FindRecordById(ProductsCollection, id)
		if err != nil {
			return ErrProductNotFound
		}
		// A kit naming the product would be left with a component that
		// is gone (issue 46): the owner takes it out of the kit first.
		var kit string
		err = txApp.DB().NewQuery("SELECT p.name FROM " + ProductsCollection + " p, json_each(CASE WHEN json_valid(p.kit) THEN p.kit ELSE '[]' END) c" +
			" WHERE p.id != {:id} AND json_extract(c.value, '$.productId') = {:id} LIMIT 1").Bind(dbx.Params{"id": id}).Row(&kit)
		if err == nil {
			return wire.Conflict("product_in_kit", "This product is a component of the kit "+kit+": take it out of the kit first")
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return txApp.Delete(rec)
	})
}

// saveProductInput applies in to rec and saves it, validated once by the
// record hook; with options or variants, it writes those too, in the same
// transaction. When the input already failed, the record's rules still
// run, so every problem is reported at once under API field paths.
//
// With hire members, the hire rates of the only variant (sent without
// variants) are written in the same transaction, and a product for hire
// must then have a day rate on each active variant.
func saveProductInput(app core.App, rec *core.Record, in ProductInput) error {
	plain := !field.Present(in.Variants) && in.keepsOptions(rec)
	if plain && !in.touchesHire() {
		return saveProductRecord(app, rec, in, nil)
	}
	return db.Write(app, func(txApp core.App) error {
		if plain {
			if err := saveProductRecord(txApp, rec, in, nil); err != nil {
				return err
			}
			if err := saveOnlyVariantRates(txApp, rec, in); err != nil {
				return err
			}
		} else if err := saveWithVariants(txApp, rec, in); err != nil {
			return err
		}
		return checkHireRates(txApp, rec)
	})
}

// saveWithVariants saves the product record and its options and variants,
// in txApp's transaction.
func saveWithVariants(txApp core.App, rec *core.Record, in ProductInput) error {
	opts, variants, errs := in.variantPlan(rec)
	if len(errs) == 0 {
		rec.Set("options", optionsJSON(opts))
	}
	variantsFollow.Store(rec, struct{}{})
	defer variantsFollow.Delete(rec)
	if err := saveProductRecord(txApp, rec, in, errs); err != nil {
		return err
	}
	return writeVariants(txApp, rec, variants)
}

// touchesHire reports whether the input sends any hire member.
func (in ProductInput) touchesHire() bool {
	return in.Hire != nil || in.Kit != nil || in.HireRates != nil || in.HireQuantity != nil
}

// saveProductRecord applies in to rec and saves it; errors found before
// (variants') are reported with the record's, and then nothing is saved.
func saveProductRecord(app core.App, rec *core.Record, in ProductInput, before validation.Errors) error {
	inputErr := in.Validate()
	edge := validation.Errors{}
	if !errors.As(inputErr, &edge) && inputErr != nil {
		return inputErr
	}
	for k, v := range before {
		edge[k] = v
	}
	in.applyTo(rec, edge)
	var err error
	if len(edge) > 0 {
		err = app.Validate(rec)
	} else {
		err = app.Save(rec)
	}
	var record validation.Errors
	switch {
	case err == nil && len(edge) == 0:
		return nil
	case err != nil && !errors.As(field.Flat(err), &record):
		return err
	case err != nil:
		if err := in.mergeRecordErrors(edge, record); err != nil && len(edge) == 0 {
			return err // an internal field: a generic 500, logged
		}
	}
	return edge
}

// applyTo copies the members that were sent and passed (not in failed)
// onto the record, converted to stored types. The plain English text wins
// over the localized object's "en" (the hook does the same); a localized
// object alone sets English too.
func (in ProductInput) applyTo(rec *core.Record, failed validation.Errors) {
	ok := func(name string, raw json.RawMessage) bool {
		_, bad := failed[name]
		return field.Present(raw) && !bad
	}
	applyText(rec, "name", "nameLocalized", in.Name, in.NameLocalized, ok)
	applyText(rec, "description", "descriptionLocalized", in.Description, in.DescriptionLocalized, ok)
	if ok("price", in.Price) && !field.Present(in.Variants) {
		n, _ := field.JSONNumber(in.Price)
		cents, _ := money.Parse(n)
		rec.Set("priceCents", cents)
	}
	if ok("stockQuantity", in.StockQuantity) && !field.Present(in.Variants) {
		n, _ := field.JSONNumber(in.StockQuantity)
		v, _ := money.ParseWhole(n.String())
		rec.Set("stockQuantity", v)
	}
	if ok("category", in.Category) {
		var c string
		_ = json.Unmarshal(in.Category, &c)
		rec.Set("category", strings.TrimSpace(c)) // the hook finds the record (any case)
	}
	if ok("imageFileNames", in.ImageFileNames) {
		var names []string
		_ = json.Unmarshal(in.ImageFileNames, &names)
		rec.Set("imageFileNames", names) // in the admin's order; the hook drops repeats
	}
	if ok("isActive", in.IsActive) {
		var b bool
		_ = json.Unmarshal(in.IsActive, &b)
		rec.Set("isActive", b)
	}
	if ok("taxClass", in.TaxClass) {
		var c string
		_ = json.Unmarshal(in.TaxClass, &c)
		rec.Set("taxClass", c)
	}
	if ok("weightKg", in.WeightKg) {
		n, _ := field.JSONNumber(in.WeightKg)
		rec.Set("weightGrams", field.KgGrams(n, "weightKg", field.Errs{}))
	}
	if ok("freightOnly", in.FreightOnly) {
		var b bool
		_ = json.Unmarshal(in.FreightOnly, &b)
		rec.Set("freightOnly", b)
	}
	in.applyIdentifiers(rec, ok)
	in.applyHire(rec, ok)
	if field.Present(in.Attributes) {
		rec.Set("attributes", types.JSONRaw(in.Attributes))
	} else if in.Attributes != nil {
		rec.Set("attributes", []any{}) // null: no attributes
	}
}

// applyText sets a plain text field and its localized object.
func applyText(rec *core.Record, plain, localized string, plainRaw, locRaw json.RawMessage, ok func(string, json.RawMessage) bool) {
	if ok(localized, locRaw) {
		loc, _ := field.ParseLocalizedJSON(locRaw)
		rec.Set(localized, loc)
		if !field.Present(plainRaw) {
			rec.Set(plain, loc["en"])
		}
	}
	if !ok(plain, plainRaw) {
		return
	}
	var s string
	_ = json.Unmarshal(plainRaw, &s)
	s = strings.TrimSpace(s)
	rec.Set(plain, s)
	if !field.Present(locRaw) {
		// Keep the other languages, replace English.
		loc := field.RecordLocalized(rec, localized)
		if s != "" {
			loc["en"] = s
		} else {
			delete(loc, "en")
		}
		rec.Set(localized, loc)
	}
}

// productInputFields are the record fields a product input sets; errors
// of any other (internal) field, such as searchText, are the server's
// fault and never reach the client under their name.
var productInputFields = map[string]bool{
	"name": true, "nameLocalized": true, "description": true, "descriptionLocalized": true,
	"category": true, "priceCents": true, "stockQuantity": true, "isActive": true,
	"imageFileNames": true, "attributes": true, "taxClass": true, "options": true,
	"weightGrams": true, "freightOnly": true,
	"brand": true, "mpn": true, "gtin": true, "seoTitle": true, "seoDescription": true,
	"hireEnabled": true, "hireOnly": true, "hireDepositCents": true, "hireBufferDays": true,
	"hireMinDays": true, "hireLeadDays": true, "kit": true,
}

// mergeRecordErrors adds the record's errors (keyed by record field names)
// to dst under API field paths, keeping errors of the input's members. It
// returns an error for failures of internal fields.
func (in ProductInput) mergeRecordErrors(dst, record validation.Errors) error {
	var internal error
	for name, err := range record {
		if !productInputFields[strings.SplitN(name, ".", 2)[0]] {
			internal = fmt.Errorf("product field %s: %w", name, err)
			continue
		}
		key := name
		switch {
		case name == "priceCents":
			key = "price"
		case name == "weightGrams":
			key = "weightKg"
		case hireRecordFields[name] != "":
			key = hireRecordFields[name]
		case strings.HasPrefix(name, "kit."):
			key = name
		case name == "nameLocalized.en" && field.Present(in.Name):
			key = "name" // the plain member carried the English text
		case name == "name" && !field.Present(in.Name) && field.Present(in.NameLocalized):
			key = "nameLocalized.en"
		case name == "description" && !field.Present(in.Description) && field.Present(in.DescriptionLocalized):
			key = "descriptionLocalized.en"
		}
		if _, seen := dst[key]; seen {
			continue
		}
		if _, seen := dst[strings.SplitN(key, ".", 2)[0]]; seen {
			continue // the member already failed to parse
		}
		dst[key] = validation.NewError("validation_invalid", field.ErrorText(err))
	}
	return internal
}

// keepsOptions reports whether in leaves the product's options as they
// are: it sends none, or sends back the ones it read (a product answer
// returned as read has its options but, from the list, no variants; old
// clients that edit a field that way must keep working).
func (in ProductInput) keepsOptions(rec *core.Record) bool {
	if !field.Present(in.Options) {
		return true
	}
	opts, errs := NormalizeOptions(in.Options)
	if len(errs) > 0 {
		return false
	}
	current := ParseOptions(field.RawJSON(rec.Get("options")))
	return bytes.Equal(optionsJSON(opts), optionsJSON(current))
}

// requiredWithoutVariants refuses a member left out of a new product sent
// without variants.
func (in ProductInput) requiredWithoutVariants(label string) validation.Rule {
	if field.Present(in.Variants) {
		return validation.By(func(any) error { return nil })
	}
	return in.requiredOnCreate(label)
}

// requiredOnCreate refuses a member left out of a new product.
func (in ProductInput) requiredOnCreate(label string) validation.Rule {
	return validation.By(func(v any) error {
		if raw, _ := v.(json.RawMessage); in.New && !field.Present(raw) {
			return validation.NewError("validation_required", label+" is required")
		}
		return nil
	})
}

func stringMember(raw json.RawMessage) error {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return validation.NewError("validation_not_string", "Must be a string")
	}
	return nil
}

// weightMember accepts a product's weight: a JSON number of kilograms from
// 0 to 100,000 with at most three decimals.
func weightMember(raw json.RawMessage) error {
	n, ok := field.JSONNumber(raw)
	errs := field.Errs{}
	if ok && strings.TrimSpace(n.String()) == "0" {
		return nil
	}
	if !ok {
		return validation.NewError("validation_weight", "Weight must be a number of kg")
	}
	if field.KgGrams(n, "weightKg", errs); len(errs) > 0 {
		return errs["weightKg"]
	}
	return nil
}

// taxClassMember accepts standard, reduced or zero.
func taxClassMember(raw json.RawMessage) error {
	var c string
	if json.Unmarshal(raw, &c) != nil || !tax.IsClass(c) {
		return validation.NewError("validation_tax_class", "Tax class must be standard, reduced or zero")
	}
	return nil
}

func boolMember(raw json.RawMessage) error {
	var b bool
	if json.Unmarshal(raw, &b) != nil {
		return validation.NewError("validation_not_bool", "Must be true or false")
	}
	return nil
}

func localizedMember(raw json.RawMessage) error {
	if _, ok := field.ParseLocalizedJSON(raw); !ok {
		return validation.NewError("validation_localized", "Must be an object of texts by language (en, ru, zh)")
	}
	return nil
}

func imagesMember(raw json.RawMessage) error {
	var names []string
	if json.Unmarshal(raw, &names) != nil {
		return validation.NewError("validation_invalid_images", "Images must be a list of uploaded file names")
	}
	return nil
}

// stockMember accepts a whole JSON number from 0 to 10^9.
func stockMember(raw json.RawMessage) error {
	n, ok := field.JSONNumber(raw)
	if !ok {
		return validation.NewError("validation_invalid_stock", "Stock quantity must be a number")
	}
	v, whole := money.ParseWhole(n.String())
	switch {
	case !whole:
		return validation.NewError("validation_invalid_stock", "Stock quantity must be a whole number")
	case v < 0:
		return validation.NewError("validation_invalid_stock", "Stock quantity must be at least 0")
	case v > MaxStockQuantity:
		return validation.NewError("validation_invalid_stock", "Stock quantity must be at most 1000000000")
	}
	return nil
}
