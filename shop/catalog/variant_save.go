package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// SKUTakenError says a SKU is already another variant's (duplicates are
// refused by a unique index too, so two admins saving the same SKU at once
// get one success and this). Field is the input's path of the SKU
// ("variants.2.sku").
type SKUTakenError struct {
	Field string
	SKU   string
	// Product is the English name of the product that has it ("" when the
	// race was lost to a write not yet visible).
	Product string
}

func (e *SKUTakenError) Error() string {
	if e.Product != "" {
		return fmt.Sprintf("SKU %s is already used by %s", e.SKU, e.Product)
	}
	return fmt.Sprintf("SKU %s is already used by another variant", e.SKU)
}

// Problem is 409 sku_taken with the message under the SKU's field.
func (e *SKUTakenError) Problem() *wire.Problem {
	return wire.Conflict("sku_taken", e.Error()).WithField(e.Field, e.Error())
}

// variantsFollow marks product records whose variants the shop writes
// itself in the same transaction (writeVariants): the product hooks then
// neither create a default variant nor forward price and stock.
var variantsFollow sync.Map // *core.Record -> struct{}

// variantPlan reads the options and variants members of a product input
// against the product's current options (none for a new one). errs are
// keyed by API paths.
func (in ProductInput) variantPlan(rec *core.Record) (opts []Option, variants []VariantInput, errs validation.Errors) {
	errs = validation.Errors{}
	opts = ParseOptions(field.RawJSON(rec.Get("options")))
	if field.Present(in.Options) {
		var oerrs map[string]string
		if opts, oerrs = NormalizeOptions(in.Options); len(oerrs) > 0 {
			for k, msg := range oerrs {
				errs[strings.TrimSuffix("options."+k, ".")] = validation.NewError("validation_invalid_option", msg)
			}
			return nil, nil, errs
		}
		if !field.Present(in.Variants) {
			errs["variants"] = validation.NewError("validation_required", "Send the variants with the options")
			return nil, nil, errs
		}
	}
	variants, derrs := decodeVariants(in.Variants)
	if derrs != nil {
		return nil, nil, derrs
	}
	if verrs := validateVariantList(variants, opts); verrs != nil {
		return nil, nil, verrs
	}
	return opts, variants, nil
}

// writeVariants makes the product's variants the given ones, in their
// order: a variant with an id is updated; one without is matched to an
// existing variant by SKU, then by option values (so regenerating the
// combinations keeps stock and ids), else created; existing variants left
// over are deleted last (so the product never has none). Record errors
// come back under "variants.N.field".
func writeVariants(txApp core.App, product *core.Record, inputs []VariantInput) error {
	existing, err := variantRecords(txApp, product.Id)
	if err != nil {
		return err
	}
	targets, err := matchVariants(txApp, product.Id, existing, inputs)
	if err != nil {
		return err
	}
	if err := checkSKUsFree(txApp, product.Id, inputs); err != nil {
		return err
	}
	productSaving.Store(product.Id, struct{}{})
	defer productSaving.Delete(product.Id)
	for i, rec := range targets {
		applyVariantInput(rec, inputs[i], i)
		if err := txApp.Save(rec); err != nil {
			return variantSaveError(err, i, inputs[i].SKU)
		}
	}
	for _, rec := range existing {
		if !containsRecord(targets, rec) {
			if err := txApp.Delete(rec); err != nil {
				return err
			}
		}
	}
	return RefreshProductSummary(txApp, product)
}

// variantRecords reads a product's variant records in position order.
func variantRecords(app core.App, productID string) ([]*core.Record, error) {
	recs := []*core.Record{}
	err := app.RecordQuery(VariantsCollection).Where(dbx.HashExp{"product": productID}).
		OrderBy("position ASC", "id ASC").All(&recs)
	return recs, err
}

// matchVariants picks the record each input variant is written to.
func matchVariants(txApp core.App, productID string, existing []*core.Record, inputs []VariantInput) ([]*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(VariantsCollection)
	if err != nil {
		return nil, err
	}
	targets := make([]*core.Record, len(inputs))
	claimed := map[string]bool{}
	claim := func(i int, match func(*core.Record) bool) {
		for _, rec := range existing {
			if targets[i] == nil && !claimed[rec.Id] && match(rec) {
				targets[i], claimed[rec.Id] = rec, true
			}
		}
	}
	for i, in := range inputs {
		if in.ID == "" {
			continue
		}
		claim(i, func(r *core.Record) bool { return r.Id == in.ID })
		if targets[i] == nil {
			return nil, validation.Errors{"variants": validation.Errors{fmt.Sprint(i): validation.Errors{
				"id": validation.NewError("validation_unknown_variant", "This variant is not one of the product's")}}}
		}
	}
	for i, in := range inputs {
		claim(i, func(r *core.Record) bool { return strings.EqualFold(r.GetString("sku"), in.SKU) })
	}
	for i, in := range inputs {
		claim(i, func(r *core.Record) bool {
			return comboKey(field.StringList(field.RawJSON(r.Get("optionValues")))) == comboKey(in.OptionValues)
		})
		if targets[i] == nil {
			targets[i] = core.NewRecord(col)
			targets[i].Set("product", productID)
			targets[i].Set("isActive", true)
			targets[i].Set("imageFileNames", []string{})
		}
	}
	return targets, nil
}

