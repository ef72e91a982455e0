package routes

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop"
)

// present reports whether a JSON member was sent with a non-null value.
func present(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && !bytes.Equal(t, []byte("null"))
}

// applyProductRequest copies the sent members onto the record, converting
// them to stored types; members left out keep the record's values (on
// create: required ones fail validation). It returns the type and range
// errors found.
func applyProductRequest(rec *core.Record, req productRequest) map[string]string {
	ed := productEdit{rec: rec, errs: map[string]string{}}
	// Texts: the plain English member wins over the localized object's "en"
	// (the hook does the same); a localized object alone sets English too.
	ed.text("name", "nameLocalized", req.Name, req.NameLocalized)
	ed.text("description", "descriptionLocalized", req.Description, req.DescriptionLocalized)
	ed.numbers(req)
	ed.choices(req)
	if present(req.Attributes) {
		rec.Set("attributes", types.JSONRaw(req.Attributes))
	} else if req.Attributes != nil {
		rec.Set("attributes", []any{}) // null: no attributes
	}
	return ed.errs
}

// productEdit is a product record being changed by a request, with the
// errors found so far under API field names.
type productEdit struct {
	rec  *core.Record
	errs map[string]string
}

// requiredOnCreate reports whether raw was sent; on create a missing member
// is an error.
func (ed productEdit) requiredOnCreate(field, label string, raw json.RawMessage) bool {
	if present(raw) {
		return true
	}
	if ed.rec.IsNew() {
		ed.errs[field] = label + " is required"
	}
	return false
}

// text sets a plain text field and its localized object.
func (ed productEdit) text(plain, localized string, plainRaw, locRaw json.RawMessage) {
	if present(locRaw) {
		loc, ok := shop.ParseLocalizedJSON(locRaw)
		if !ok {
			ed.errs[localized] = "Must be an object of texts by language (en, ru, zh)"
		} else {
			ed.rec.Set(localized, loc)
			if !present(plainRaw) {
				ed.rec.Set(plain, loc["en"])
			}
		}
	}
	if !present(plainRaw) {
		return
	}
	var s string
	if json.Unmarshal(plainRaw, &s) != nil {
		ed.errs[plain] = "Must be a string"
		return
	}
	s = strings.TrimSpace(s)
	ed.rec.Set(plain, s)
	if !present(locRaw) {
		// Keep the other languages, replace English.
		loc := recordLocalized(ed.rec, localized)
		if s != "" {
			loc["en"] = s
		} else {
			delete(loc, "en")
		}
		ed.rec.Set(localized, loc)
	}
}

// numbers sets the price and the stock quantity.
func (ed productEdit) numbers(req productRequest) {
	if ed.requiredOnCreate("price", "Price", req.Price) {
		if cents, msg := parsePrice(req.Price); msg != "" {
			ed.errs["price"] = msg
		} else {
			ed.rec.Set("priceCents", cents)
		}
	}
	if ed.requiredOnCreate("stockQuantity", "Stock quantity", req.StockQuantity) {
		if n, msg := parseStock(req.StockQuantity); msg != "" {
			ed.errs["stockQuantity"] = msg
		} else {
			ed.rec.Set("stockQuantity", n)
		}
	}
}

// choices sets the category, the images and whether it is on sale.
func (ed productEdit) choices(req productRequest) {
	if ed.requiredOnCreate("category", "Category", req.Category) {
		var c string
		if json.Unmarshal(req.Category, &c) != nil {
			ed.errs["category"] = "Must be a string"
		} else {
			canon, _ := canonicalCategory(strings.TrimSpace(c))
			ed.rec.Set("category", canon)
		}
	}
	if ed.requiredOnCreate("imageFileNames", "At least one image", req.ImageFileNames) {
		var names []string
		if json.Unmarshal(req.ImageFileNames, &names) != nil {
			ed.errs["imageFileNames"] = "Images must be a list of uploaded file names"
		} else {
			ed.rec.Set("imageFileNames", names)
		}
	}
	if present(req.IsActive) {
		var b bool
		if json.Unmarshal(req.IsActive, &b) != nil {
			ed.errs["isActive"] = "Must be true or false"
		} else {
			ed.rec.Set("isActive", b)
		}
	}
}

// recordLocalized reads a localized JSON field of a record.
func recordLocalized(rec *core.Record, field string) shop.Localized {
	var l shop.Localized
	if raw, ok := rec.Get(field).(types.JSONRaw); ok {
		l, _ = shop.ParseLocalizedJSON(raw)
	} else {
		l, _ = shop.ParseLocalized(rec.Get(field))
	}
	if l == nil {
		l = shop.Localized{}
	}
	return l
}

// parsePrice reads a price: a JSON number >= 0 and <= 1,000,000 with at
// most two decimals, as integer cents.
func parsePrice(raw json.RawMessage) (int64, string) {
	n, ok := jsonNumber(raw)
	if !ok {
		return 0, "Price must be a number"
	}
	cents, err := shop.CentsFromJSON(n)
	switch {
	case err != nil:
		return 0, "Price must be a number with at most two decimals"
	case cents < 0:
		return 0, "Price must be at least 0"
	case cents > shop.MaxPriceCents:
		return 0, "Price must be at most 1,000,000"
	}
	return cents, ""
}

// parseStock reads a stock quantity: a whole JSON number from 0 to 10^9.
func parseStock(raw json.RawMessage) (int64, string) {
	n, ok := jsonNumber(raw)
	if !ok {
		return 0, "Stock quantity must be a number"
	}
	v, whole := parseWhole(n.String())
	switch {
	case !whole:
		return 0, "Stock quantity must be a whole number"
	case v < 0:
		return 0, "Stock quantity must be at least 0"
	case v > shop.MaxStockQuantity:
		return 0, "Stock quantity must be at most 1000000000"
	}
	return v, ""
}

// jsonNumber returns raw as a json.Number when it is a JSON number literal.
func jsonNumber(raw json.RawMessage) (json.Number, bool) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return "", false
	}
	n, ok := v.(json.Number)
	return n, ok
}
