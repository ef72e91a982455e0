package routes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// maxSearchLen bounds the search text of the product list (characters).
const maxSearchLen = 200

func registerProducts(se *core.ServeEvent) {
	g := shopGroup(se, "/api/products")
	g.GET("", listProducts).Bind(quietRead())
	g.GET("/categories", listCategories).Bind(quietRead())
	g.GET("/{id}", getProduct).Bind(quietRead())
	g.POST("", createProduct).Bind(adminOnly())
	g.PUT("/{id}", updateProduct).Bind(adminOnly())
	g.DELETE("/{id}", deleteProduct).Bind(adminOnly())
}

// productJSON is the contract's product object.
type productJSON struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name"`
	NameLocalized        shop.Localized  `json:"nameLocalized"`
	Description          string          `json:"description"`
	DescriptionLocalized shop.Localized  `json:"descriptionLocalized"`
	Category             string          `json:"category"`
	Price                shop.Amount     `json:"price"`
	StockQuantity        int64           `json:"stockQuantity"`
	IsActive             bool            `json:"isActive"`
	ImageFileName        string          `json:"imageFileName"`
	ImageFileNames       []string        `json:"imageFileNames"`
	Attributes           []attributeJSON `json:"attributes"`
	CreatedAt            string          `json:"createdAt"`
	UpdatedAt            string          `json:"updatedAt"`
	// WaitingAlerts is in admin answers only: how many shoppers wait for it.
	WaitingAlerts *int `json:"waitingAlerts,omitempty"`
}

// attributeJSON is one specification row, localized texts always objects.
type attributeJSON struct {
	Key            string         `json:"key"`
	KeyLocalized   shop.Localized `json:"keyLocalized"`
	Value          string         `json:"value"`
	ValueLocalized shop.Localized `json:"valueLocalized"`
}

func toProductJSON(p shop.Product) productJSON {
	out := productJSON{
		ID:                   p.ID,
		Name:                 p.Name,
		NameLocalized:        nonNilLocalized(p.NameLocalized),
		Description:          p.Description,
		DescriptionLocalized: nonNilLocalized(p.DescriptionLocalized),
		Category:             p.Category,
		Price:                shop.Amount(p.PriceCents),
		StockQuantity:        p.StockQuantity,
		IsActive:             p.IsActive,
		ImageFileNames:       p.ImageFileNames,
		Attributes:           make([]attributeJSON, 0, len(p.Attributes)),
		CreatedAt:            wire.Time(p.Created),
		UpdatedAt:            wire.Time(p.Updated),
	}
	if out.ImageFileNames == nil {
		out.ImageFileNames = []string{}
	}
	if len(out.ImageFileNames) > 0 {
		out.ImageFileName = out.ImageFileNames[0]
	}
	for _, a := range p.Attributes {
		out.Attributes = append(out.Attributes, attributeJSON{
			Key: a.Key, KeyLocalized: nonNilLocalized(a.KeyLocalized),
			Value: a.Value, ValueLocalized: nonNilLocalized(a.ValueLocalized),
		})
	}
	return out
}

func nonNilLocalized(l shop.Localized) shop.Localized {
	if l == nil {
		return shop.Localized{}
	}
	return l
}

// listProducts answers GET /api/products. includeInactive=true shows
// inactive products to admins only; for everyone else it is ignored.
func listProducts(e *core.RequestEvent) error {
	query := e.Request.URL.Query()
	q := shop.ProductQuery{Page: 1, PageSize: shop.DefaultPageSize, Sort: shop.SortNewest}
	errs := map[string]string{}
	if v := query.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			errs["page"] = "Page must be a whole number of at least 1"
		}
		q.Page = n
	}
	if v := query.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > shop.MaxPageSize {
			errs["pageSize"] = "Page size must be a whole number from 1 to 100"
		}
		q.PageSize = n
	}
	if v := query.Get("sort"); v != "" {
		if !shop.IsSort(v) {
			errs["sort"] = "Sort must be one of newest, name_asc, name_desc, price_asc, price_desc"
		}
		q.Sort = v
	}
	if v := query.Get("category"); v != "" {
		c, ok := canonicalCategory(v)
		if !ok {
			errs["category"] = "Category must be one of " + strings.Join(shop.Categories, ", ")
		}
		q.Category = c
	}
	q.Search = strings.TrimSpace(query.Get("search"))
	if len([]rune(q.Search)) > maxSearchLen {
		errs["search"] = "Search text must be at most 200 characters"
	}
	if len(errs) > 0 {
		return validationError(errs)
	}
	if v := query.Get("includeInactive"); v == "true" || v == "1" {
		q.IncludeInactive = isAdmin(shopUser(e))
	}

	return cachedList(e, q, func() (any, error) {
		products, total, err := shop.ListProducts(e.App, q)
		if err != nil {
			return nil, err
		}
		list := make([]productJSON, 0, len(products))
		for _, p := range products {
			list = append(list, toProductJSON(p))
		}
		if q.IncludeInactive { // admins only, never cached
			if err := withWaitingAlerts(e.App, list); err != nil {
				return nil, err
			}
		}
		return map[string]any{
			"products":   list,
			"pagination": wire.NewPage(q.Page, q.PageSize, total),
		}, nil
	})
}

