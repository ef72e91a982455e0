package search

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/blevesearch/bleve/v2/index/scorch"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

var errNotScorch = errors.New("search: the index reader is not a scorch snapshot")

// docAttrs is what a search needs of a matching product besides its
// words: its id, the filters' and facets' values and the sort keys.
type docAttrs struct {
	id       string
	category string
	name     string // lower-cased, the name sorts' key
	price    int64  // cents, the cheapest variant's
	created  int64  // Unix milliseconds
	flags    uint8
}

const (
	attrActive uint8 = 1 << iota
	attrInStock
	attrOnSale
)

func (a *docAttrs) has(f uint8) bool { return a.flags&f != 0 }

// attrFields are the doc-value fields a docAttrs is read from.
var attrFields = []string{fCategory, fInStock, fOnSale, fActive, fNameSort, fPriceKey, fCreated}

// attrTables keeps each index segment's docAttrs in memory, by local doc
// number. A segment never changes once written, so its table is read from
// its doc values once (~0.1 s at 100,000 products) and every match of
// every later search is a slice index: reading doc values per match
// (snappy-decoded chunks) was a quarter of a search's CPU and 40% of a
// suggestion's. Tables of segments no longer in the index are dropped.
type attrTables struct {
	mu sync.Mutex
	m  map[segment.Segment]*attrTable
}

type attrTable struct {
	once sync.Once
	docs []docAttrs
	err  error
}

// snapshotAttrs are the tables of one index snapshot's segments, in order,
// with the first global doc number of each.
type snapshotAttrs struct {
	tables  [][]docAttrs
	offsets []uint64
	cur     int // the segment of the last lookup: matches come in doc order
}

// of returns the tables of reader's segments, reading those not yet read.
func (t *attrTables) of(reader index.IndexReader) (*snapshotAttrs, error) {
	snap, ok := reader.(*scorch.IndexSnapshot)
	if !ok {
		return nil, errNotScorch
	}
	segs := snap.Segments()
	out := &snapshotAttrs{tables: make([][]docAttrs, len(segs)), offsets: make([]uint64, len(segs))}
	entries := make([]*attrTable, len(segs))
	t.mu.Lock()
	if t.m == nil {
		t.m = map[segment.Segment]*attrTable{}
	}
	for i, ss := range segs {
		s := ss.Segment()
		e := t.m[s]
		if e == nil {
			e = &attrTable{}
			t.m[s] = e
		}
		entries[i] = e
	}
	if len(t.m) > 2*len(segs)+8 { // drop the tables of merged-away segments
		keep := make(map[segment.Segment]*attrTable, len(segs))
		for i, ss := range segs {
			keep[ss.Segment()] = entries[i]
		}
		t.m = keep
	}
	t.mu.Unlock()
	var offset uint64
	for i, ss := range segs {
		s := ss.Segment()
		e := entries[i]
		e.once.Do(func() { e.docs, e.err = readAttrs(s) })
		if e.err != nil {
			return nil, e.err
		}
		out.tables[i], out.offsets[i] = e.docs, offset
		offset += s.Count() // as scorch numbers documents: deleted ones too
	}
	return out, nil
}

// reset forgets every table (the index was replaced by a rebuild).
func (t *attrTables) reset() {
	t.mu.Lock()
	t.m = nil
	t.mu.Unlock()
}

// at returns the attributes of the document with global number n.
func (s *snapshotAttrs) at(n uint64) *docAttrs {
	i := s.cur
	if i >= len(s.offsets) || n < s.offsets[i] {
		i = 0
	}
	for i+1 < len(s.offsets) && n >= s.offsets[i+1] {
		i++
	}
	s.cur = i
	local := n - s.offsets[i]
	if local >= uint64(len(s.tables[i])) {
		return nil
	}
	return &s.tables[i][local]
}

// readAttrs reads every document's attributes of a segment from its doc
// values and stored ids.
func readAttrs(s segment.Segment) ([]docAttrs, error) {
	n := s.Count()
	docs := make([]docAttrs, n)
	if n == 0 {
		return docs, nil
	}
	dv, ok := s.(segment.DocValueVisitable)
	if !ok {
		return nil, fmt.Errorf("search: segment %T has no doc values", s)
	}
	categories := map[string]string{} // one string per category
	var cur *docAttrs
	visit := func(field string, term []byte) {
		switch field {
		case fCategory:
			c, ok := categories[string(term)]
			if !ok {
				c = string(term)
				categories[c] = c
			}
			cur.category = c
		case fInStock:
			cur.setFlag(attrInStock, term)
		case fOnSale:
			cur.setFlag(attrOnSale, term)
		case fActive:
			cur.setFlag(attrActive, term)
		case fNameSort:
			cur.name = string(term)
		case fPriceKey:
			cur.price, _ = strconv.ParseInt(string(term), 10, 64)
		case fCreated:
			cur.created, _ = strconv.ParseInt(string(term), 10, 64)
		}
	}
	var state segment.DocVisitState
	for i := range docs {
		cur = &docs[i]
		id, err := s.DocID(uint64(i))
		if err != nil {
			return nil, err
		}
		cur.id = string(id)
		if state, err = dv.VisitDocValues(uint64(i), attrFields, visit, state); err != nil {
			return nil, err
		}
	}
	return docs, nil
}

func (a *docAttrs) setFlag(f uint8, term []byte) {
	if len(term) == 1 && term[0] == '1' {
		a.flags |= f
	}
}
