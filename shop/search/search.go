package search

import (
	"context"
	"math"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/numeric"
	"github.com/blevesearch/bleve/v2/search/query"

	"stageshop/shop"
)

// Request is one search of the product list.
type Request struct {
	Text     string
	Lang     string // the interface language: its matches rank first
	Sort     string // "" for relevance, else one of shop's sorts
	Filters  Filters
	Page     int
	PageSize int
	Facets   bool
}

// Facets are the filter counts of a result (see shop.Facets).
type Facets = shop.Facets

// Result is one page of product ids in order and the number of matches.
type Result struct {
	IDs    []string
	Total  int
	Facets *Facets
}

// maxWindow bounds how deep into the results a page may start.
const maxWindow = 10000

// Search answers r from the index, after catching up with every write.
func (x *Index) Search(ctx context.Context, r Request) (Result, error) {
	idx := x.current()
	if idx == nil {
		return Result{}, ErrNotReady
	}
	if err := x.CatchUp(); err != nil {
		return Result{}, err
	}
	b := builder{m: x.mapping, lang: r.Lang}
	text := b.textQuery(r.Text, false)
	res := Result{IDs: []string{}}
	from := (r.Page - 1) * r.PageSize
	if from < maxWindow {
		req := bleve.NewSearchRequestOptions(withFilter(text, filterQuery(r.Filters, "")), r.PageSize, from, false)
		order, ok := sortOrders[r.Sort]
		if !ok || (r.Sort == "" && text == nil) {
			order = sortOrders[shop.SortNewest]
		}
		req.SortBy(order)
		if r.Sort != "" || text == nil {
			req.Score = "none"
		}
		out, err := idx.SearchInContext(ctx, req)
		if err != nil {
			return Result{}, err
		}
		res.Total = int(out.Total)
		for _, h := range out.Hits {
			res.IDs = append(res.IDs, h.ID)
		}
	} else if n, err := x.count(ctx, withFilter(text, filterQuery(r.Filters, ""))); err == nil {
		res.Total = n
	} else {
		return Result{}, err
	}
	if r.Facets {
		f, err := x.cachedFacets(ctx, r, text)
		if err != nil {
			return Result{}, err
		}
		res.Facets = f
	}
	return res, nil
}

// facetKey is what a result's facets depend on (not the page, nor the sort).
type facetKey struct {
	text, lang, category    string
	min, max                int64
	hasMin, hasMax, inStock bool
	inactive, onSale        bool
}

// maxFacetEntries bounds the facet cache; past it, it starts again empty.
const maxFacetEntries = 4096

// cachedFacets returns r's facets, computed once per text and filters
// while the index does not change: paging and sorting reuse them.
func (x *Index) cachedFacets(ctx context.Context, r Request, text query.Query) (*Facets, error) {
	f := r.Filters
	k := facetKey{text: r.Text, lang: r.Lang, category: f.Category, inStock: f.InStock, inactive: f.IncludeInactive, onSale: f.OnSale}
	if f.MinPriceCents != nil {
		k.min, k.hasMin = *f.MinPriceCents, true
	}
	if f.MaxPriceCents != nil {
		k.max, k.hasMax = *f.MaxPriceCents, true
	}
	seq := x.applied.Load()
	x.facetMu.Lock()
	if x.facetSeq != seq || len(x.facetCache) > maxFacetEntries {
		x.facetSeq, x.facetCache = seq, map[facetKey]*Facets{}
	}
	got := x.facetCache[k]
	x.facetMu.Unlock()
	if got != nil {
		return got, nil
	}
	got, err := x.facets(ctx, text, f)
	if err != nil {
		return nil, err
	}
	x.facetMu.Lock()
	if x.facetSeq == seq && x.applied.Load() == seq {
		x.facetCache[k] = got
	}
	x.facetMu.Unlock()
	return got, nil
}

func (x *Index) count(ctx context.Context, q query.Query) (int, error) {
	req := bleve.NewSearchRequestOptions(q, 0, 0, false)
	req.Score = "none"
	out, err := x.current().SearchInContext(ctx, req)
	if err != nil {
		return 0, err
	}
	return int(out.Total), nil
}

// facets counts categories and stock, and finds the price range, each for
// the text and every filter but its own (choosing a category leaves the
// other categories' counts, so the shopper can switch).
func (x *Index) facets(ctx context.Context, text query.Query, f Filters) (*Facets, error) {
	idx := x.current()
	out := &Facets{Categories: map[string]int{}}
	catReq := bleve.NewSearchRequestOptions(withFilter(text, filterQuery(f, "category")), 0, 0, false)
	catReq.Score = "none"
	catReq.AddFacet("c", bleve.NewFacetRequest(fCategory, len(shop.Categories)+4))
	sameStock := f.Category == "" && !f.InStock // both counts share one search
	if sameStock {
		catReq.AddFacet("s", bleve.NewFacetRequest(fInStock, 2))
	}
	res, err := idx.SearchInContext(ctx, catReq)
	if err != nil {
		return nil, err
	}
	for _, t := range res.Facets["c"].Terms.Terms() {
		out.Categories[t.Term] = t.Count
	}
	stock := res.Facets["s"]
	if !sameStock {
		req := bleve.NewSearchRequestOptions(withFilter(text, filterQuery(f, "stock")), 0, 0, false)
		req.Score = "none"
		req.AddFacet("s", bleve.NewFacetRequest(fInStock, 2))
		r, err := idx.SearchInContext(ctx, req)
		if err != nil {
			return nil, err
		}
		stock = r.Facets["s"]
	}
	for _, t := range stock.Terms.Terms() {
		if t.Term == "1" {
			out.InStock = t.Count
		}
	}
	out.PriceMin, out.PriceMax, err = x.priceRange(ctx, withFilter(text, filterQuery(f, "price")))
	return out, err
}

// priceRange is the lowest and highest price among q's matches (0, 0 when
// none match).
func (x *Index) priceRange(ctx context.Context, q query.Query) (lo, hi int64, err error) {
	for i, order := range []string{fPrice, "-" + fPrice} {
		req := bleve.NewSearchRequestOptions(q, 1, 0, false)
		req.Score = "none"
		req.SortBy([]string{order})
		req.Fields = nil
		res, err := x.current().SearchInContext(ctx, req)
		if err != nil || len(res.Hits) == 0 {
			return 0, 0, err
		}
		v := sortPrice(res.Hits[0].Sort)
		if i == 0 {
			lo = v
		} else {
			hi = v
		}
	}
	return lo, hi, nil
}

// sortPrice decodes the price a hit was sorted by (bleve's prefix-coded
// number).
func sortPrice(sort []string) int64 {
	if len(sort) == 0 {
		return 0
	}
	i, err := numeric.PrefixCoded(sort[0]).Int64()
	if err != nil {
		return 0
	}
	return int64(math.Round(numeric.Int64ToFloat64(i)))
}
