package search

import (
	"fmt"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"

	"stageshop/shop/catalog"
)

// A rebuild's index ends as one segment, and once opened for the writes
// that follow it merges their small segments again with bleve's defaults
// (built without merging, it would keep every write's segment forever).
func TestBuiltIndexMergesOnceThenAsUsual(t *testing.T) {
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir() + "/idx"
	idx, err := newBuildIndex(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	product := func(id string) catalog.Product {
		return catalog.Product{ID: id, Name: "Stage Light " + id, Category: "Lighting", IsActive: true, Created: time.Now()}
	}
	err = fill(idx, func(batch func([]catalog.Product) error) error {
		for b := range 12 {
			ps := make([]catalog.Product, 20)
			for i := range ps {
				ps[i] = product(fmt.Sprintf("p%d-%d", b, i))
			}
			if err := batch(ps); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := segments(t, idx); n != 12 {
		t.Errorf("%d segments of 12 batches: bleve merged while building", n)
	}
	if err := mergeAll(idx); err != nil {
		t.Fatal(err)
	}
	if n := segments(t, idx); n != 1 {
		t.Errorf("after the rebuild's merge: %d segments, want 1", n)
	}
	if err := idx.Close(); err != nil {
		t.Fatal(err)
	}

	idx, err = openIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	const writes = 14 // above bleve's ten segments a tier
	for i := range writes {
		b := idx.NewBatch()
		if err := b.Index(fmt.Sprint("w", i), document(product(fmt.Sprint("w", i)))); err != nil {
			t.Fatal(err)
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for segments(t, idx) > 10 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond) // bleve's merger runs in the background
	}
	if n := segments(t, idx); n > 10 {
		t.Errorf("%d segments after %d writes: the opened index does not merge", n, writes)
	}
	if n, _ := idx.DocCount(); n != 12*20+writes {
		t.Errorf("%d products, want %d", n, 12*20+writes)
	}
}

// segments is how many segments the index's current state has.
func segments(t *testing.T, idx bleve.Index) uint64 {
	t.Helper()
	adv, err := idx.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	st := adv.(*scorch.Scorch).StatsMap()
	return st["num_root_filesegments"].(uint64) + st["num_root_memorysegments"].(uint64)
}
