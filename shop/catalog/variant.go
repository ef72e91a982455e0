package catalog

import (
	"encoding/json"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

// Product options and variants (issue 31). A product has up to MaxOptions
// options (Length, Colour), each with localized values; a variant is one
// combination of values (its optionValues, the English values in the
// options' order) with its own SKU, price, compare-at price, stock, active
// flag and pictures. A product without options has exactly one variant,
// with no values: its default. The product row keeps a summary of its
// variants (see pb_migrations/init_catalog_sql.go): price,
// compare-at price and stock of the default variant, the price range, in
// stock, on sale.

// VariantsCollection holds the variants of every product.
const VariantsCollection = "product_variants"

// Limits of options and variants.
const (
	MaxOptions        = 3
	MaxOptionValues   = 50
	MaxVariants       = 100
	MaxOptionTextLen  = 100
	MaxSKULen         = 64
	MaxVariantImages  = MaxImages
	defaultSKUPrefix  = "SS-"
	variantLabelComma = ", "
)

// OptionValue is one value of an option, its English text and translations.
type OptionValue struct {
	Value          string         `json:"value"`
	ValueLocalized wire.Localized `json:"valueLocalized"`
}

// Option is a way a product varies (Length, Colour, Voltage).
type Option struct {
	Name          string         `json:"name"`
	NameLocalized wire.Localized `json:"nameLocalized"`
	Values        []OptionValue  `json:"values"`
}

// Variant is one buyable version of a product.
type Variant struct {
	ID             string
	ProductID      string
	SKU            string
	OptionValues   []string
	PriceCents     int64
	CompareAtCents int64
	StockQuantity  int64
	IsActive       bool
	ImageFileNames []string
	Position       int
	// The hire rates and fleet (issue 46).
	HireRates    HireRates
	HireQuantity int
}

// OnSale reports whether the variant shows a compare-at price above its
// price.
func (v Variant) OnSale() bool { return v.CompareAtCents > v.PriceCents }

// VariantLabel is the label of a combination of option values in every
// language the options have ("10 m, Black"); "" for a product without
// options. A value the options do not know is shown as stored.
func VariantLabel(options []Option, values []string) wire.Localized {
	label := wire.Localized{}
	if len(values) == 0 {
		return label
	}
	for _, lang := range locale.Languages() {
		parts := make([]string, 0, len(values))
		for i, v := range values {
			text := v
			if i < len(options) {
				for _, ov := range options[i].Values {
					if ov.Value == v {
						text = ov.ValueLocalized.Get(lang, v)
						break
					}
				}
			}
			parts = append(parts, text)
		}
		label[lang] = strings.Join(parts, variantLabelComma)
	}
	return label
}

// LineName is how a line names what was bought: "XLR Cable - 10 m" in
// every language of the name (the bare name without a variant label).
func LineName(name, label wire.Localized) wire.Localized {
	if len(label) == 0 {
		return name
	}
	out := wire.Localized{}
	for _, lang := range locale.Languages() {
		n := name.Get(lang, "")
		if n == "" {
			continue
		}
		if l := label.Get(lang, ""); l != "" {
			n += " - " + l
		}
		out[lang] = n
	}
	return out
}

// ParseOptions decodes stored options; a malformed value is no options.
func ParseOptions(raw []byte) []Option {
	opts := []Option{}
	if len(raw) == 0 {
		return opts
	}
	if json.Unmarshal(raw, &opts) != nil || opts == nil {
		return []Option{}
	}
	for i := range opts {
		if opts[i].NameLocalized == nil {
			opts[i].NameLocalized = wire.Localized{}
		}
		if opts[i].NameLocalized["en"] == "" && opts[i].Name != "" {
			opts[i].NameLocalized["en"] = opts[i].Name
		}
		for j := range opts[i].Values {
			v := &opts[i].Values[j]
			if v.ValueLocalized == nil {
				v.ValueLocalized = wire.Localized{}
			}
			if v.ValueLocalized["en"] == "" && v.Value != "" {
				v.ValueLocalized["en"] = v.Value
			}
		}
		if opts[i].Values == nil {
			opts[i].Values = []OptionValue{}
		}
	}
	return opts
}

// variantRow is one product_variants row as SQLite returns it.
type variantRow struct {
	ID             string        `db:"id"`
	Product        string        `db:"product"`
	SKU            string        `db:"sku"`
	OptionValues   types.JSONRaw `db:"optionValues"`
	PriceCents     float64       `db:"priceCents"`
	CompareAtCents float64       `db:"compareAtCents"`
	StockQuantity  float64       `db:"stockQuantity"`
	IsActive       bool          `db:"isActive"`
	ImageFileNames types.JSONRaw `db:"imageFileNames"`
	Position       float64       `db:"position"`
	HireDayCents   float64       `db:"hireDayCents"`
	HireWeekend    float64       `db:"hireWeekendCents"`
	HireWeekCents  float64       `db:"hireWeekCents"`
	HireQuantity   float64       `db:"hireQuantity"`
}

var variantColumns = []string{"id", "product", "sku", "optionValues", "priceCents", "compareAtCents",
	"stockQuantity", "isActive", "imageFileNames", "position",
	"hireDayCents", "hireWeekendCents", "hireWeekCents", "hireQuantity"}

func (r variantRow) variant() Variant {
	v := Variant{
		ID: r.ID, ProductID: r.Product, SKU: r.SKU,
		PriceCents: int64(r.PriceCents), CompareAtCents: int64(r.CompareAtCents),
		StockQuantity: int64(r.StockQuantity), IsActive: r.IsActive, Position: int(r.Position),
		OptionValues: field.StringList(r.OptionValues), ImageFileNames: []string{},
		HireRates:    HireRates{DayCents: int64(r.HireDayCents), WeekendCents: int64(r.HireWeekend), WeekCents: int64(r.HireWeekCents)},
		HireQuantity: int(r.HireQuantity),
	}
	if names, ok := ImageNames(r.ImageFileNames); ok && names != nil {
		v.ImageFileNames = names
	}
	return v
}

// ProductVariants reads the variants of the products with these ids, in
// their order (position), by product id: one query.
func ProductVariants(app core.App, productIDs ...string) (map[string][]Variant, error) {
	out := make(map[string][]Variant, len(productIDs))
	if len(productIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(productIDs))
	for i, id := range productIDs {
		args[i] = id
	}
	var rows []variantRow
	err := app.DB().Select(variantColumns...).From(VariantsCollection).
		Where(dbx.In("product", args...)).OrderBy("product", "position", "id").All(&rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.Product] = append(out[r.Product], r.variant())
	}
	return out, nil
}