// canonicalCategory matches a category name regardless of case.
func canonicalCategory(c string) (string, bool) {
	for _, k := range shop.Categories {
		if strings.EqualFold(k, c) {
			return k, true
		}
	}
	return c, false
}

// categoriesKey is the catalog cache's key of the category list.
type categoriesKey struct{}

func listCategories(e *core.RequestEvent) error {
	return cached(e, categoriesKey{}, func() (any, bool, error) { return shop.Categories, true, nil })
}

var errProductNotFound = notFound("Product not found")

// getProduct answers GET /api/products/{id}; inactive products exist only
// for admins.
func getProduct(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if isAdmin(shopUser(e)) {
		return adminProductAnswer(e, id, http.StatusOK)
	}
	return cached(e, productKey(id), func() (any, bool, error) {
		p, err := shop.GetProduct(e.App, id)
		if errors.Is(err, shop.ErrProductNotFound) {
			return nil, false, errProductNotFound
		}
		if err != nil {
			return nil, false, err
		}
		if !p.IsActive && !isAdmin(shopUser(e)) {
			return nil, false, errProductNotFound
		}
		// An inactive product is shown to admins only: never kept.
		return toProductJSON(p), p.IsActive, nil
	})
}

// productRequest is the body of create and update. Every member is raw so
// that a wrong type is reported against its own field.
type productRequest struct {
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
}

func createProduct(e *core.RequestEvent) error {
	var req productRequest
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	col, err := e.App.FindCachedCollectionByNameOrId(shop.ProductsCollection)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	rec.Set("isActive", true)
	rec.Set("attributes", []any{})
	return saveProduct(e, rec, req, http.StatusCreated)
}

func updateProduct(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById(shop.ProductsCollection, e.Request.PathValue("id"))
	if err != nil {
		return errProductNotFound
	}
	var req productRequest
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	return saveProduct(e, rec, req, http.StatusOK)
}

// saveProduct applies the request to rec, validates it with the same rules
// the record hook enforces (so every problem is reported at once, under API
// field names) and saves it.
func saveProduct(e *core.RequestEvent, rec *core.Record, req productRequest, status int) error {
	errs := applyProductRequest(rec, req)
	if verrs := shop.ValidateProduct(e.App, rec); verrs != nil {
		if err := mergeProductErrors(errs, verrs, req); err != nil && len(errs) == 0 {
			return err
		}
	}
	if len(errs) > 0 {
		return validationError(errs)
	}
	if err := e.App.Save(rec); err != nil {
		var verrs validation.Errors
		if errors.As(err, &verrs) {
			if err := mergeProductErrors(errs, verrs, req); err != nil && len(errs) == 0 {
				return err // an internal field: a generic 500, logged
			}
			return validationError(errs)
		}
		return err
	}
	return adminProductAnswer(e, rec.Id, status)
}

// adminProductAnswer answers a product as admins see it: inactive ones too,
// with waitingAlerts, never from the shared cache.
func adminProductAnswer(e *core.RequestEvent, id string, status int) error {
	p, err := shop.GetProduct(e.App, id)
	if errors.Is(err, shop.ErrProductNotFound) {
		return errProductNotFound
	}
	if err != nil {
		return err
	}
	out := []productJSON{toProductJSON(p)}
	if err := withWaitingAlerts(e.App, out); err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "private, no-store")
	return e.JSON(status, out[0])
}

