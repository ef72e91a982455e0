package catalog

import (
	"encoding/json"
	"strconv"
	"strings"
)

// input is the product input of a group: the product's columns from its
// first row, its variants from every row (a single row without options or
// SKU sets the product's price and stock as the product form does). Cells
// that are not numbers, booleans or JSON where one is due are row errors.
func (g *importGroup) input() (ProductInput, importErrors) {
	first := g.rows[0]
	c := first.col
	var errs importErrors
	bad := func(row importRow, col, msg string) {
		errs = append(errs, ImportError{Row: row.line, Field: col, Message: msg})
	}
	in := ProductInput{Name: jsonString(c["name"]), Category: jsonString(c["category"])}
	in.NameLocalized = localizedCells(c, "name")
	in.Description, in.DescriptionLocalized = jsonString(c["description"]), localizedCells(c, "description")
	if v := c["taxClass"]; v != "" {
		in.TaxClass = jsonString(v)
	}
	if v := c["weightKg"]; v != "" {
		in.WeightKg = numberCell(first, "weightKg", false, bad)
	}
	in.FreightOnly = boolCell(first, "freightOnly", bad)
	in.IsActive = boolCell(first, "isActive", bad)
	if v := c["images"]; v != "" {
		in.ImageFileNames, _ = json.Marshal(splitList(v))
	}
	in.Attributes = jsonCell(first, "attributes", bad)
	in.Options = jsonCell(first, "options", bad)
	plainOpts := g.plainColumns(&in, bad)
	if in.Attributes == nil && g.id == "" {
		in.Attributes = json.RawMessage("[]")
	}
	if len(g.rows) == 1 && c["options"] == "" && c["sku"] == "" && !plainOpts {
		in.Price = numberCell(first, "price", true, bad)
		in.StockQuantity = numberCell(first, "stockQuantity", false, bad)
	} else {
		var variants []map[string]any
		for _, r := range g.rows {
			variants = append(variants, variantCells(r, bad))
		}
		in.Variants, _ = json.Marshal(variants)
	}
	return in, errs
}

// jsonString is s as a JSON string.
func jsonString(s string) json.RawMessage { b, _ := json.Marshal(s); return b }

// boolCell is a true/false cell of the row as the product API takes it
// (nil when empty; a row error when it is neither).
func boolCell(row importRow, col string, bad func(importRow, string, string)) json.RawMessage {
	v := row.col[col]
	if v == "" {
		return nil
	}
	b, ok := parseBoolCell(v)
	if !ok {
		bad(row, col, "Use true or false")
	}
	return str2bool(b)
}

// jsonCell is a JSON cell of the row as written (nil when empty; a row
// error when it is not JSON).
func jsonCell(row importRow, col string, bad func(importRow, string, string)) json.RawMessage {
	v := row.col[col]
	if v == "" {
		return nil
	}
	if !json.Valid([]byte(v)) {
		bad(row, col, "This must be JSON, as the export writes it")
		return nil
	}
	return json.RawMessage(v)
}

// variantCells is one row's variant as the product API takes it.
func variantCells(r importRow, bad func(importRow, string, string)) map[string]any {
	v := map[string]any{"sku": r.col["sku"], "optionValues": []string{}}
	if s := r.col["optionValues"]; s != "" {
		v["optionValues"] = splitList(s)
	}
	if n := numberCell(r, "price", true, bad); n != nil {
		v["price"] = n
	}
	if n := numberCell(r, "compareAtPrice", true, bad); n != nil {
		v["compareAtPrice"] = n
	}
	if n := numberCell(r, "stockQuantity", false, bad); n != nil {
		v["stockQuantity"] = n
	}
	if s := r.col["variantActive"]; s != "" {
		b, ok := parseBoolCell(s)
		if !ok {
			bad(r, "variantActive", "Use true or false")
		}
		v["isActive"] = b
	}
	if s := r.col["variantImages"]; s != "" {
		v["imageFileNames"] = splitList(s)
	}
	return v
}

// localizedCells is the {en, ru, zh} object of a text's columns (base,
// base_ru, base_zh), empty ones left out.
func localizedCells(c map[string]string, base string) json.RawMessage {
	loc := map[string]string{}
	for lang, col := range map[string]string{"en": base, "ru": base + "_ru", "zh": base + "_zh"} {
		if v := c[col]; v != "" {
			loc[lang] = v
		}
	}
	b, _ := json.Marshal(loc)
	return b
}

// numberCell is a price (dollars, "$" and thousands commas allowed) or a
// whole number of the row's column as a JSON number; nil when empty or
// not a number (then reported).
func numberCell(r importRow, col string, money bool, bad func(importRow, string, string)) json.RawMessage {
	s := r.col[col]
	if money {
		s = strings.ReplaceAll(strings.TrimPrefix(s, "$"), ",", "")
	}
	if s == "" {
		return nil
	}
	if _, err := strconv.ParseFloat(s, 64); err != nil || strings.ContainsAny(s, "eExX") {
		bad(r, col, "This must be a number")
		return nil
	}
	return json.RawMessage(s)
}

func parseBoolCell(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "1", "yes", "y":
		return true, true
	case "false", "0", "no", "n":
		return false, true
	}
	return false, false
}

func str2bool(b bool) json.RawMessage {
	if b {
		return json.RawMessage("true")
	}
	return json.RawMessage("false")
}

// splitList is a list cell's members, trimmed, empty ones dropped.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, listSep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
