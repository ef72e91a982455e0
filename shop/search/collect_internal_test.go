package search

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"stageshop/shop/catalog"
)

// The page, total and facets a search collects from the segments' tables
// match the products as last written, whatever segments the writes left
// (each batch its own; updates and deletes marking older copies deleted):
// every sort, every filter, against the same answers computed from the
// products themselves.
func TestCollectionFollowsEveryWrite(t *testing.T) {
	m, idx := testIndex(t, true)
	x := &Index{mapping: m}
	r := rand.New(rand.NewPCG(1, 2))
	cats := []string{"Lighting", "Sound", "Stage", "Secret"}
	products := map[string]catalog.Product{}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	write := func(ps []catalog.Product, deletes []string) {
		b := idx.NewBatch()
		for _, p := range ps {
			products[p.ID] = p
			if err := b.Index(p.ID, document(p)); err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range deletes {
			delete(products, id)
			b.Delete(id)
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	random := func(id string) catalog.Product { // every sort key unique: no ties to break
		n++
		name := []string{"Moving Head", "Stage Light", "Speaker", "Truss Clamp"}[r.IntN(4)]
		price := int64(100*(1+r.IntN(50)))*1000 + int64(n)
		return catalog.Product{ID: id, Name: fmt.Sprintf("%s %04d", name, n), Category: cats[r.IntN(len(cats))],
			PriceCents: price, PriceFromCents: price, InStock: r.IntN(3) > 0, OnSale: r.IntN(4) == 0,
			IsActive: r.IntN(10) > 0, Created: base.Add(time.Duration(r.IntN(5000))*time.Minute + time.Duration(n)*time.Millisecond)}
	}
	for b := range 6 { // six batches: six segments until bleve merges them
		var ps []catalog.Product
		for i := range 40 {
			ps = append(ps, random(fmt.Sprintf("p%d-%02d", b, i)))
		}
		write(ps, nil)
	}
	for range 5 { // updates and deletes of products in older segments
		var ps []catalog.Product
		var gone []string
		for id := range products {
			switch r.IntN(8) {
			case 0:
				p := random(id)
				ps = append(ps, p)
			case 1:
				gone = append(gone, id)
			}
		}
		write(ps, gone)
	}

	if n := segments(t, idx); n < 6 {
		t.Fatalf("%d segments, want one a batch", n)
	}

	hundred, thousand := int64(1_000_000), int64(3_000_000)
	filters := []Filters{
		{}, {IncludeInactive: true}, {Category: "Sound"}, {InStock: true}, {OnSale: true},
		{MinPriceCents: &hundred, MaxPriceCents: &thousand}, {Hidden: []string{"Secret"}},
		{Category: "Stage", InStock: true, MaxPriceCents: &thousand, Hidden: []string{"Secret"}},
	}
	sorts := []string{catalog.SortNewest, catalog.SortNameAsc, catalog.SortNameDesc, catalog.SortPriceAsc, catalog.SortPriceDesc}
	ctx := context.Background()
	for _, f := range filters {
		want, wantFacets := expectedCollection(products, f)
		for _, sort := range sorts {
			c := newCollection(f, sort, false, 15, true)
			if err := x.collect(ctx, idx, nil, false, c); err != nil {
				t.Fatal(err)
			}
			got := c.ids(5) // the second page of 5
			exp := orderProducts(want, sort)
			exp = exp[min(5, len(exp)):min(15, len(exp))]
			if c.total != len(want) || !slices.Equal(got, exp) {
				t.Errorf("%+v sorted %s: total %d, page %v; want %d, %v", f, sort, c.total, got, len(want), exp)
			}
			if !maps.Equal(c.facets.Categories, wantFacets.Categories) || c.facets.InStock != wantFacets.InStock ||
				c.facets.PriceMin != wantFacets.PriceMin || c.facets.PriceMax != wantFacets.PriceMax {
				t.Errorf("%+v: facets %+v, want %+v", f, *c.facets, wantFacets)
			}
		}
	}
}

// expectedCollection is what a search of every product under f finds,
// and its facets (each count applying every filter but its own).
func expectedCollection(products map[string]catalog.Product, f Filters) ([]catalog.Product, Facets) {
	var out []catalog.Product
	facets := Facets{Categories: map[string]int{}}
	hasPrice := false
	for _, p := range products {
		if (!f.IncludeInactive && !p.IsActive) || (f.OnSale && !p.OnSale) || slices.Contains(f.Hidden, p.Category) {
			continue
		}
		inCat := f.Category == "" || p.Category == f.Category
		stockOK := !f.InStock || p.InStock
		priceOK := (f.MinPriceCents == nil || p.PriceFromCents >= *f.MinPriceCents) &&
			(f.MaxPriceCents == nil || p.PriceFromCents <= *f.MaxPriceCents)
		if stockOK && priceOK {
			facets.Categories[p.Category]++
		}
		if inCat && priceOK && p.InStock {
			facets.InStock++
		}
		if inCat && stockOK {
			if !hasPrice || p.PriceFromCents < facets.PriceMin {
				facets.PriceMin = p.PriceFromCents
			}
			if !hasPrice || p.PriceFromCents > facets.PriceMax {
				facets.PriceMax = p.PriceFromCents
			}
			hasPrice = true
		}
		if inCat && stockOK && priceOK {
			out = append(out, p)
		}
	}
	return out, facets
}

// orderProducts is the ids of ps in a list sort's order (the test's
// products have no ties).
func orderProducts(ps []catalog.Product, sort string) []string {
	ps = slices.Clone(ps)
	slices.SortStableFunc(ps, func(a, b catalog.Product) int {
		var c int
		switch sort {
		case catalog.SortNameAsc:
			c = strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
		case catalog.SortNameDesc:
			c = strings.Compare(strings.ToLower(b.Name), strings.ToLower(a.Name))
		case catalog.SortPriceAsc:
			c = cmp.Compare(a.PriceFromCents, b.PriceFromCents)
		case catalog.SortPriceDesc:
			c = cmp.Compare(b.PriceFromCents, a.PriceFromCents)
		default:
			if a.InStock != b.InStock {
				if a.InStock {
					return -1
				}
				return 1
			}
			c = cmp.Compare(b.Created.UnixMilli(), a.Created.UnixMilli())
		}
		return c
	})
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids
}
