package search

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// DirName is the index's directory inside the data directory.
const DirName = "search_index"

// Keys of the index's own metadata.
const (
	keySeq     = "seq"     // the last search_changes row applied
	keyVersion = "version" // mappingVersion of the build
)

// ErrNotReady: the index is being built; the caller answers another way.
var ErrNotReady = errors.New("search index not ready")

// Index is the product search index of one app.
type Index struct {
	app     core.App
	dir     string
	mapping mapping.IndexMapping

	mu  sync.RWMutex // guards idx (swapped by a rebuild, nil until ready)
	idx bleve.Index

	syncMu  sync.Mutex   // one catch-up at a time
	applied atomic.Int64 // the last change row in idx

	exp   expansions // each word's fuzzy and prefix terms (expand.go)
	attrs attrTables // each segment's filter, facet and sort values (attrs.go)
	sets  wordSets   // each segment's documents of recent words (wordsets.go)
	syn   synCache   // the owner's synonyms (synonyms.go)
}

func newIndex(app core.App) (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	return &Index{app: app, dir: filepath.Join(app.DataDir(), DirName), mapping: m}, nil
}

// current returns the open index, or nil while it is being built.
func (x *Index) current() bleve.Index {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.idx
}

// builder makes the queries of a search in lang; made after the catch-up
// and before the search, so that its cached expansions are not older than
// the index it searches.
func (x *Index) builder(lang string) builder {
	return builder{m: x.mapping, syn: x.synonyms(), lang: lang, exp: &x.exp, gen: x.exp.generation()}
}

// Ready reports whether searches can be answered from the index.
func (x *Index) Ready() bool { return x.current() != nil }

// openExisting opens the index on disk when it is there and of this
// layout; ok is false when it must be rebuilt.
func (x *Index) openExisting() (ok bool) {
	idx, err := openIndex(x.dir)
	if err != nil {
		return false
	}
	v, _ := idx.GetInternal([]byte(keyVersion))
	seqRaw, _ := idx.GetInternal([]byte(keySeq))
	seq, err := strconv.ParseInt(string(seqRaw), 10, 64)
	if string(v) != mappingVersion || err != nil {
		_ = idx.Close()
		return false
	}
	// Rows the index has not applied must all still be in the log (a data
	// directory from elsewhere, or a log pruned past it, means a rebuild).
	var oldest, newest int64
	_ = x.app.DB().NewQuery("SELECT COALESCE(MIN(seq), 0), COALESCE(MAX(seq), 0) FROM search_changes").Row(&oldest, &newest)
	seqMax, _ := x.logSequence()
	missing := seqMax > seq && (newest == 0 || oldest > seq+1) // rows it needs were pruned
	if seq > seqMax || missing {
		_ = idx.Close()
		return false
	}
	x.mu.Lock()
	x.idx = idx
	x.mu.Unlock()
	x.applied.Store(seq)
	return true
}

// logSequence is the last seq ever given to a change row (SQLite keeps it
// in sqlite_sequence even when the rows were pruned).
func (x *Index) logSequence() (int64, error) {
	var n int64
	err := x.app.DB().NewQuery("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'search_changes'), 0)").Row(&n)
	return n, err
}

// inStep checks an opened index against the catalog: after catching up it
// must hold exactly as many products as the database.
func (x *Index) inStep() bool {
	if err := x.CatchUp(); err != nil {
		return false
	}
	idx := x.current()
	n, err := idx.DocCount()
	if err != nil {
		return false
	}
	var rows uint64
	if err := x.app.DB().Select("COUNT(*)").From(catalog.ProductsCollection).Row(&rows); err != nil {
		return false
	}
	return n == rows
}

// Rebuild indexes the whole catalog into a new directory and swaps it in;
// searches go on against the old index (if any) meanwhile.
func (x *Index) Rebuild() error {
	seq, err := x.logSequence() // rows after it are replayed afterwards
	if err != nil {
		return err
	}
	tmp := x.dir + ".new"
	_ = os.RemoveAll(tmp)
	// Not unsafe_batch: an index built with it lost its documents at Close.
	idx, err := newBuildIndex(tmp, x.mapping)
	if err != nil {
		return fmt.Errorf("create search index: %w", err)
	}
	err = fill(idx, func(batch func([]catalog.Product) error) error {
		return catalog.ScanProducts(x.app, rebuildBatch, batch)
	})
	if err == nil {
		err = x.setMeta(idx, seq)
	}
	if err == nil {
		err = mergeAll(idx)
	}
	if cerr := idx.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.RemoveAll(tmp)
		return fmt.Errorf("build search index: %w", err)
	}
	return x.swapIn(tmp, seq)
}

