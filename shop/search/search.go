package search

import (
	"context"
	"strings"

	"github.com/blevesearch/bleve/v2"
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
	b := x.builder(r.Lang)
	text := b.textQuery(r.Text, false)
	res := Result{IDs: []string{}}
	var fk facetKey
	var seq int64
	if r.Facets {
		fk = newFacetKey(r)
		res.Facets, seq = x.cachedFacets(fk)
	}
	// Without a narrowing filter the facets count the page's own matches,
	// so the page's pass counts them too (one pass over the matches, not two).
	var tally *facetTally
	if r.Facets && res.Facets == nil && !r.Filters.narrows() {
		tally = newFacetTally(r.Filters)
	}
	if err := x.page(ctx, idx, r, text, tally, &res); err != nil {
		return Result{}, err
	}
	if r.Facets && res.Facets == nil {
		f, err := x.facets(ctx, idx, text, r.Filters, tally)
		if err != nil {
			return Result{}, err
		}
		res.Facets = f
		x.keepFacets(fk, seq, f)
	}
	return res, nil
}

// page fills res with the ids of r's page of matches of text in order,
// and the total; past maxWindow only the total is counted. tally, when
// set, counts the facets in the same pass.
func (x *Index) page(ctx context.Context, idx bleve.Index, r Request, text query.Query, tally *facetTally, res *Result) error {
	from := (r.Page - 1) * r.PageSize
	if from >= maxWindow {
		n, err := x.count(ctx, withFilter(text, filterQuery(r.Filters, "")))
		res.Total = n
		return err
	}
	req := bleve.NewSearchRequestOptions(withFilter(text, filterQuery(r.Filters, "")), r.PageSize, from, false)
	order, ok := sortOrders[r.Sort]
	if !ok || (r.Sort == "" && text == nil) {
		order = sortOrders[shop.SortNewest]
	}
	sortBy := sortOrder(order)
	pageCtx := ctx
	if tally != nil {
		sortBy, pageCtx = tally.withKeys(sortBy), tally.context(ctx, true)
	}
	req.SortByCustom(sortBy)
	if r.Sort != "" || text == nil {
		req.Score = "none"
	}
	out, err := idx.SearchInContext(pageCtx, req)
	if err != nil {
		return err
	}
	res.Total = int(out.Total)
	for _, h := range out.Hits {
		res.IDs = append(res.IDs, h.ID)
	}
	return nil
}

// facetKey is what a result's facets depend on (not the page, nor the sort).
type facetKey struct {
	text, lang, category    string
	hidden                  string
	min, max                int64
	hasMin, hasMax, inStock bool
	inactive, onSale        bool
}

func newFacetKey(r Request) facetKey {
	f := r.Filters
	k := facetKey{text: r.Text, lang: r.Lang, category: f.Category, inStock: f.InStock, inactive: f.IncludeInactive, onSale: f.OnSale,
		hidden: strings.Join(f.Hidden, "\x00")}
	if f.MinPriceCents != nil {
		k.min, k.hasMin = *f.MinPriceCents, true
	}
	if f.MaxPriceCents != nil {
		k.max, k.hasMax = *f.MaxPriceCents, true
	}
	return k
}

// maxFacetEntries bounds the facet cache; past it, it starts again empty.
const maxFacetEntries = 4096

// cachedFacets returns k's facets if they were counted while the index
// did not change (paging and sorting reuse them), and the applied row
// they would be kept for.
func (x *Index) cachedFacets(k facetKey) (*Facets, int64) {
	seq := x.applied.Load()
	x.facetMu.Lock()
	defer x.facetMu.Unlock()
	if x.facetSeq != seq || len(x.facetCache) > maxFacetEntries {
		x.facetSeq, x.facetCache = seq, map[facetKey]*Facets{}
	}
	return x.facetCache[k], seq
}

// keepFacets keeps f for k when the index is still at row seq.
func (x *Index) keepFacets(k facetKey, seq int64, f *Facets) {
	x.facetMu.Lock()
	if x.facetSeq == seq && x.applied.Load() == seq {
		x.facetCache[k] = f
	}
	x.facetMu.Unlock()
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

// facets are the counts of the text's matches: from the page's pass
// (tally) when it counted them, else from one pass of their own over the
// text's matches with no narrowing filter, each match counted against the
// filters (see facetTally).
func (x *Index) facets(ctx context.Context, idx bleve.Index, text query.Query, f Filters, tally *facetTally) (*Facets, error) {
	if tally != nil {
		return tally.facets(), nil
	}
	t := newFacetTally(f)
	req := bleve.NewSearchRequestOptions(withFilter(text, filterQuery(Filters{IncludeInactive: f.IncludeInactive}, "")), 1, 0, false)
	req.Score = "none"
	req.SortByCustom(t.withKeys(nil))
	if _, err := idx.SearchInContext(t.context(ctx, false), req); err != nil {
		return nil, err
	}
	return t.facets(), nil
}
