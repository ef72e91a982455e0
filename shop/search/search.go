package search

import (
	"context"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"stageshop/shop/catalog"
	"stageshop/shop/wire"
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
type Facets = catalog.Facets

// Result is one page of product ids in order and the number of matches.
type Result struct {
	IDs    []string
	Total  int
	Facets *Facets
}

// maxWindow bounds how deep into the results a page may start.
const maxWindow = 10000

// Search answers r from the index, after catching up with every write:
// one pass over the text's matches gives the page, the total and the
// facets (collect.go).
func (x *Index) Search(ctx context.Context, r Request) (Result, error) {
	idx := x.current()
	if idx == nil {
		return Result{}, ErrNotReady
	}
	if err := x.CatchUp(); err != nil {
		return Result{}, err
	}
	b := x.builder(r.Lang)
	text, required := b.textQueryParts(r.Text, false)
	// Bounded before multiplying: a page of 2^63-1 overflowed into a negative offset.
	size := min(max(r.PageSize, 0), maxWindow)
	from := min(max(r.Page-1, 0), wire.MaxPage) * size
	keep := from + size
	if from >= maxWindow { // past it only the total is counted
		keep = 0
	}
	sort := r.Sort
	if !knownSorts[sort] {
		sort = catalog.SortNewest
	}
	scored := sort == "" && text != nil
	c := newCollection(r.Filters, sort, scored, keep, r.Facets)
	if err := x.run(ctx, idx, text, required, b.gen, scored, c); err != nil {
		return Result{}, err
	}
	return Result{IDs: c.ids(from), Total: c.total, Facets: c.facets}, nil
}

// run passes every match of text to c: from the words' cached lists when
// the text is two or more words (wordsets.go), else from bleve.
func (x *Index) run(ctx context.Context, idx bleve.Index, text query.Query, required []clause, gen uint64, scored bool, c *collection) error {
	if len(required) >= 2 {
		if ok, err := x.fromSets(ctx, idx, required, gen, c); ok || err != nil {
			return err
		}
	}
	return x.collect(ctx, idx, text, scored, c)
}

// count is the number of matches of text (in lang) under f.
func (x *Index) count(ctx context.Context, idx bleve.Index, text, lang string, f Filters) (int, error) {
	b := x.builder(lang)
	q, required := b.textQueryParts(text, false)
	c := newCollection(f, catalog.SortNewest, false, 0, false)
	err := x.run(ctx, idx, q, required, b.gen, false, c)
	return c.total, err
}
