package catalog

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// Product is a catalog entry as the shop shows it.
type Product struct {
	ID                   string
	Name                 string
	NameLocalized        wire.Localized
	Description          string
	DescriptionLocalized wire.Localized
	Category             string
	CategoryID           string
	PriceCents           int64
	StockQuantity        int64
	IsActive             bool
	ImageFileNames       []string
	Attributes           []Attribute
	TaxClass             string
	WeightGrams          int64
	FreightOnly          bool
	// The manufacturer's brand, part number and barcode, and the owner's
	// title and description for search engines by language (issue 50);
	// each optional.
	Brand, MPN, GTIN         string
	SEOTitle, SEODescription wire.Localized
	// Hire terms and kit (issue 46; product_hire.go).
	Hire    HireTerms
	Kit     []KitComponent
	Created time.Time
	Updated time.Time

	// Options and the summary of the variants (PriceCents, StockQuantity
	// and CompareAtCents are the default variant's). Variants is read only
	// for one product's page (GetProduct), in position order.
	Options          []Option
	DefaultVariantID string
	CompareAtCents   int64
	PriceFromCents   int64
	PriceToCents     int64
	InStock          bool
	OnSale           bool
	VariantCount     int
	SKUs             []string
	Variants         []Variant
}

// Sort orders of the product list, as the contract names them.
const (
	SortNewest    = "newest"
	SortNameAsc   = "name_asc"
	SortNameDesc  = "name_desc"
	SortPriceAsc  = "price_asc"
	SortPriceDesc = "price_desc"
)

// sortOrders maps each sort to its ORDER BY. The leading column matches an
// index (isActive/category + created, name or priceFromCents: a product is
// as cheap as its cheapest variant); the id makes pages stable when values
// tie.
var sortOrders = map[string][]string{
	// Newest first shows what can be bought first: sold-out products
	// follow the in-stock ones, each newest first (issue 35).
	SortNewest:    {"[[inStock]] DESC", "[[created]] DESC", "[[id]] DESC"},
	SortNameAsc:   {"[[name]] ASC", "[[id]] ASC"},
	SortNameDesc:  {"[[name]] DESC", "[[id]] DESC"},
	SortPriceAsc:  {"[[priceFromCents]] ASC", "[[id]] ASC"},
	SortPriceDesc: {"[[priceFromCents]] DESC", "[[id]] DESC"},
}

// isSort reports whether s is one of the list's sort orders.
func isSort(s string) bool {
	_, ok := sortOrders[s]
	return ok
}

// Page size limits of the product list.
const (
	defaultPageSize = 20
	maxPageSize     = 100
)

// ProductQuery selects a page of the catalog. Zero values mean: every
// category, no search, newest first, page 1 of 20, active products only.
type ProductQuery struct {
	Category        string
	Search          string
	Sort            string
	Page            int
	PageSize        int
	IncludeInactive bool
	// Price bounds in cents (MaxPriceCents only when HasMaxPrice) and in
	// stock only: the list's filters beside the category.
	MinPriceCents int64
	MaxPriceCents int64
	HasMaxPrice   bool
	InStock       bool
	// OnSale keeps products with a variant below its compare-at price.
	OnSale bool
	// Lang is the shopper's interface language (search ranks its matches
	// first); Facets asks for the filter counts.
	Lang   string
	Facets bool
}

// Narrowed reports whether q has a filter beyond category and activity.
func (q ProductQuery) Narrowed() bool {
	return q.MinPriceCents > 0 || q.HasMaxPrice || q.InStock || q.OnSale
}

// productColumns are read for every product; searchText stays in the
// database.
var productColumns = []string{
	"id", "name", "nameLocalized", "description", "descriptionLocalized", "category", "categoryId",
	"priceCents", "stockQuantity", "isActive", "imageFileNames", "attributes", "taxClass", "weightGrams", "freightOnly", "created", "updated",
	"options", "defaultVariant", "compareAtCents", "priceFromCents", "priceToCents", "inStock", "onSale",
	"variantCount", "skus", "brand", "mpn", "gtin", "seoTitle", "seoDescription",
	"hireEnabled", "hireOnly", "hireDepositCents", "hireBufferDays", "hireMinDays", "hireLeadDays", "kit",
}

