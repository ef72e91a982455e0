package search

import (
	"cmp"
	"container/heap"
	"context"
	"slices"

	"github.com/blevesearch/bleve/v2"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"stageshop/shop/catalog"
)

// collection is one pass over a text's matches: bleve finds and scores
// the matching documents; everything else is done here from the segments'
// attribute tables (attrs.go), with no doc values read per match: the
// filters, the total, the facets (each count applying every filter but
// its own, so choosing a category leaves the other categories' counts)
// and the page in the chosen order.
type collection struct {
	f      Filters
	hidden map[string]bool
	order  func(a, b *hit) bool // a before b
	keep   int                  // the matches kept in order: the page's end
	facets *Facets
	// results
	total    int
	hasPrice bool
	top      hitHeap
}

type hit struct {
	score float64
	num   uint64 // global doc number: the last tie-break, stable between answers
	a     *docAttrs
}

func newCollection(f Filters, sort string, scored bool, keep int, withFacets bool) *collection {
	c := &collection{f: f, keep: keep, order: hitOrder(sort, scored)}
	if len(f.Hidden) > 0 {
		c.hidden = make(map[string]bool, len(f.Hidden))
		for _, h := range f.Hidden {
			c.hidden[h] = true
		}
	}
	if withFacets {
		c.facets = &Facets{Categories: map[string]int{}}
	}
	c.top.order = c.order
	return c
}

// hitOrder is the order of a sort (see shop's sorts); relevance puts
// in-stock products before sold-out ones of equal score, then newer
// before older. Exact ties keep the index's order.
func hitOrder(sort string, scored bool) func(a, b *hit) bool {
	newest := func(a, b *hit) int {
		return cmp.Or(cmp.Compare(b.a.flags&attrInStock, a.a.flags&attrInStock), cmp.Compare(b.a.created, a.a.created))
	}
	var by func(a, b *hit) int
	switch {
	case sort == catalog.SortNameAsc:
		by = func(a, b *hit) int { return cmp.Compare(a.a.name, b.a.name) }
	case sort == catalog.SortNameDesc:
		by = func(a, b *hit) int { return cmp.Compare(b.a.name, a.a.name) }
	case sort == catalog.SortPriceAsc:
		by = func(a, b *hit) int { return cmp.Compare(a.a.price, b.a.price) }
	case sort == catalog.SortPriceDesc:
		by = func(a, b *hit) int { return cmp.Compare(b.a.price, a.a.price) }
	case sort == "" && scored:
		by = func(a, b *hit) int { return cmp.Or(cmp.Compare(b.score, a.score), newest(a, b)) }
	default:
		by = newest
	}
	return func(a, b *hit) bool {
		if c := by(a, b); c != 0 {
			return c < 0
		}
		return a.num < b.num
	}
}

// add takes one match.
func (c *collection) add(h hit) {
	a, f := h.a, c.f
	if (!f.IncludeInactive && !a.has(attrActive)) || (f.OnSale && !a.has(attrOnSale)) || c.hidden[a.category] {
		return
	}
	inCat := f.Category == "" || a.category == f.Category
	stockOK := !f.InStock || a.has(attrInStock)
	priceOK := (f.MinPriceCents == nil || a.price >= *f.MinPriceCents) && (f.MaxPriceCents == nil || a.price <= *f.MaxPriceCents)
	if c.facets != nil {
		if stockOK && priceOK && a.category != "" {
			c.facets.Categories[a.category]++
		}
		if inCat && priceOK && a.has(attrInStock) {
			c.facets.InStock++
		}
		if inCat && stockOK {
			if !c.hasPrice || a.price < c.facets.PriceMin {
				c.facets.PriceMin = a.price
			}
			if !c.hasPrice || a.price > c.facets.PriceMax {
				c.facets.PriceMax = a.price
			}
			c.hasPrice = true
		}
	}
	if !inCat || !stockOK || !priceOK {
		return
	}
	c.total++
	if c.keep <= 0 {
		return
	}
	if len(c.top.hits) < c.keep {
		heap.Push(&c.top, h)
	} else if c.order(&h, &c.top.hits[0]) {
		c.top.hits[0] = h
		heap.Fix(&c.top, 0)
	}
}

// ids returns the ids of the kept matches from the from-th on, in order.
func (c *collection) ids(from int) []string {
	hits := slices.Clone(c.top.hits)
	slices.SortFunc(hits, func(a, b hit) int {
		if c.order(&a, &b) {
			return -1
		}
		return 1
	})
	out := []string{}
	for i := from; i < len(hits); i++ {
		out = append(out, hits[i].a.id)
	}
	return out
}

// hitHeap keeps the best matches with the worst on top.
type hitHeap struct {
	hits  []hit
	order func(a, b *hit) bool
}

func (h *hitHeap) Len() int           { return len(h.hits) }
func (h *hitHeap) Less(i, j int) bool { return h.order(&h.hits[j], &h.hits[i]) }
func (h *hitHeap) Swap(i, j int)      { h.hits[i], h.hits[j] = h.hits[j], h.hits[i] }
func (h *hitHeap) Push(x any)         { h.hits = append(h.hits, x.(hit)) }
func (h *hitHeap) Pop() any {
	x := h.hits[len(h.hits)-1]
	h.hits = h.hits[:len(h.hits)-1]
	return x
}

// collect passes every match of q (nil: every product) to c: bleve scores them
// when scored, and hands each one to c instead of its own collector.
func (x *Index) collect(ctx context.Context, idx bleve.Index, q query.Query, scored bool, c *collection) error {
	if q == nil {
		q = bleve.NewMatchAllQuery()
	}
	mk := func(sc *bsearch.SearchContext) (bsearch.DocumentMatchHandler, bool, error) {
		attrs, err := x.attrs.of(sc.IndexReader)
		if err != nil {
			return nil, false, err
		}
		return func(d *bsearch.DocumentMatch) error {
			if d == nil {
				return nil
			}
			if a := attrs.at(d.IndexInternalID.Value()); a != nil {
				c.add(hit{score: d.Score, num: d.IndexInternalID.Value(), a: a})
			}
			sc.DocumentMatchPool.Put(d)
			return nil
		}, false, nil
	}
	// Size 0: bleve's own collector keeps nothing (and stops at nothing);
	// sorted by score alone, it reads no doc values either.
	req := bleve.NewSearchRequestOptions(q, 0, 0, false)
	if !scored {
		req.Score = "none"
	}
	ctx = context.WithValue(ctx, bsearch.MakeDocumentMatchHandlerKey, bsearch.MakeDocumentMatchHandler(mk))
	_, err := idx.SearchInContext(ctx, req)
	return err
}
