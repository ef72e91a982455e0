package catalog

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Facets are the counts shown beside a product list: each category's
// products under the other filters, the price range (cents) under the
// other filters, and how many are in stock under the other filters; a
// filter never narrows its own figure, so the shopper can change it.
type Facets struct {
	Categories map[string]int
	PriceMin   int64
	PriceMax   int64
	InStock    int
}

// FacetsFor computes the facets of a list without a search text, in
// three grouped queries (the answer is cached with the list's).
func FacetsFor(app core.App, q ProductQuery) (Facets, error) {
	f := Facets{Categories: map[string]int{}}
	var hidden []string
	if !q.IncludeInactive {
		known, err := knownCategories(app)
		if err != nil {
			return f, err
		}
		hidden = known.Hidden()
	}
	noCat := q
	noCat.Category = ""
	var cats []struct {
		Category string `db:"category"`
		N        int    `db:"n"`
	}
	err := app.DB().Select("category", "COUNT(*) AS n").From(ProductsCollection).
		Where(productFilter(noCat, hidden)).GroupBy("category").All(&cats)
	if err != nil {
		return f, err
	}
	for _, c := range cats {
		f.Categories[c.Category] = c.N
	}
	noPrice := q
	noPrice.MinPriceCents, noPrice.HasMaxPrice = 0, false
	var lo, hi float64
	err = app.DB().Select("COALESCE(MIN(priceFromCents), 0)", "COALESCE(MAX(priceToCents), 0)").
		From(ProductsCollection).Where(productFilter(noPrice, hidden)).Row(&lo, &hi)
	if err != nil {
		return f, err
	}
	f.PriceMin, f.PriceMax = int64(lo), int64(hi)
	noStock := q
	noStock.InStock = false
	err = app.DB().Select("COUNT(*)").From(ProductsCollection).
		Where(dbx.And(productFilter(noStock, hidden), dbx.HashExp{"inStock": true})).Row(&f.InStock)
	return f, err
}