// productRow is one products row as SQLite returns it; JSON columns are
// decoded in Go.
type productRow struct {
	ID                   string         `db:"id"`
	Name                 string         `db:"name"`
	NameLocalized        types.JSONRaw  `db:"nameLocalized"`
	Description          string         `db:"description"`
	DescriptionLocalized types.JSONRaw  `db:"descriptionLocalized"`
	Category             string         `db:"category"`
	CategoryID           string         `db:"categoryId"`
	PriceCents           float64        `db:"priceCents"`
	StockQuantity        float64        `db:"stockQuantity"`
	IsActive             bool           `db:"isActive"`
	ImageFileNames       types.JSONRaw  `db:"imageFileNames"`
	Attributes           types.JSONRaw  `db:"attributes"`
	TaxClass             string         `db:"taxClass"`
	WeightGrams          float64        `db:"weightGrams"`
	FreightOnly          bool           `db:"freightOnly"`
	Created              types.DateTime `db:"created"`
	Updated              types.DateTime `db:"updated"`
	Options              types.JSONRaw  `db:"options"`
	DefaultVariant       string         `db:"defaultVariant"`
	CompareAtCents       float64        `db:"compareAtCents"`
	PriceFromCents       float64        `db:"priceFromCents"`
	PriceToCents         float64        `db:"priceToCents"`
	InStock              bool           `db:"inStock"`
	OnSale               bool           `db:"onSale"`
	VariantCount         float64        `db:"variantCount"`
	SKUs                 string         `db:"skus"`
	Brand                string         `db:"brand"`
	MPN                  string         `db:"mpn"`
	GTIN                 string         `db:"gtin"`
	SEOTitle             types.JSONRaw  `db:"seoTitle"`
	SEODescription       types.JSONRaw  `db:"seoDescription"`
	HireEnabled          bool           `db:"hireEnabled"`
	HireOnly             bool           `db:"hireOnly"`
	HireDepositCents     float64        `db:"hireDepositCents"`
	HireBufferDays       float64        `db:"hireBufferDays"`
	HireMinDays          float64        `db:"hireMinDays"`
	HireLeadDays         float64        `db:"hireLeadDays"`
	Kit                  types.JSONRaw  `db:"kit"`
}

func (r productRow) product() Product { return r.productFrom(decodedJSON(r)) }

// productUncached decodes r without the shared decode cache.
func (r productRow) productUncached() Product { return r.productFrom(decodeColumns(r)) }

func (r productRow) productFrom(d *decodedColumns) Product {
	p := Product{
		ID:            r.ID,
		Name:          r.Name,
		Description:   r.Description,
		Category:      r.Category,
		CategoryID:    r.CategoryID,
		PriceCents:    int64(r.PriceCents),
		StockQuantity: int64(r.StockQuantity),
		IsActive:      r.IsActive,
		TaxClass:      tax.ClassOf(r.TaxClass),
		WeightGrams:   int64(r.WeightGrams),
		FreightOnly:   r.FreightOnly,
		Created:       r.Created.Time(),
		Updated:       r.Updated.Time(),

		DefaultVariantID: r.DefaultVariant,
		CompareAtCents:   int64(r.CompareAtCents),
		PriceFromCents:   int64(r.PriceFromCents),
		PriceToCents:     int64(r.PriceToCents),
		InStock:          r.InStock,
		OnSale:           r.OnSale,
		VariantCount:     int(r.VariantCount),
		SKUs:             strings.Fields(r.SKUs),
	}
	p.NameLocalized, p.DescriptionLocalized = d.name, d.description
	p.ImageFileNames, p.Attributes, p.Options = d.images, d.attributes, d.options
	p.Brand, p.MPN, p.GTIN = r.Brand, r.MPN, r.GTIN
	p.SEOTitle, p.SEODescription = seoText(r.SEOTitle), seoText(r.SEODescription)
	p.Hire = HireTerms{Enabled: r.HireEnabled, SaleEnabled: !r.HireOnly, DepositCents: int64(r.HireDepositCents),
		BufferDays: int(r.HireBufferDays), MinDays: int(r.HireMinDays), LeadDays: int(r.HireLeadDays)}
	p.Kit = readKit(r.Kit)
	return p
}

