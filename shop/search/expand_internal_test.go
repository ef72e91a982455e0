package search

import (
	"fmt"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"stageshop/shop"
	"stageshop/shop/catalog"
)

// The cached expansions answer what bleve's FuzzyQuery and PrefixQuery
// answer (the same products with the same scores), from the cache on the
// second asking, and a write's invalidation lets new words be found.
func TestExpansionsMatchBleve(t *testing.T) {
	_, idx := testIndex(t, false)
	names := []string{"Wireless Microphone", "Microphone Stand", "Micro Fog Machine", "Moving Head Wash",
		"Movable Truss", "Microphones Kit", "Haze Machine", "Hazer Pro"}
	add := func(id, name string) {
		b := idx.NewBatch()
		p := catalog.Product{ID: id, Name: name, NameLocalized: shop.Localized{"en": name}, IsActive: true, Created: time.Now()}
		if err := b.Index(id, document(p)); err != nil {
			t.Fatal(err)
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
	}
	for i, n := range names {
		add(fmt.Sprint("p", i), n)
	}
	var exp expansions
	hits := func(q query.Query) map[string]float64 {
		res, err := idx.Search(bleve.NewSearchRequestOptions(q, 100, 0, false))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, h := range res.Hits {
			out[h.ID] = h.Score
		}
		return out
	}
	same := func(a, b map[string]float64) bool {
		if len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || fmt.Sprintf("%.9f", v) != fmt.Sprintf("%.9f", w) {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		word      string
		fuzziness int
	}{{"microphne", 2}, {"micrphone", 2}, {"hazr", 1}, {"movng", 1}, {"truss", 1}, {"zzzz", 1}} {
		want := query.NewFuzzyQuery(c.word)
		want.SetField(fNameWords)
		want.SetFuzziness(c.fuzziness)
		want.SetBoost(2)
		for round := range 2 { // computed, then from the cache
			got := hits(exp.fuzzy(fNameWords, c.word, c.fuzziness, 2, exp.generation()))
			if w := hits(want); !same(got, w) || (c.word != "zzzz" && len(w) == 0) {
				t.Errorf("fuzzy %q round %d: %v, bleve %v", c.word, round, got, w)
			}
		}
	}
	for _, p := range []string{"mi", "micro", "mov", "h", "zz"} {
		want := query.NewPrefixQuery(p)
		want.SetField(fNameWords)
		want.SetBoost(3)
		for round := range 2 {
			if got, w := hits(exp.prefix(fNameWords, p, 3, exp.generation())), hits(want); !same(got, w) {
				t.Errorf("prefix %q round %d: %v, bleve %v", p, round, got, w)
			}
		}
	}
	if exp.get(expandKey{fNameWords, "microphne", 2}, exp.generation()) == nil {
		t.Error("the expansion of microphne is not cached")
	}
	// A new word after a write: found once the cache is invalidated.
	if n := len(hits(exp.fuzzy(fNameWords, "nebul", 1, 1, exp.generation()))); n != 0 {
		t.Fatalf("nebul before the write: %d", n)
	}
	add("p-new", "Nebula Strobe")
	exp.invalidate()
	if n := len(hits(exp.fuzzy(fNameWords, "nebul", 1, 1, exp.generation()))); n != 1 {
		t.Errorf("nebul after the write: %d, want 1", n)
	}
	// An expansion made at an older generation is not kept.
	gen := exp.generation()
	exp.invalidate()
	exp.put(expandKey{fNameWords, "old", 1}, gen, &expansion{terms: []string{"old"}})
	if exp.get(expandKey{fNameWords, "old", 1}, exp.generation()) != nil {
		t.Error("an expansion of an older generation was kept")
	}
}
