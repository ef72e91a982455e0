package search

import (
	"context"
	"strconv"

	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/collector"
)

// facetTally counts a result's facets in one pass over the matches: each
// match's category, stock and price are read with the sort values (doc
// values bleve loads anyway), and each count applies every filter but its
// own (choosing a category leaves the other categories' counts, so the
// shopper can switch). It replaces a pass per facet (categories, stock,
// lowest and highest price): four evaluations of the text became one.
type facetTally struct {
	f                 Filters
	out               Facets
	hasPrice          bool
	cat, stock, price int // their positions in a match's sort values
}

func newFacetTally(f Filters) *facetTally {
	return &facetTally{f: f, out: Facets{Categories: map[string]int{}}}
}

// narrows reports whether f leaves out matches the facets count (the
// active filter is the facets' own too).
func (f Filters) narrows() bool {
	return f.Category != "" || f.InStock || f.MinPriceCents != nil || f.MaxPriceCents != nil
}

// withKeys is order with the category, stock and price appended as sort
// keys where it has none of them (after the order's own keys they only
// order exact ties), noting where each one's value is.
func (t *facetTally) withKeys(order bsearch.SortOrder) bsearch.SortOrder {
	t.cat, t.stock, t.price = -1, -1, -1
	for i, s := range order {
		if sf, ok := s.(*bsearch.SortField); ok {
			switch sf.Field {
			case fCategory:
				t.cat = i
			case fInStock:
				t.stock = i
			case fPriceKey:
				t.price = i
			}
		}
	}
	add := func(at *int, field string, typ bsearch.SortFieldType) {
		if *at < 0 {
			order = append(order, &bsearch.SortField{Field: field, Type: typ})
			*at = len(order) - 1
		}
	}
	add(&t.cat, fCategory, bsearch.SortFieldAsString)
	add(&t.stock, fInStock, bsearch.SortFieldAsString)
	add(&t.price, fPriceKey, bsearch.SortFieldAsString)
	return order
}

// context makes bleve hand every match to the tally; with page, each then
// goes on to the page's collector as usual.
func (t *facetTally) context(ctx context.Context, page bool) context.Context {
	mk := func(sc *bsearch.SearchContext) (bsearch.DocumentMatchHandler, bool, error) {
		var next bsearch.DocumentMatchHandler
		var loadID bool
		if page {
			var err error
			if next, loadID, err = collector.MakeTopNDocumentMatchHandler(sc); err != nil {
				return nil, false, err
			}
		}
		return func(d *bsearch.DocumentMatch) error {
			if d != nil {
				t.add(d.Sort)
			}
			if next != nil {
				return next(d)
			}
			if d != nil {
				sc.DocumentMatchPool.Put(d)
			}
			return nil
		}, loadID, nil
	}
	return context.WithValue(ctx, bsearch.MakeDocumentMatchHandlerKey, bsearch.MakeDocumentMatchHandler(mk))
}

// add counts one match from its sort values.
func (t *facetTally) add(sort []string) {
	if len(sort) <= max(t.cat, t.stock, t.price) {
		return
	}
	cat, inStock := sort[t.cat], sort[t.stock] == "1"
	price, ok := decodePrice(sort[t.price])
	f := t.f
	inCat := f.Category == "" || cat == f.Category
	stockOK := !f.InStock || inStock
	priceOK := ok && (f.MinPriceCents == nil || price >= *f.MinPriceCents) && (f.MaxPriceCents == nil || price <= *f.MaxPriceCents)
	if stockOK && priceOK && cat != bsearch.HighTerm && cat != bsearch.LowTerm {
		t.out.Categories[cat]++
	}
	if inCat && priceOK && inStock {
		t.out.InStock++
	}
	if inCat && stockOK && ok {
		if !t.hasPrice || price < t.out.PriceMin {
			t.out.PriceMin = price
		}
		if !t.hasPrice || price > t.out.PriceMax {
			t.out.PriceMax = price
		}
		t.hasPrice = true
	}
}

func (t *facetTally) facets() *Facets {
	out := t.out
	return &out
}

// decodePrice decodes a price sort value (see sortableInt).
func decodePrice(v string) (int64, bool) {
	n, err := strconv.ParseInt(v, 10, 64)
	return n, err == nil
}