// seoText decodes an optional text by language; none reads as nil. Only
// product pages read it, so it stays out of the shared decode cache.
func seoText(raw types.JSONRaw) wire.Localized {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var l wire.Localized
	if json.Unmarshal(raw, &l) != nil || len(l) == 0 {
		return nil
	}
	return l
}

// decodedColumns are a product's JSON columns, decoded.
type decodedColumns struct {
	src               rawColumns
	name, description wire.Localized
	images            []string
	attributes        []Attribute
	options           []Option
}

// decoded caches decodedColumns by product id. An entry keeps the raw
// columns it was decoded from and is used only when they are byte for byte
// the ones read now, so it can never be stale nor another row's: comparing
// the bytes costs a fraction of decoding them. Callers must not modify the
// maps and slices they get.
var decoded = struct {
	sync.RWMutex
	m map[string]*decodedColumns
}{m: map[string]*decodedColumns{}}

// maxDecoded bounds the cache; past it, it starts again empty.
const maxDecoded = 20000

// rawColumns are the stored texts a decodedColumns entry was made from.
type rawColumns struct {
	name, description                   string
	nameLocalized, descriptionLocalized string
	imageFileNames, attributes          string
	options                             string
}

func (r productRow) raw() rawColumns {
	return rawColumns{
		name: r.Name, description: r.Description,
		nameLocalized: string(r.NameLocalized), descriptionLocalized: string(r.DescriptionLocalized),
		imageFileNames: string(r.ImageFileNames), attributes: string(r.Attributes),
		options: string(r.Options),
	}
}

// sameRaw reports whether r holds exactly the columns c was decoded from,
// without copying r's bytes.
func (c *decodedColumns) sameRaw(r productRow) bool {
	return c.src.name == r.Name && c.src.description == r.Description &&
		c.src.nameLocalized == string(r.NameLocalized) &&
		c.src.descriptionLocalized == string(r.DescriptionLocalized) &&
		c.src.imageFileNames == string(r.ImageFileNames) &&
		c.src.attributes == string(r.Attributes) &&
		c.src.options == string(r.Options)
}

func decodedJSON(r productRow) *decodedColumns {
	decoded.RLock()
	d, ok := decoded.m[r.ID]
	decoded.RUnlock()
	if ok && d.sameRaw(r) {
		return d
	}
	d = decodeColumns(r)
	decoded.Lock()
	if len(decoded.m) >= maxDecoded {
		clear(decoded.m)
	}
	decoded.m[r.ID] = d
	decoded.Unlock()
	return d
}

// decodeColumns decodes a row's JSON columns.
func decodeColumns(r productRow) *decodedColumns {
	d := &decodedColumns{src: r.raw(), images: []string{}, attributes: []Attribute{}}
	d.name, _ = field.ParseLocalizedJSON(r.NameLocalized)
	if d.name["en"] == "" && r.Name != "" {
		d.name["en"] = r.Name
	}
	d.description, _ = field.ParseLocalizedJSON(r.DescriptionLocalized)
	if d.description["en"] == "" && r.Description != "" {
		d.description["en"] = r.Description
	}
	if len(r.ImageFileNames) > 0 {
		if names, ok := ImageNames(r.ImageFileNames); ok && names != nil {
			d.images = names
		}
	}
	if len(r.Attributes) > 0 {
		// Stored rows were normalized by the product hook.
		if attrs, err := normalizeAttributes(r.Attributes); err == nil {
			d.attributes = attrs
		}
	}
	d.options = ParseOptions(r.Options)
	return d
}