// checkSKUsFree refuses a SKU that a variant of another product has, with
// that product's name.
func checkSKUsFree(txApp core.App, productID string, inputs []VariantInput) error {
	for i, in := range inputs {
		var owner struct {
			Name string `db:"name"`
		}
		err := txApp.DB().NewQuery(`SELECT p.name AS name FROM product_variants v JOIN products p ON p.id = v.product
			WHERE v.sku = {:sku} COLLATE NOCASE AND v.product != {:product} LIMIT 1`).
			Bind(dbx.Params{"sku": in.SKU, "product": productID}).One(&owner)
		if err == nil {
			return &SKUTakenError{Field: fmt.Sprintf("variants.%d.sku", i), SKU: in.SKU, Product: owner.Name}
		}
	}
	return nil
}

// applyVariantInput copies the members that were sent onto the record.
func applyVariantInput(rec *core.Record, in VariantInput, position int) {
	rec.Set("sku", in.SKU)
	rec.Set("optionValues", in.OptionValues)
	rec.Set("position", position)
	if field.Present(in.Price) {
		n, _ := field.JSONNumber(in.Price)
		cents, _ := money.Parse(n)
		rec.Set("priceCents", cents)
	}
	if field.Present(in.CompareAtPrice) {
		n, _ := field.JSONNumber(in.CompareAtPrice)
		cents, _ := money.Parse(n)
		rec.Set("compareAtCents", cents)
	} else if in.CompareAtPrice != nil {
		rec.Set("compareAtCents", 0) // null: no compare-at price
	}
	if field.Present(in.StockQuantity) {
		n, _ := field.JSONNumber(in.StockQuantity)
		v, _ := money.ParseWhole(n.String())
		rec.Set("stockQuantity", v)
	}
	if in.IsActive != nil {
		rec.Set("isActive", *in.IsActive)
	}
	if in.ImageFileNames != nil {
		rec.Set("imageFileNames", in.ImageFileNames)
	}
	applyRates(rec, in.HireRates, in.HireQuantity)
}

// variantAPIFields maps a variant record's fields to the input's names.
var variantAPIFields = map[string]string{
	"sku": "sku", "optionValues": "optionValues", "priceCents": "price", "compareAtCents": "compareAtPrice",
	"stockQuantity": "stockQuantity", "isActive": "isActive", "imageFileNames": "imageFileNames",
	"hireDayCents": "hireRates.day", "hireWeekendCents": "hireRates.weekend", "hireWeekCents": "hireRates.week",
	"hireQuantity": "hireQuantity",
}

// variantSaveError turns a variant record's errors into the input's paths;
// a taken SKU (found by the hook, or by the unique index in a race) is a
// SKUTakenError.
func variantSaveError(err error, i int, sku string) error {
	var record validation.Errors
	if !errors.As(err, &record) {
		return err
	}
	out := validation.Errors{}
	for field, ferr := range record {
		var ve validation.Error
		if field == "sku" && errors.As(ferr, &ve) && (ve.Code() == "validation_not_unique" || ve.Code() == codeSKUTaken) {
			return &SKUTakenError{Field: fmt.Sprintf("variants.%d.sku", i), SKU: sku}
		}
		name, ok := variantAPIFields[field]
		if !ok {
			return fmt.Errorf("variant field %s: %w", field, ferr)
		}
		out[name] = ferr
	}
	return validation.Errors{"variants": validation.Errors{fmt.Sprint(i): out}}
}

func containsRecord(list []*core.Record, rec *core.Record) bool {
	for _, r := range list {
		if r == rec {
			return true
		}
	}
	return false
}

// summaryFields are the product's columns that follow its variants.
var summaryFields = []string{"defaultVariant", "priceCents", "compareAtCents", "stockQuantity", "priceFromCents",
	"priceToCents", "inStock", "onSale", "variantCount", "skus"}

// RefreshProductSummary writes the summary of the product's variants into
// its row (the summary triggers of pb_migrations/init_catalog_sql.go do it after every variant write; a
// product save writes the record's own copy, which may be stale) and into
// rec, so that what PocketBase broadcasts after the save is what is stored.
func RefreshProductSummary(txApp core.App, rec *core.Record) error {
	_, err := txApp.DB().NewQuery(`UPDATE products SET (` + strings.Join(summaryFields, ", ") + `) =
		(SELECT ` + strings.Join(summaryFields, ", ") + ` FROM product_summaries s WHERE s.product = products.id)
		WHERE id = {:id} AND EXISTS (SELECT 1 FROM product_variants WHERE product = {:id})`).
		Bind(dbx.Params{"id": rec.Id}).Execute()
	if err != nil {
		return err
	}
	row := dbx.NullStringMap{}
	err = txApp.DB().Select(summaryFields...).From(ProductsCollection).Where(dbx.HashExp{"id": rec.Id}).One(row)
	if err != nil {
		return err
	}
	for _, f := range summaryFields {
		rec.Set(f, row[f].String)
	}
	return nil
}

// optionsJSON is the stored form of options.
func optionsJSON(opts []Option) json.RawMessage {
	b, _ := json.Marshal(opts)
	return b
}
