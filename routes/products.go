package routes

import (
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/catalog"
	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

func registerProducts(se *core.ServeEvent) {
	g := shopGroup(se, "/api/products")
	g.GET("", listProducts).Bind(quietRead())
	g.GET("/categories", listCategories).Bind(quietRead())
	g.GET("/suggest", suggestProducts).Bind(quietRead())
	g.GET("/{id}", getProduct).Bind(quietRead())
	g.POST("", createProduct).Bind(staffOnly())
	g.PUT("/{id}", updateProduct).Bind(staffOnly())
	g.DELETE("/{id}", deleteProduct).Bind(staffOnly())
}

// toProductJSON is the contract's product object of p.
func toProductJSON(p catalog.Product) wire.Product {
	out := wire.Product{
		ID:                   p.ID,
		Name:                 p.Name,
		NameLocalized:        nonNilLocalized(p.NameLocalized),
		Description:          p.Description,
		DescriptionLocalized: nonNilLocalized(p.DescriptionLocalized),
		Category:             p.Category,
		CategoryID:           p.CategoryID,
		Price:                shop.Amount(p.PriceCents),
		StockQuantity:        p.StockQuantity,
		IsActive:             p.IsActive,
		ImageFileNames:       p.ImageFileNames,
		Attributes:           make([]wire.ProductAttribute, 0, len(p.Attributes)),
		TaxClass:             p.TaxClass,
		WeightKg:             wire.Grams(p.WeightGrams),
		FreightOnly:          p.FreightOnly,
		Brand:                p.Brand,
		MPN:                  p.MPN,
		GTIN:                 p.GTIN,
		SEOTitle:             p.SEOTitle,
		SEODescription:       p.SEODescription,
		CreatedAt:            wire.Time(p.Created),
		UpdatedAt:            wire.Time(p.Updated),
		Options:              make([]wire.ProductOption, 0, len(p.Options)),
		DefaultVariantID:     p.DefaultVariantID,
		CompareAtPrice:       compareAt(p.CompareAtCents, p.PriceCents),
		PriceFrom:            shop.Amount(p.PriceFromCents),
		PriceTo:              shop.Amount(p.PriceToCents),
		InStock:              p.InStock,
		OnSale:               p.OnSale,
		VariantCount:         p.VariantCount,
	}
	if p.Hire.Enabled {
		out.Hire = hireTerms(p.Hire)
	}
	for _, o := range p.Options {
		opt := wire.ProductOption{Name: o.Name, NameLocalized: nonNilLocalized(o.NameLocalized),
			Values: make([]wire.ProductOptionValue, 0, len(o.Values))}
		for _, v := range o.Values {
			opt.Values = append(opt.Values, wire.ProductOptionValue{Value: v.Value, ValueLocalized: nonNilLocalized(v.ValueLocalized)})
		}
		out.Options = append(out.Options, opt)
	}
	if out.ImageFileNames == nil {
		out.ImageFileNames = []string{}
	}
	if len(out.ImageFileNames) > 0 {
		out.ImageFileName = out.ImageFileNames[0]
	}
	for _, a := range p.Attributes {
		out.Attributes = append(out.Attributes, wire.ProductAttribute{
			Key: a.Key, KeyLocalized: nonNilLocalized(a.KeyLocalized),
			Value: a.Value, ValueLocalized: nonNilLocalized(a.ValueLocalized),
		})
	}
	return out
}

// compareAt is a compare-at price worth showing (above the price), or nil.
func compareAt(compareCents, priceCents int64) *shop.Amount {
	if compareCents <= priceCents {
		return nil
	}
	a := shop.Amount(compareCents)
	return &a
}

// withVariants is the product answer of one product's page: its variants,
// the inactive ones only for admins.
func withVariants(p catalog.Product, all bool) wire.Product {
	out := toProductJSON(p)
	out.Variants = make([]wire.ProductVariant, 0, len(p.Variants))
	for _, v := range p.Variants {
		if !v.IsActive && !all {
			continue
		}
		images := v.ImageFileNames
		if images == nil {
			images = []string{}
		}
		out.Variants = append(out.Variants, wire.ProductVariant{
			ID: v.ID, SKU: v.SKU, OptionValues: v.OptionValues, Price: shop.Amount(v.PriceCents),
			CompareAtPrice: compareAt(v.CompareAtCents, v.PriceCents), StockQuantity: v.StockQuantity,
			IsActive: v.IsActive, ImageFileNames: images,
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
	q, err := productQuery(e)
	if err != nil {
		return err
	}
	if !q.IncludeInactive { // an admin's list (includeInactive) is not limited
		if err := checkSearchLimit(e, q.Search); err != nil {
			return err
		}
	}
	return cachedList(e, q, func() (any, error) {
		out, err := productList(e, q)
		if l, ok := out.(wire.ProductList); ok && err == nil && q.IncludeInactive { // admins only, never cached
			err = withAdminFacts(e.App, l.Products)
		}
		return out, err
	})
}

// productList is the list answer: searched, or read in SQL.
func productList(e *core.RequestEvent, q catalog.ProductQuery) (any, error) {
	if q.Search != "" || q.Facets {
		return searchAnswer(e, q)
	}
	products, total, err := catalog.ListProducts(e.App, q)
	if err != nil {
		return nil, err
	}
	list := make([]wire.Product, 0, len(products))
	for _, p := range products {
		list = append(list, toProductJSON(p))
	}
	return wire.ProductList{Pagination: wire.NewPage(q.Page, q.PageSize, total), Products: list}, nil
}

// withAdminFacts adds what an admin's list shows beside each product: the
// shoppers waiting for it, and its variants' summed stock (issue 31).
func withAdminFacts(app core.App, list []wire.Product) error {
	if err := withWaitingAlerts(app, list); err != nil {
		return err
	}
	return withVariantStock(app, list)
}

// productQuery reads the product list's query: page, pageSize, sort,
// category, search and includeInactive.
func productQuery(e *core.RequestEvent) (catalog.ProductQuery, error) {
	query := e.Request.URL.Query()
	in := catalog.ProductListInput{Page: query.Get("page"), PageSize: query.Get("pageSize"), Sort: query.Get("sort"),
		Category: query.Get("category"), Search: query.Get("search"), MinPrice: query.Get("minPrice"),
		MaxPrice: query.Get("maxPrice"), InStock: query.Get("inStock"), OnSale: query.Get("onSale"), Facets: query.Get("facets"), Lang: query.Get("lang")}
	if !locale.IsLanguage(in.Lang) && strings.TrimSpace(in.Search) != "" { // only a search depends on it
		in.Lang = browserLanguage(e) // the browser's
	}
	cats, err := catalog.Categories(e.App)
	if err != nil {
		return catalog.ProductQuery{}, err
	}
	in.Categories = cats
	q, err := in.Query()
	if err != nil {
		return q, err
	}
	if v := query.Get("includeInactive"); v == "true" || v == "1" {
		q.IncludeInactive = requestCan(e, PermCatalogRead)
	}
	return q, nil
}

// categoriesKey is the catalog cache's key of the category list.
type categoriesKey struct{}

func listCategories(e *core.RequestEvent) error {
	return cached(e, categoriesKey{}, func() (any, bool, error) {
		names, err := catalog.CategoryNames(e.App)
		return names, true, err
	})
}

// getProduct answers GET /api/products/{id}; inactive products exist only
// for admins.
func getProduct(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if requestCan(e, PermCatalogRead) {
		return adminProductAnswer(e, id, http.StatusOK)
	}
	return cached(e, productKey(id), func() (any, bool, error) {
		p, err := catalog.GetProduct(e.App, id)
		if errors.Is(err, catalog.ErrProductNotFound) {
			return nil, false, catalog.ErrProductNotFound
		}
		if err != nil {
			return nil, false, err
		}
		if !p.IsActive && !requestCan(e, PermCatalogRead) {
			return nil, false, catalog.ErrProductNotFound
		}
		// An inactive product is shown to admins only: never kept.
		out := withVariants(p, false)
		withHire(e.App, p, &out)
		return out, p.IsActive, nil
	})
}

// adminProductAnswer answers a product as admins see it: inactive ones too,
// with waitingAlerts, never from the shared cache.
func adminProductAnswer(e *core.RequestEvent, id string, status int) error {
	p, err := catalog.GetProduct(e.App, id)
	if errors.Is(err, catalog.ErrProductNotFound) {
		return catalog.ErrProductNotFound
	}
	if err != nil {
		return err
	}
	out := []wire.Product{withVariants(p, true)}
	withHire(e.App, p, &out[0])
	if err := withWaitingAlerts(e.App, out); err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "private, no-store")
	return e.JSON(status, out[0])
}

// withWaitingAlerts sets waitingAlerts on each product of an admin answer.
func withWaitingAlerts(app core.App, list []wire.Product) error {
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

// withVariantStock sets each product's summed stock over its active
// variants and how many are sold out (admin lists, issue 31).
func withVariantStock(app core.App, list []wire.Product) error {
	ids := make([]string, len(list))
	for i, p := range list {
		ids[i] = p.ID
	}
	stocks, err := catalog.VariantStocks(app, ids)
	if err != nil {
		return err
	}
	for i := range list {
		s := stocks[list[i].ID]
		list[i].StockTotal, list[i].VariantsSoldOut = &s.Total, &s.SoldOut
	}
	return nil
}
