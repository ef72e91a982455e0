package search

import (
	"context"
	"sync"

	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/searcher"
	index "github.com/blevesearch/bleve_index_api"
)

// Expansions: a fuzzy or prefix query first lists the index's terms it
// stands for (a Levenshtein automaton or a prefix walked over every
// segment's term dictionary), then reads their postings. Whole search
// texts rarely repeat, but their words do ("microphne" in many different
// searches), so each word's list is kept until the next write to the index
// changes the dictionaries. The answer is the same as bleve's own
// FuzzyQuery and PrefixQuery give: the same terms, edit distances and
// boosts go to the same searchers.

// expandKey is one expansion: a word's terms within fuzziness edits in
// field, or (fuzziness prefixExpansion) the terms starting with it.
type expandKey struct {
	field, term string
	fuzziness   int
}

const prefixExpansion = -1

// expansion is the terms a key stands for, with each one's edit distance
// (fuzzy only).
type expansion struct {
	terms []string
	dists []uint8
}

// maxExpansionTerms bounds the terms the cache holds (a prefix of two
// letters can stand for thousands); past it, it starts again empty.
const maxExpansionTerms = 200_000

// expansions is the cache of one index. gen changes after every write
// that reaches the index; an expansion computed against an older state is
// never kept under a newer generation.
type expansions struct {
	mu    sync.Mutex
	gen   uint64
	m     map[expandKey]*expansion
	terms int
	// closest is DidYouMean's nearest name word to each word asked.
	closest map[string]string
}

// generation is the state of the index a search begins at: read before
// the search takes its snapshot of the index.
func (e *expansions) generation() uint64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.gen
}

// invalidate drops every expansion: called once a write is in the index.
func (e *expansions) invalidate() {
	e.mu.Lock()
	e.gen++
	e.m, e.closest, e.terms = nil, nil, 0
	e.mu.Unlock()
}

func (e *expansions) get(k expandKey, gen uint64) *expansion {
	e.mu.Lock()
	defer e.mu.Unlock()
	if gen != e.gen {
		return nil
	}
	return e.m[k]
}

// put keeps x for k when no write reached the index since gen was read
// (the search's snapshot may then be newer than gen, never older; a newer
// one is dropped by the invalidation that follows its write).
func (e *expansions) put(k expandKey, gen uint64, x *expansion) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if gen != e.gen {
		return
	}
	e.makeRoom(len(x.terms))
	e.m[k] = x
	e.terms += len(x.terms)
}

// makeRoom empties the cache when n more terms would pass its bound.
func (e *expansions) makeRoom(n int) {
	if e.m == nil || e.terms+n > maxExpansionTerms {
		e.m, e.closest, e.terms = map[expandKey]*expansion{}, map[string]string{}, 0
	}
}

// getClosest returns the closest name word kept for w.
func (e *expansions) getClosest(w string, gen uint64) (string, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if gen != e.gen {
		return "", false
	}
	best, ok := e.closest[w]
	return best, ok
}

// putClosest keeps w's closest name word, as put does an expansion.
func (e *expansions) putClosest(w string, gen uint64, best string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if gen != e.gen {
		return
	}
	e.makeRoom(1)
	e.closest[w] = best
	e.terms++
}

// expandQuery is a fuzzy or prefix query whose term list comes from the
// cache. It builds the searchers bleve's FuzzyQuery (prefix 0) and
// PrefixQuery build.
type expandQuery struct {
	key   expandKey
	boost float64
	cache *expansions
	gen   uint64
}

func (c *expansions) fuzzy(field, term string, fuzziness int, boost float64, gen uint64) query.Query {
	return &expandQuery{key: expandKey{field, term, fuzziness}, boost: boost, cache: c, gen: gen}
}

func (c *expansions) prefix(field, term string, boost float64, gen uint64) query.Query {
	return &expandQuery{key: expandKey{field, term, prefixExpansion}, boost: boost, cache: c, gen: gen}
}

// Searcher implements query.Query.
func (q *expandQuery) Searcher(ctx context.Context, i index.IndexReader, m mapping.IndexMapping, options bsearch.SearcherOptions) (bsearch.Searcher, error) {
	k := q.key
	if k.fuzziness == 0 {
		return searcher.NewTermSearcher(ctx, i, k.term, k.field, q.boost, options)
	}
	x := q.cache.get(k, q.gen)
	if x == nil {
		var err error
		if x, err = expand(i, k); err != nil {
			return nil, err
		}
		if x == nil { // a reader without fuzzy dictionaries: bleve's own way
			return searcher.NewFuzzySearcher(ctx, i, k.term, 0, k.fuzziness, k.field, q.boost, options)
		}
		q.cache.put(k, q.gen, x)
	}
	if len(x.terms) == 0 || (len(x.terms) == 1 && x.terms[0] == k.term) {
		return searcher.NewTermSearcher(ctx, i, k.term, k.field, q.boost, options)
	}
	if k.fuzziness == prefixExpansion {
		return searcher.NewMultiTermSearcher(ctx, i, x.terms, k.field, q.boost, options, true)
	}
	return searcher.NewMultiTermSearcherBoosted(ctx, i, x.terms, k.field, q.boost, x.dists, options, true)
}

// expand lists k's terms from the index's dictionaries; nil when the
// reader cannot list fuzzy terms.
func expand(i index.IndexReader, k expandKey) (*expansion, error) {
	var dict index.FieldDict
	var err error
	if k.fuzziness == prefixExpansion {
		dict, err = i.FieldDictPrefix(k.field, []byte(k.term))
	} else if fr, ok := i.(index.IndexReaderFuzzy); ok {
		dict, _, err = fr.FieldDictFuzzyAutomaton(k.field, k.term, k.fuzziness, "")
	} else {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer dict.Close()
	x := &expansion{}
	seen := map[string]bool{}
	for e, err := dict.Next(); e != nil || err != nil; e, err = dict.Next() {
		if err != nil {
			return nil, err
		}
		if seen[e.Term] {
			continue
		}
		seen[e.Term] = true
		x.terms = append(x.terms, e.Term)
		if k.fuzziness != prefixExpansion {
			x.dists = append(x.dists, e.EditDistance)
		}
	}
	return x, nil
}
