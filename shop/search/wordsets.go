package search

import (
	"context"
	"fmt"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// wordSets keeps, per index segment, the documents each word of recent
// searches matches (every way it can: see wordClause) with the word's
// score in each. Shoppers' texts rarely repeat but their words do: a text
// of several words is then answered by intersecting its words' lists and
// adding their scores, where bleve would walk and score every match of
// every word again (and, for words with no product in common, walk them
// all to find nothing: two thirds of the CPU of the bench's
// never-repeating searches). The sum ranks as bleve's own query would:
// a conjunction's score is the sum of its words' scores, and every score
// is scaled by one query norm for the whole text, so each word's scores
// are kept at norm 1. Like the expansions, the lists are kept until the
// next write that reaches the index (a generation of the expansions), and
// bounded.
type wordSets struct {
	mu   sync.Mutex
	gen  uint64
	segs map[segment.Segment]map[string]*wordHits
	n    int // matches held
}

// wordHits are a word's matches in one segment: the segment's document
// numbers in order, and the word's score in each.
type wordHits struct {
	docs   []uint32
	scores []float64
}

// maxWordMatches bounds the matches held (12 bytes each: 48 MB); past it the
// cache starts again empty.
const maxWordMatches = 4_000_000

// fromSets passes every document that matches all of clauses, with the
// sum of their scores, to c; ok is false when it could not (a clause's
// lists are not there for the index's current state), and nothing was
// passed.
func (x *Index) fromSets(ctx context.Context, idx bleve.Index, clauses []clause, gen uint64, c *collection) (bool, error) {
	if len(clauses) == 0 {
		return false, nil
	}
	adv, err := idx.Advanced()
	if err != nil {
		return false, err
	}
	reader, err := adv.Reader()
	if err != nil {
		return false, err
	}
	defer reader.Close()
	snap, ok := reader.(*scorch.IndexSnapshot)
	if !ok {
		return false, nil
	}
	segs := snap.Segments()
	lists := make([][]*wordHits, len(clauses))
	for i, cl := range clauses {
		key, err := listKey(snap, cl)
		if err != nil {
			return false, err
		}
		if lists[i] = x.sets.get(gen, segs, key); lists[i] == nil {
			if err := x.matchSets(ctx, reader, segs, cl.q, key, gen); err != nil {
				return false, err
			}
			if lists[i] = x.sets.get(gen, segs, key); lists[i] == nil {
				return false, nil
			}
		}
		if noMatches(lists[i]) { // the conjunction is empty: the other words need not be looked up
			return true, nil
		}
	}
	attrs, err := x.attrs.of(reader)
	if err != nil {
		return false, err
	}
	var offset uint64
	per := make([]*wordHits, len(clauses))
	for s, ss := range segs {
		for i := range clauses {
			per[i] = lists[i][s]
		}
		intersect(per, ss.Deleted(), func(local uint32, score float64) {
			if a := attrs.at(offset + uint64(local)); a != nil {
				c.add(hit{score: score, num: offset + uint64(local), a: a})
			}
		})
		offset += ss.Segment().Count()
	}
	return true, nil
}

// listKey names a clause's list: a word's codes (the model numbers it
// forms with its neighbours, as "кабель676" in "кабель 676") are terms of
// the word's query, but one the index does not have matches nothing and
// only counts among the query's terms (bleve scales a match's score by
// the share of terms it matches). So the key has the codes the index has
// and the number of codes, and "кабель 676" shares its first word's list
// with "кабель 345".
func listKey(snap *scorch.IndexSnapshot, c clause) (string, error) {
	if len(c.codes) == 0 {
		return c.key, nil
	}
	dict, err := snap.FieldDictContains(fCodes)
	if err != nil {
		return "", err
	}
	key := fmt.Sprintf("%s|%d", c.key, len(c.codes))
	for _, code := range c.codes {
		ok, err := dict.Contains([]byte(code))
		if err != nil {
			return "", err
		}
		if ok {
			key += "|" + code
		}
	}
	return key, nil
}

// intersect calls fn with each document in every one of lists (and not
// deleted) and the sum of its scores.
func intersect(lists []*wordHits, deleted *roaring.Bitmap, fn func(local uint32, score float64)) {
	shortest := 0
	for i, l := range lists {
		if len(l.docs) < len(lists[shortest].docs) {
			shortest = i
		}
	}
	pos := make([]int, len(lists))
next:
	for k, d := range lists[shortest].docs {
		score := 0.0
		for i, l := range lists {
			if i == shortest {
				score += l.scores[k]
				continue
			}
			// Gallop to the first document >= d.
			p, step := pos[i], 1
			for p+step < len(l.docs) && l.docs[p+step] < d {
				p += step
				step *= 2
			}
			for p < len(l.docs) && l.docs[p] < d {
				p++
			}
			pos[i] = p
			if p == len(l.docs) {
				return
			}
			if l.docs[p] != d {
				continue next
			}
			score += l.scores[p]
		}
		if deleted != nil && deleted.Contains(d) {
			continue
		}
		fn(d, score)
	}
}

// matchSets scores every document q matches, at query norm 1, and keeps
// them per segment under key.
func (x *Index) matchSets(ctx context.Context, reader index.IndexReader, segs []*scorch.SegmentSnapshot, q query.Query, key string, gen uint64) error {
	s, err := q.Searcher(ctx, reader, x.mapping, bsearch.SearcherOptions{})
	if err != nil {
		return err
	}
	defer s.Close()
	s.SetQueryNorm(1)
	offsets := make([]uint64, len(segs))
	hits := make([]*wordHits, len(segs))
	var offset uint64
	for i, ss := range segs {
		offsets[i], hits[i] = offset, &wordHits{}
		offset += ss.Segment().Count()
	}
	sc := &bsearch.SearchContext{DocumentMatchPool: bsearch.NewDocumentMatchPool(s.DocumentMatchPoolSize()+1, 0), IndexReader: reader}
	cur := 0
	d, err := s.Next(sc)
	for ; err == nil && d != nil; d, err = s.Next(sc) {
		n := d.IndexInternalID.Value()
		for cur+1 < len(offsets) && n >= offsets[cur+1] {
			cur++
		}
		h := hits[cur]
		h.docs = append(h.docs, uint32(n-offsets[cur]))
		h.scores = append(h.scores, d.Score)
		sc.DocumentMatchPool.Put(d)
	}
	if err != nil {
		return err
	}
	x.sets.put(gen, segs, key, hits)
	return nil
}

// get returns key's lists in each of segs, or nil when one is missing.
func (w *wordSets) get(gen uint64, segs []*scorch.SegmentSnapshot, key string) []*wordHits {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.gen != gen {
		return nil
	}
	out := make([]*wordHits, len(segs))
	for i, ss := range segs {
		h := w.segs[ss.Segment()][key]
		if h == nil {
			return nil
		}
		out[i] = h
	}
	return out
}

// put keeps key's lists of segs, unless the index changed since gen.
func (w *wordSets) put(gen uint64, segs []*scorch.SegmentSnapshot, key string, hits []*wordHits) {
	size := 0
	for _, h := range hits {
		size += len(h.docs)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.segs == nil || w.gen != gen || w.n+size > maxWordMatches || len(w.segs) > 2*len(segs)+8 {
		if w.segs != nil && gen < w.gen {
			return // computed against an older state
		}
		w.gen, w.segs, w.n = gen, map[segment.Segment]map[string]*wordHits{}, 0
	}
	for i, ss := range segs {
		m := w.segs[ss.Segment()]
		if m == nil {
			m = map[string]*wordHits{}
			w.segs[ss.Segment()] = m
		}
		if old := m[key]; old != nil {
			w.n -= len(old.docs)
		}
		w.n += len(hits[i].docs)
		m[key] = hits[i]
	}
}

// noMatches reports whether a word's lists hold no document in any
// segment.
func noMatches(lists []*wordHits) bool {
	for _, l := range lists {
		if len(l.docs) > 0 {
			return false
		}
	}
	return true
}