// ListProducts returns one page of the catalog and the number of matching
// products: one query for the page and one count, whatever the page size.
func ListProducts(app core.App, q ProductQuery) ([]Product, int, error) {
	if q.Page < 1 {
		q.Page = 1
	}
	if q.PageSize < 1 || q.PageSize > maxPageSize {
		q.PageSize = defaultPageSize
	}
	order, ok := sortOrders[q.Sort]
	if !ok {
		order = sortOrders[SortNewest]
	}
	where, err := catalogFilter(app, q)
	if err != nil {
		return nil, 0, err
	}

	total, err := countProducts(app, q, where)
	if err != nil {
		return nil, 0, err
	}
	products := []Product{}
	// Compare page numbers, not offsets: a huge page must not overflow.
	if total == 0 || q.Page-1 >= (total+q.PageSize-1)/q.PageSize {
		return products, total, nil
	}
	// A deferred join: the page's ids come from the index alone (no row is
	// read for the rows the offset skips), then only those rows are fetched.
	page := app.DB().Select("id").From(ProductsCollection).Where(where).
		OrderBy(order...).Limit(int64(q.PageSize)).Offset(int64((q.Page - 1) * q.PageSize)).Build()
	var rows []productRow
	err = app.DB().Select(productColumns...).From(ProductsCollection).
		Where(dbx.NewExp("[[id]] IN ("+page.SQL()+")", page.Params())).
		OrderBy(order...).All(&rows)
	if err != nil {
		return nil, 0, err
	}
	for _, r := range rows {
		products = append(products, r.product())
	}
	return products, total, nil
}

// catalogFilter is the WHERE of a list query in app: shoppers do not see
// the products of hidden categories.
func catalogFilter(app core.App, q ProductQuery) (dbx.Expression, error) {
	var hidden []string
	if !q.IncludeInactive {
		known, err := knownCategories(app)
		if err != nil {
			return nil, err
		}
		hidden = known.Hidden()
	}
	return productFilter(q, hidden), nil
}

// productFilter is the WHERE of a list query, hidden the categories left out.
func productFilter(q ProductQuery, hidden []string) dbx.Expression {
	var parts []dbx.Expression
	if !q.IncludeInactive {
		parts = append(parts, dbx.HashExp{"isActive": true})
	}
	if len(hidden) > 0 {
		parts = append(parts, dbx.NotIn("category", field.AnySlice(hidden)...))
	}
	if q.Category != "" {
		parts = append(parts, dbx.HashExp{"category": q.Category})
	}
	// A product is in a price range when one of its variants is: its
	// range overlaps the asked one.
	if q.MinPriceCents > 0 {
		parts = append(parts, dbx.NewExp("[[priceToCents]] >= {:minPrice}", dbx.Params{"minPrice": q.MinPriceCents}))
	}
	if q.HasMaxPrice {
		parts = append(parts, dbx.NewExp("[[priceFromCents]] <= {:maxPrice}", dbx.Params{"maxPrice": q.MaxPriceCents}))
	}
	if q.InStock {
		parts = append(parts, dbx.HashExp{"inStock": true})
	}
	if q.OnSale {
		parts = append(parts, dbx.HashExp{"onSale": true})
	}
	if s := strings.TrimSpace(q.Search); s != "" {
		parts = append(parts, dbx.NewExp(`[[searchText]] LIKE {:search} ESCAPE '\'`,
			dbx.Params{"search": "%" + db.EscapeLike(strings.ToLower(s)) + "%"}))
	}
	return dbx.And(parts...)
}

// ErrProductNotFound: no product with that id.
var ErrProductNotFound = wire.NotFound("Product not found")

// GetProduct reads one product by id, active or not, with its variants.
func GetProduct(app core.App, id string) (Product, error) {
	var row productRow
	err := app.DB().Select(productColumns...).From(ProductsCollection).
		Where(dbx.HashExp{"id": id}).One(&row)
	if errors.Is(err, sql.ErrNoRows) {
		return Product{}, ErrProductNotFound
	}
	if err != nil {
		return Product{}, err
	}
	p := row.product()
	variants, err := ProductVariants(app, id)
	if err != nil {
		return Product{}, err
	}
	p.Variants = variants[id]
	return p, nil
}
