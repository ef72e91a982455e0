package search

import (
	"context"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bsearch "github.com/blevesearch/bleve/v2/search"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// wordSets keeps, per index segment, the documents each word of recent
// searches matches (every way it can: see wordClause), as bitmaps of the
// segment's own document numbers. A text whose words have no product in
// common is answered from them without a search: bleve would walk every
// match of each word to find that no document has all of them (two thirds
// of the CPU of the bench's never-repeating searches went to such texts).
// Like the expansions, the sets are kept until the next write that
// reaches the index (a generation of the expansions), and bounded.
type wordSets struct {
	mu   sync.Mutex
	gen  uint64
	segs map[segment.Segment]map[string]*roaring.Bitmap
	n    int // bitmaps held
}

// maxWordSets bounds the bitmaps held (each at most ~12 kB a segment of
// 100,000 products); past it the cache starts again empty.
const maxWordSets = 20_000

// noMatch reports whether no document of the index's current state
// matches every one of clauses; false when it cannot tell.
func (x *Index) noMatch(ctx context.Context, idx bleve.Index, clauses []clause, gen uint64) bool {
	if len(clauses) < 2 {
		return false // one word: its own search is no dearer
	}
	adv, err := idx.Advanced()
	if err != nil {
		return false
	}
	reader, err := adv.Reader()
	if err != nil {
		return false
	}
	defer reader.Close()
	snap, ok := reader.(*scorch.IndexSnapshot)
	if !ok {
		return false
	}
	segs := snap.Segments()
	sets := make([][]*roaring.Bitmap, len(clauses))
	for i, c := range clauses {
		if sets[i] = x.sets.get(gen, segs, c.key); sets[i] == nil {
			if x.matchSets(ctx, idx, c, gen) != nil {
				return false
			}
			// The search may have seen another state (a merge between):
			// then the sets are not there for this one, and a search tells.
			if sets[i] = x.sets.get(gen, segs, c.key); sets[i] == nil {
				return false
			}
		}
	}
	per := make([]*roaring.Bitmap, len(clauses))
	for s, ss := range segs {
		for i := range clauses {
			per[i] = sets[i][s]
		}
		both := roaring.FastAnd(per...)
		if del := ss.Deleted(); del != nil {
			both.AndNot(del)
		}
		if !both.IsEmpty() {
			return false
		}
	}
	return true
}

// matchSets finds every document c matches (unscored) and keeps them per
// segment under c's key.
func (x *Index) matchSets(ctx context.Context, idx bleve.Index, c clause, gen uint64) error {
	mk := func(sc *bsearch.SearchContext) (bsearch.DocumentMatchHandler, bool, error) {
		snap, ok := sc.IndexReader.(*scorch.IndexSnapshot)
		if !ok {
			return nil, false, errNotScorch
		}
		segs := snap.Segments()
		offsets := make([]uint64, len(segs))
		bits := make([]*roaring.Bitmap, len(segs))
		var offset uint64
		for i, ss := range segs {
			offsets[i], bits[i] = offset, roaring.New()
			offset += ss.Segment().Count()
		}
		cur := 0
		return func(d *bsearch.DocumentMatch) error {
			if d == nil {
				x.sets.put(gen, segs, c.key, bits)
				return nil
			}
			n := d.IndexInternalID.Value()
			for cur+1 < len(offsets) && n >= offsets[cur+1] {
				cur++
			}
			bits[cur].Add(uint32(n - offsets[cur]))
			sc.DocumentMatchPool.Put(d)
			return nil
		}, false, nil
	}
	req := bleve.NewSearchRequestOptions(c.q, 0, 0, false)
	req.Score = "none"
	ctx = context.WithValue(ctx, bsearch.MakeDocumentMatchHandlerKey, bsearch.MakeDocumentMatchHandler(mk))
	_, err := idx.SearchInContext(ctx, req)
	return err
}

// get returns key's bitmap in each of segs, or nil when one is missing.
func (w *wordSets) get(gen uint64, segs []*scorch.SegmentSnapshot, key string) []*roaring.Bitmap {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.gen != gen {
		return nil
	}
	out := make([]*roaring.Bitmap, len(segs))
	for i, ss := range segs {
		b := w.segs[ss.Segment()][key]
		if b == nil {
			return nil
		}
		out[i] = b
	}
	return out
}

// put keeps key's bitmaps of segs, unless the index changed since gen.
func (w *wordSets) put(gen uint64, segs []*scorch.SegmentSnapshot, key string, bits []*roaring.Bitmap) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.segs == nil || w.gen != gen || w.n+len(segs) > maxWordSets || len(w.segs) > 2*len(segs)+8 {
		if w.segs != nil && gen < w.gen {
			return // computed against an older state
		}
		w.gen, w.segs, w.n = gen, map[segment.Segment]map[string]*roaring.Bitmap{}, 0
	}
	for i, ss := range segs {
		m := w.segs[ss.Segment()]
		if m == nil {
			m = map[string]*roaring.Bitmap{}
			w.segs[ss.Segment()] = m
		}
		if m[key] == nil {
			w.n++
		}
		bits[i].RunOptimize()
		m[key] = bits[i]
	}
}