// rebuildBatch is how many products a rebuild writes at a time: bigger
// batches make fewer segments to merge (1,000 made about 100 at 100,000
// products), at a few MB of memory each.
const rebuildBatch = 5000

// fill indexes the products scan hands over. A batch returns once bleve
// has written it to disk, so the next one is read and analysed meanwhile
// (two batches in flight keep both cores busy).
func fill(idx bleve.Index, scan func(func([]catalog.Product) error) error) error {
	batches := make(chan *bleve.Batch, 1)
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				if err := idx.Batch(b); err != nil {
					errs <- err
					for range batches { // let the scan finish
					}
					return
				}
			}
		}()
	}
	err := scan(func(ps []catalog.Product) error {
		b := idx.NewBatch()
		for _, p := range ps {
			if err := b.Index(p.ID, document(p)); err != nil {
				return err
			}
		}
		select {
		case batches <- b:
			return nil
		case err := <-errs:
			return err
		}
	})
	close(batches)
	wg.Wait()
	if err != nil {
		return err
	}
	select {
	case err = <-errs:
	default:
	}
	return err
}

func (x *Index) setMeta(idx bleve.Index, seq int64) error {
	b := idx.NewBatch()
	b.SetInternal([]byte(keyVersion), []byte(mappingVersion))
	b.SetInternal([]byte(keySeq), []byte(strconv.FormatInt(seq, 10)))
	return idx.Batch(b)
}

// swapIn replaces the live index by the one built in dir.
func (x *Index) swapIn(dir string, seq int64) error {
	x.syncMu.Lock()
	defer x.syncMu.Unlock()
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idx != nil {
		_ = x.idx.Close()
		x.idx = nil
	}
	if err := os.RemoveAll(x.dir); err != nil {
		return err
	}
	if err := os.Rename(dir, x.dir); err != nil {
		return err
	}
	idx, err := openIndex(x.dir)
	if err != nil {
		return err
	}
	x.idx = idx
	x.applied.Store(seq)
	x.exp.invalidate()
	x.attrs.reset()
	return nil
}

// CatchUp applies the change rows the index has not seen: after it
// returns, every write committed before it was called is in the index.
func (x *Index) CatchUp() error {
	last, err := x.logSequence()
	if err != nil || last <= x.applied.Load() {
		return err
	}
	x.syncMu.Lock()
	defer x.syncMu.Unlock()
	idx := x.current()
	if idx == nil {
		return ErrNotReady
	}
	for {
		var rows []struct {
			Seq int64  `db:"seq"`
			ID  string `db:"productId"`
		}
		err := x.app.DB().Select("seq", "productId").From("search_changes").
			Where(dbx.NewExp("seq > {:s}", dbx.Params{"s": x.applied.Load()})).
			OrderBy("seq").Limit(2000).All(&rows)
		if err != nil || len(rows) == 0 {
			return err
		}
		ids := make([]string, 0, len(rows))
		seen := map[string]bool{}
		for _, r := range rows {
			if !seen[r.ID] {
				seen[r.ID] = true
				ids = append(ids, r.ID)
			}
		}
		seq := rows[len(rows)-1].Seq
		if err := x.apply(idx, ids, seq); err != nil {
			return err
		}
		x.applied.Store(seq)
	}
}

// apply writes the current state of these products (or their absence) and
// the last applied row into the index, in one batch.
func (x *Index) apply(idx bleve.Index, ids []string, seq int64) error {
	ps, err := catalog.ProductsByIDs(x.app, ids, false)
	if err != nil {
		return err
	}
	b := idx.NewBatch()
	found := map[string]bool{}
	for _, p := range ps {
		found[p.ID] = true
		if err := b.Index(p.ID, document(p)); err != nil {
			return err
		}
	}
	for _, id := range ids {
		if !found[id] {
			b.Delete(id)
		}
	}
	b.SetInternal([]byte(keySeq), []byte(strconv.FormatInt(seq, 10)))
	err = idx.Batch(b)
	x.exp.invalidate() // the dictionaries changed (or may have, on an error)
	return err
}

// prune deletes change rows up to seq: the index on disk has them.
func (x *Index) prune(seq int64) error {
	_, err := x.app.DB().NewQuery("DELETE FROM search_changes WHERE seq <= {:s}").
		Bind(dbx.Params{"s": seq}).Execute()
	return err
}

// Close persists and closes the index and prunes the log it holds.
func (x *Index) Close() error {
	x.syncMu.Lock()
	defer x.syncMu.Unlock()
	x.mu.Lock()
	idx := x.idx
	x.idx = nil
	x.mu.Unlock()
	if idx == nil {
		return nil
	}
	if err := idx.Close(); err != nil {
		return err
	}
	return x.prune(x.applied.Load())
}