// withWaitingAlerts sets waitingAlerts on each product of an admin answer.
func withWaitingAlerts(app core.App, list []productJSON) error {
	ids := make([]string, len(list))
	for i, p := range list {
		ids[i] = p.ID
	}
	counts, err := shop.WaitingAlerts(app, ids)
	if err != nil {
		return err
	}
	for i := range list {
		n := counts[list[i].ID]
		list[i].WaitingAlerts = &n
	}
	return nil
}

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
	errs := map[string]string{}
	requiredOnCreate := func(field, label string, raw json.RawMessage) bool {
		if present(raw) {
			return true
		}
		if rec.IsNew() {
			errs[field] = label + " is required"
		}
		return false
	}

	// Texts: the plain English member wins over the localized object's "en"
	// (the hook does the same); a localized object alone sets English too.
	for _, t := range []struct{ plain, localized string }{{"name", "nameLocalized"}, {"description", "descriptionLocalized"}} {
		plainRaw, locRaw := req.Name, req.NameLocalized
		if t.plain == "description" {
			plainRaw, locRaw = req.Description, req.DescriptionLocalized
		}
		if present(locRaw) {
			loc, ok := shop.ParseLocalizedJSON(locRaw)
			if !ok {
				errs[t.localized] = "Must be an object of texts by language (en, ru, zh)"
			} else {
				rec.Set(t.localized, loc)
				if !present(plainRaw) {
					rec.Set(t.plain, loc["en"])
				}
			}
		}
		if present(plainRaw) {
			var s string
			if json.Unmarshal(plainRaw, &s) != nil {
				errs[t.plain] = "Must be a string"
			} else {
				rec.Set(t.plain, strings.TrimSpace(s))
				if !present(locRaw) {
					// Keep the other languages, replace English.
					loc := recordLocalized(rec, t.localized)
					if s = strings.TrimSpace(s); s != "" {
						loc["en"] = s
					} else {
						delete(loc, "en")
					}
					rec.Set(t.localized, loc)
				}
			}
		}
	}

	if requiredOnCreate("price", "Price", req.Price) {
		if cents, msg := parsePrice(req.Price); msg != "" {
			errs["price"] = msg
		} else {
			rec.Set("priceCents", cents)
		}
	}
	if requiredOnCreate("stockQuantity", "Stock quantity", req.StockQuantity) {
		if n, msg := parseStock(req.StockQuantity); msg != "" {
			errs["stockQuantity"] = msg
		} else {
			rec.Set("stockQuantity", n)
		}
	}
	if requiredOnCreate("category", "Category", req.Category) {
		var c string
		if json.Unmarshal(req.Category, &c) != nil {
			errs["category"] = "Must be a string"
		} else {
			canon, _ := canonicalCategory(strings.TrimSpace(c))
			rec.Set("category", canon)
		}
	}
	if requiredOnCreate("imageFileNames", "At least one image", req.ImageFileNames) {
		var names []string
		if json.Unmarshal(req.ImageFileNames, &names) != nil {
			errs["imageFileNames"] = "Images must be a list of uploaded file names"
		} else {
			rec.Set("imageFileNames", names)
		}
	}
	if present(req.IsActive) {
		var b bool
		if json.Unmarshal(req.IsActive, &b) != nil {
			errs["isActive"] = "Must be true or false"
		} else {
			rec.Set("isActive", b)
		}
	}
	if present(req.Attributes) {
		rec.Set("attributes", types.JSONRaw(req.Attributes))
	} else if req.Attributes != nil {
		rec.Set("attributes", []any{}) // null: no attributes
	}
	return errs
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
	v, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(n.String(), 64)
		if ferr != nil || f != math.Trunc(f) || math.Abs(f) > shop.MaxStockQuantity {
			if ferr == nil && f == math.Trunc(f) && f < 0 {
				return 0, "Stock quantity must be at least 0"
			}
			if ferr == nil && f == math.Trunc(f) {
				return 0, "Stock quantity must be at most 1000000000"
			}
			return 0, "Stock quantity must be a whole number"
		}
		v = int64(f)
	}
	switch {
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

// productInputFields are the record fields a product request sets; errors
// of any other (internal) field, such as searchText, are the server's
// fault and never reach the client under their name.
var productInputFields = map[string]bool{
	"name": true, "nameLocalized": true, "description": true, "descriptionLocalized": true,
	"category": true, "priceCents": true, "stockQuantity": true, "isActive": true,
	"imageFileNames": true, "attributes": true,
}

// mergeProductErrors adds the record hook's errors (keyed by record field
// names) under API field paths, keeping errors already found at the edge.
// It returns an error for failures of internal fields.
func mergeProductErrors(dst map[string]string, verrs validation.Errors, req productRequest) error {
	var internal error
	for field, err := range verrs {
		if !productInputFields[strings.SplitN(field, ".", 2)[0]] {
			internal = fmt.Errorf("product field %s: %w", field, err)
			continue
		}
		key := field
		switch {
		case field == "priceCents":
			key = "price"
		case field == "nameLocalized.en" && present(req.Name):
			key = "name" // the plain member carried the English text
		case field == "name" && !present(req.Name) && present(req.NameLocalized):
			key = "nameLocalized.en"
		case field == "description" && !present(req.Description) && present(req.DescriptionLocalized):
			key = "descriptionLocalized.en"
		}
		if _, seen := dst[key]; seen {
			continue
		}
		if _, seen := dst[strings.SplitN(key, ".", 2)[0]]; seen {
			continue // the member already failed to parse
		}
		dst[key] = errorText(err)
	}
	return internal
}

// errorText is the human message of a validation error (nested errors
// flattened to their first message).
func errorText(err error) string {
	var verrs validation.Errors
	if errors.As(err, &verrs) {
		for _, e := range verrs {
			return errorText(e)
		}
	}
	var ve validation.Error
	if errors.As(err, &ve) {
		return ve.Error()
	}
	return err.Error()
}

func deleteProduct(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById(shop.ProductsCollection, e.Request.PathValue("id"))
	if err != nil {
		return errProductNotFound
	}
	// cart_items reference products with cascade delete; order lines are
	// snapshots and stay.
	if err := e.App.Delete(rec); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]string{"message": "Product deleted successfully"})
}