// GetVariant reads one variant by id; ErrVariantNotFound when none.
func GetVariant(app core.App, id string) (Variant, error) {
	var r variantRow
	if id == "" {
		return Variant{}, ErrVariantNotFound
	}
	err := app.DB().Select(variantColumns...).From(VariantsCollection).Where(dbx.HashExp{"id": id}).One(&r)
	if err != nil {
		return Variant{}, ErrVariantNotFound
	}
	return r.variant(), nil
}

// DefaultSKU is the SKU a product's first variant gets when none is given:
// the one the migration gave every existing product.
func DefaultSKU(productID string) string {
	return defaultSKUPrefix + strings.ToUpper(productID)
}

// VariantStock is a product's stock over its active variants, as the
// admin's product list shows it: the sum and how many are sold out.
type VariantStock struct {
	Total   int64
	SoldOut int
}

// VariantStocks reads VariantStock of the products with these ids: one
// grouped query over idx_product_variants_product, not one per product.
func VariantStocks(app core.App, productIDs []string) (map[string]VariantStock, error) {
	out := make(map[string]VariantStock, len(productIDs))
	if len(productIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(productIDs))
	for i, id := range productIDs {
		args[i] = id
	}
	var rows []struct {
		Product string  `db:"product"`
		Total   float64 `db:"total"`
		SoldOut float64 `db:"soldOut"`
	}
	err := app.DB().Select("product", "COALESCE(SUM([[stockQuantity]]), 0) AS total",
		"COALESCE(SUM([[stockQuantity]] <= 0), 0) AS soldOut").From(VariantsCollection).
		Where(dbx.In("product", args...)).AndWhere(dbx.HashExp{"isActive": true}).
		GroupBy("product").All(&rows)
	for _, r := range rows {
		out[r.Product] = VariantStock{Total: int64(r.Total), SoldOut: int(r.SoldOut)}
	}
	return out, err
}

// ErrVariantNotFound: a variant that is not one of the product's, or
// is not for sale.
var ErrVariantNotFound = wire.NotFound("This option of the product is not available")
