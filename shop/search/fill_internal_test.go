package search

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"stageshop/shop/catalog"
)

// A rebuild hands bleve several batches at a time: every product of every
// batch is in the index afterwards, and a failing scan fails the rebuild.
func TestFillIndexesEveryBatch(t *testing.T) {
	_, idx := testIndex(t, false)
	const batches, per = 7, 30
	err := fill(idx, func(batch func([]catalog.Product) error) error {
		for b := range batches {
			ps := make([]catalog.Product, per)
			for i := range ps {
				ps[i] = catalog.Product{ID: fmt.Sprintf("p%d-%d", b, i), Name: "Stage Light", Category: "Lighting",
					PriceCents: int64(100 * (i + 1)), IsActive: true, Created: time.Now()}
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
	if n, _ := idx.DocCount(); n != batches*per {
		t.Errorf("%d products indexed, want %d", n, batches*per)
	}
	boom := errors.New("database gone")
	err = fill(idx, func(batch func([]catalog.Product) error) error {
		_ = batch([]catalog.Product{{ID: "x", IsActive: true}})
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("a failing scan: %v", err)
	}
}
