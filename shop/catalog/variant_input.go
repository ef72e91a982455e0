package catalog

import (
	"encoding/json"
	"fmt"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/field"
)

// VariantInput is one variant of an admin's product create or update: an
// existing one by ID, or a new one. Members left out of an existing
// variant keep its values; a new one needs SKU, price and stock.
type VariantInput struct {
	ID             string          `json:"id"`
	SKU            string          `json:"sku"`
	OptionValues   []string        `json:"optionValues"`
	Price          json.RawMessage `json:"price"`
	CompareAtPrice json.RawMessage `json:"compareAtPrice"`
	StockQuantity  json.RawMessage `json:"stockQuantity"`
	IsActive       *bool           `json:"isActive"`
	ImageFileNames []string        `json:"imageFileNames"`
	// HireRates ({day, weekend?, week?}) and HireQuantity (the hire
	// fleet), when sent (product_hire.go).
	HireRates    json.RawMessage `json:"hireRates"`
	HireQuantity json.RawMessage `json:"hireQuantity"`
}

// Validate checks one variant's members; the record's own rules
// (ValidateVariant, run by the record hook) apply on top.
func (v VariantInput) Validate() error {
	return validation.ValidateStruct(&v,
		validation.Field(&v.SKU, validation.By(func(any) error {
			if msg := CheckSKU(strings.TrimSpace(v.SKU)); msg != "" {
				return validation.NewError("validation_invalid_sku", msg)
			}
			return nil
		})),
		validation.Field(&v.Price, v.requiredIfNew("Price"), field.RawRule(field.PriceMember)),
		validation.Field(&v.CompareAtPrice, field.RawRule(field.PriceMember)),
		validation.Field(&v.StockQuantity, v.requiredIfNew("Stock quantity"), field.RawRule(stockMember)),
		validation.Field(&v.ImageFileNames, validation.Length(0, MaxVariantImages)),
		validation.Field(&v.HireRates, field.RawRule(ratesMember)),
		validation.Field(&v.HireQuantity, field.RawRule(hireQuantityMember)),
	)
}

// requiredIfNew refuses a member left out of a new variant.
func (v VariantInput) requiredIfNew(label string) validation.Rule {
	return validation.By(func(x any) error {
		if raw, _ := x.(json.RawMessage); v.ID == "" && !field.Present(raw) {
			return validation.NewError("validation_required", label+" is required")
		}
		return nil
	})
}

// decodeVariants reads the variants member: a list of variant objects.
// Shape errors come back keyed under "variants".
func decodeVariants(raw json.RawMessage) ([]VariantInput, validation.Errors) {
	var rows []json.RawMessage
	if json.Unmarshal(raw, &rows) != nil {
		return nil, validation.Errors{"variants": validation.NewError("validation_invalid_variants", "Variants must be a list of variants")}
	}
	out := make([]VariantInput, len(rows))
	errs := validation.Errors{}
	for i, row := range rows {
		if err := json.Unmarshal(row, &out[i]); err != nil {
			errs[fmt.Sprint(i)] = validation.NewError("validation_invalid_variant",
				"Each variant must be an object with sku, optionValues (texts), price, compareAtPrice, stockQuantity, isActive and imageFileNames")
			continue
		}
		out[i].SKU = strings.TrimSpace(out[i].SKU)
		if out[i].OptionValues == nil {
			out[i].OptionValues = []string{}
		}
		for j := range out[i].OptionValues {
			out[i].OptionValues[j] = strings.TrimSpace(out[i].OptionValues[j])
		}
	}
	if len(errs) > 0 {
		return nil, validation.Errors{"variants": errs}
	}
	return out, nil
}

// validateVariantList checks the variants as a whole against the options
// they will have: how many, each variant's members and values, no SKU or
// combination twice. Errors are keyed "variants", "variants.N.field".
func validateVariantList(variants []VariantInput, options []Option) validation.Errors {
	switch {
	case len(variants) == 0:
		return validation.Errors{"variants": validation.NewError("validation_required", "A product needs at least one variant")}
	case len(variants) > MaxVariants:
		return validation.Errors{"variants": validation.NewError("validation_too_many", fmt.Sprintf("At most %d variants are allowed", MaxVariants))}
	case len(options) == 0 && len(variants) > 1:
		return validation.Errors{"variants": validation.NewError("validation_too_many", "A product without options has exactly one variant")}
	}
	errs := validation.Errors{}
	skus, combos := map[string]int{}, map[string]int{}
	for i, v := range variants {
		key := fmt.Sprint(i)
		if err := v.Validate(); err != nil {
			errs[key] = err
			continue
		}
		if msg := CheckOptionValues(options, v.OptionValues); msg != "" {
			errs[key] = validation.Errors{"optionValues": validation.NewError("validation_invalid_option_values", msg)}
			continue
		}
		if j, dup := skus[strings.ToLower(v.SKU)]; dup {
			errs[key] = validation.Errors{"sku": validation.NewError("validation_duplicate_sku",
				fmt.Sprintf("SKU %s is also on variant %d", v.SKU, j+1))}
			continue
		}
		skus[strings.ToLower(v.SKU)] = i
		if j, dup := combos[comboKey(v.OptionValues)]; dup {
			errs[key] = validation.Errors{"optionValues": validation.NewError("validation_duplicate_variant",
				fmt.Sprintf("Variant %d has the same option values", j+1))}
			continue
		}
		combos[comboKey(v.OptionValues)] = i
	}
	if len(errs) > 0 {
		return validation.Errors{"variants": errs}
	}
	return nil
}
