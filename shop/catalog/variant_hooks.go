package catalog

import (
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// The record hooks of options and variants, so that every writer (the
// shop's routes, the dashboard, Go code and tests) keeps them: a new
// product gets its default variant; on a product with one variant, price,
// compare-at price and stock written on the product go to that variant (as
// before variants existed); on a product with several, they are the
// variants' and a different value is refused; a product's options must fit
// its variants; a product keeps at least one variant.

// codeSKUTaken is the validation code of a SKU another variant has.
const codeSKUTaken = "validation_sku_taken"

// forwardedFields are the product fields that belong to its variant.
var forwardedFields = []string{"priceCents", "compareAtCents", "stockQuantity"}

// ProductCreateVariantsHook is the products OnRecordCreate hook: a product
// created without its variants (the dashboard, Go code, an input without
// variants) gets its default variant with the product's price, compare-at
// price and stock and the SKU DefaultSKU.
func ProductCreateVariantsHook(e *core.RecordEvent) error {
	if _, follow := variantsFollow.Load(e.Record); follow {
		return e.Next()
	}
	return db.InHook(e, func(txApp core.App) error {
		if err := e.Next(); err != nil {
			return err
		}
		col, err := txApp.FindCachedCollectionByNameOrId(VariantsCollection)
		if err != nil {
			return err
		}
		productSaving.Store(e.Record.Id, struct{}{})
		defer productSaving.Delete(e.Record.Id)
		v := core.NewRecord(col)
		v.Set("product", e.Record.Id)
		v.Set("sku", DefaultSKU(e.Record.Id))
		v.Set("optionValues", []string{})
		v.Set("imageFileNames", []string{})
		v.Set("isActive", true)
		for _, f := range forwardedFields {
			v.Set(f, e.Record.Get(f))
		}
		if err := txApp.Save(v); err != nil {
			return fmt.Errorf("default variant: %w", err)
		}
		return RefreshProductSummary(txApp, e.Record)
	})
}

// ProductUpdateVariantsHook is the products OnRecordUpdate hook: forwards
// a changed price, compare-at price or stock to the only variant, refuses
// them on a product with several, checks the options against the
// variants, and stores the variants' summary whatever the record held.
func ProductUpdateVariantsHook(e *core.RecordEvent) error {
	if _, follow := variantsFollow.Load(e.Record); follow {
		return e.Next()
	}
	return db.InHook(e, func(txApp core.App) error {
		variants, err := variantRecords(txApp, e.Record.Id)
		if err != nil {
			return err
		}
		changed := changedProductFields(txApp, e.Record, variants)
		if len(variants) > 1 && len(changed) > 0 {
			errs := validation.Errors{}
			for _, f := range changed {
				errs[f] = validation.NewError("validation_set_on_variants", "This product has options: set its prices and stock on its variants")
			}
			return errs
		}
		if err := e.Next(); err != nil {
			return err
		}
		if len(variants) == 1 && len(changed) > 0 {
			productSaving.Store(e.Record.Id, struct{}{})
			defer productSaving.Delete(e.Record.Id)
			for _, f := range changed {
				variants[0].Set(f, e.Record.Get(f))
			}
			if err := txApp.Save(variants[0]); err != nil {
				return err // keyed by the same field names as the product's
			}
		}
		if err := checkOptionsFit(e.Record, variants); err != nil {
			return err
		}
		return RefreshProductSummary(txApp, e.Record)
	})
}

// changedProductFields are the forwarded fields the writer changed: those
// that differ from what the record was loaded with (a record made in this
// process has no loaded state, and one saved before keeps its first) and
// from the values they would go to (the only variant's; with several, the
// stored summary's).
func changedProductFields(txApp core.App, rec *core.Record, variants []*core.Record) []string {
	orig := rec.Original()
	current := dbx.NullStringMap{}
	if len(variants) != 1 {
		_ = txApp.DB().Select(forwardedFields...).From(ProductsCollection).Where(dbx.HashExp{"id": rec.Id}).One(current)
	}
	var out []string
	for _, f := range forwardedFields {
		now := rec.GetFloat(f)
		if orig.Id != "" && now == orig.GetFloat(f) {
			continue
		}
		var was float64
		if len(variants) == 1 {
			was = variants[0].GetFloat(f)
		} else {
			_, _ = fmt.Sscan(current[f].String, &was)
		}
		if now != was {
			out = append(out, f)
		}
	}
	return out
}

// checkOptionsFit refuses options that the product's variants do not fit.
func checkOptionsFit(rec *core.Record, variants []*core.Record) error {
	opts := ParseOptions(field.RawJSON(rec.Get("options")))
	if len(opts) == 0 && len(variants) > 1 {
		return validation.Errors{"options": validation.NewError("validation_options_in_use",
			"This product's variants differ by options: delete the variants before the options")}
	}
	for _, v := range variants {
		if msg := CheckOptionValues(opts, field.StringList(field.RawJSON(v.Get("optionValues")))); msg != "" {
			return validation.Errors{"options": validation.NewError("validation_options_in_use",
				fmt.Sprintf("Variant %s does not fit these options: %s", v.GetString("sku"), msg))}
		}
	}
	return nil
}

// VariantValidateHook is the product_variants OnRecordValidate hook.
func VariantValidateHook(e *core.RecordEvent) error {
	errs := ValidateVariant(e.App, e.Record)
	if errs == nil {
		errs = validation.Errors{}
	}
	if _, bad := errs["sku"]; !bad {
		if err := skuTaken(e.App, e.Record); err != nil {
			errs["sku"] = err
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return e.Next()
}

// skuTaken is the error of a SKU another variant has, naming its product
// (nil when none has it, or the unique index will say so in a race).
func skuTaken(app core.App, rec *core.Record) error {
	var name string
	err := app.DB().NewQuery(`SELECT p.name FROM product_variants v JOIN products p ON p.id = v.product
		WHERE v.sku = {:sku} COLLATE NOCASE AND v.id != {:id} LIMIT 1`).
		Bind(dbx.Params{"sku": rec.GetString("sku"), "id": rec.Id}).Row(&name)
	if err != nil {
		return nil
	}
	return validation.NewError(codeSKUTaken, fmt.Sprintf("SKU %s is already used by %s", rec.GetString("sku"), name))
}

// VariantDeleteHook is the product_variants OnRecordDelete hook: a product
// keeps at least one variant (deleting the product deletes them all), and
// a variant a kit names is refused (409 variant_in_kit, as DeleteProduct
// refuses a kit's product): the kit would book a variant that is gone.
func VariantDeleteHook(e *core.RecordEvent) error {
	return db.InHook(e, func(txApp core.App) error {
		var kit string
		err := txApp.DB().NewQuery("SELECT p.name FROM " + ProductsCollection + " p, json_each(CASE WHEN json_valid(p.kit) THEN p.kit ELSE '[]' END) c" +
			" WHERE json_extract(c.value, '$.variantId') = {:id} LIMIT 1").Bind(dbx.Params{"id": e.Record.Id}).Row(&kit)
		if err == nil {
			return wire.Conflict("variant_in_kit", fmt.Sprintf("Variant %s is a component of the kit %s: take it out of the kit first",
				e.Record.GetString("sku"), kit))
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := e.Next(); err != nil {
			return err
		}
		var products, left int
		productID := e.Record.GetString("product")
		_ = txApp.DB().Select("COUNT(*)").From(ProductsCollection).Where(dbx.HashExp{"id": productID}).Row(&products)
		_ = txApp.DB().Select("COUNT(*)").From(VariantsCollection).Where(dbx.HashExp{"product": productID}).Row(&left)
		if products > 0 && left == 0 {
			return validation.Errors{"product": validation.NewError("validation_last_variant",
				"A product keeps at least one variant: delete the product instead")}
		}
		return nil
	})
}

// productSaving marks products whose own save is writing their variants:
// PocketBase broadcasts the product after that save, with its summary.
var productSaving sync.Map // product id -> struct{}

// VariantWriteHook is the product_variants OnRecordCreate, Update and
// Delete hook of a variant written on its own (not in its product's save):
// its product's summary changed by trigger, which PocketBase does not
// broadcast, so the product is announced after the commit
// (ProductsChanged).
func VariantWriteHook(e *core.RecordEvent) error {
	product := e.Record.GetString("product")
	_, inProductSave := productSaving.Load(product)
	if err := e.Next(); err != nil {
		return err
	}
	if !inProductSave {
		ProductsChanged(e.App, product)
	}
	return nil
}

// LineVariantHook is the cart_items and stock_alerts OnRecordValidate
// hook: a line or alert written without a variant (the dashboard, Go code)
// is for its product's default variant; one with a variant is for that
// variant's product.
func LineVariantHook(e *core.RecordEvent) error {
	variant, product := e.Record.GetString("variant"), e.Record.GetString("product")
	switch {
	case variant == "" && product != "":
		var def string
		_ = e.App.DB().Select("defaultVariant").From(ProductsCollection).Where(dbx.HashExp{"id": product}).Row(&def)
		e.Record.Set("variant", def)
	case variant != "":
		var owner string
		_ = e.App.DB().Select("product").From(VariantsCollection).Where(dbx.HashExp{"id": variant}).Row(&owner)
		if product == "" {
			e.Record.Set("product", owner)
		} else if owner != "" && owner != product {
			return validation.Errors{"variant": validation.NewError("validation_other_product", "This variant belongs to another product")}
		}
	}
	return e.Next()
}
