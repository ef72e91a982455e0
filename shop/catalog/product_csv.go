package catalog

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// The products' CSV (issue 35): one row per variant, the product's
// columns repeated on each of its rows (a product without options is one
// row). Export and import use the same columns, so an export imported
// again changes nothing. Localized texts have a column per language;
// attributes and options, which carry their own translations, are JSON;
// lists (images, option values) are joined with "|".

// ProductCSVColumns are the CSV's columns, in order.
var ProductCSVColumns = []string{
	"id", "name", "name_ru", "name_zh", "description", "description_ru", "description_zh",
	"category", "taxClass", "weightKg", "freightOnly", "isActive", "images", "attributes", "options",
	"sku", "optionValues", "price", "compareAtPrice", "stockQuantity", "variantActive", "variantImages",
}

// listSep joins the members of a list column.
const listSep = "|"

// exportChunk is how many products the export reads at a time.
const exportChunk = 500

// ExportProductsCSV writes every product (inactive ones too) as CSV, oldest
// first: a query for each chunk of products and one for their variants.
func ExportProductsCSV(app core.App, w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(ProductCSVColumns); err != nil {
		return err
	}
	for offset := 0; ; offset += exportChunk {
		var rows []productRow
		err := app.DB().Select(productColumns...).From(ProductsCollection).
			OrderBy("created", "id").Limit(exportChunk).Offset(int64(offset)).All(&rows)
		if err != nil {
			return err
		}
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		variants, err := ProductVariants(app, ids...)
		if err != nil {
			return err
		}
		for _, r := range rows {
			p := r.productUncached()
			for _, v := range variants[p.ID] {
				if err := cw.Write(defusedRow(productCSVRow(p, v))); err != nil {
					return err
				}
			}
		}
		if len(rows) < exportChunk {
			break
		}
	}
	cw.Flush()
	return cw.Error()
}

// defusedRow is row with every cell made safe to open in a spreadsheet
// (safeCell; the import reads them back with plainCell): a product's name
// "=HYPERLINK(...)" left the export live (issue 43 item 5).
func defusedRow(row []string) []string {
	for i, c := range row {
		row[i] = field.SafeCell(c)
	}
	return row
}

// productCSVRow is one variant's row.
func productCSVRow(p Product, v Variant) []string {
	attrs, _ := json.Marshal(nonNilList(p.Attributes))
	opts := ""
	if len(p.Options) > 0 {
		b, _ := json.Marshal(p.Options)
		opts = string(b)
	}
	compareAt := ""
	if v.CompareAtCents > 0 {
		compareAt = money.Plain(v.CompareAtCents)
	}
	return []string{
		p.ID, p.Name, p.NameLocalized["ru"], p.NameLocalized["zh"],
		p.Description, p.DescriptionLocalized["ru"], p.DescriptionLocalized["zh"],
		p.Category, p.TaxClass, weightText(p.WeightGrams), boolText(p.FreightOnly), boolText(p.IsActive), strings.Join(p.ImageFileNames, listSep), string(attrs), opts,
		v.SKU, strings.Join(v.OptionValues, listSep), money.Plain(v.PriceCents), compareAt,
		fmt.Sprint(v.StockQuantity), boolText(v.IsActive), strings.Join(v.ImageFileNames, listSep),
	}
}

func nonNilList[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// weightText is a weight as the CSV writes it: kilograms, up to three
// decimals ("" for none).
func weightText(g int64) string {
	if g == 0 {
		return ""
	}
	b, _ := wire.Grams(g).MarshalJSON()
	return string(b)
}
