package search

import (
	"context"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
	"github.com/blevesearch/bleve/v2/mapping"
)

// A rebuild writes every product once into segments of rebuildBatch
// products and merges them into one at the end (mergeAll). bleve's
// defaults would also merge while it builds: the persister merges the
// segments of batches that wait in memory before writing them, and the
// merger merges the files in tiers of ten; the final merge then rewrites
// the same products again. A new index is therefore built with neither
// (each batch's segment written as it is, no tiers) and merged once;
// bleve keeps these options in the index's metadata, so the index is
// opened with its defaults (openIndex) for the writes that follow.
func buildConfig() map[string]any {
	return map[string]any{
		// Never paused for memory: at 0 the persister writes each
		// in-memory segment directly instead of merging them first.
		"scorchPersisterOptions": map[string]any{"MemoryPressurePauseThreshold": 0},
		// Tiers wider than a rebuild's segment count, and no floor that
		// would count small segments as bigger: nothing to merge.
		"scorchMergePlanOptions": map[string]any{"MaxSegmentsPerTier": 1 << 20, "SegmentsPerMergeTask": 1 << 20, "FloorSegmentSize": 1},
	}
}

// runtimeDefaults puts bleve's own persister and merge options back on an
// index built with buildConfig (an empty object is parsed as the
// defaults).
func runtimeDefaults() map[string]any {
	return map[string]any{
		"scorchPersisterOptions": map[string]any{},
		"scorchMergePlanOptions": map[string]any{},
	}
}

// newBuildIndex creates the index a rebuild fills.
func newBuildIndex(dir string, m mapping.IndexMapping) (bleve.Index, error) {
	return bleve.NewUsing(dir, m, scorch.Name, scorch.Name, buildConfig())
}

// openIndex opens an index on disk with bleve's default merging.
func openIndex(dir string) (bleve.Index, error) {
	return bleve.OpenUsing(dir, runtimeDefaults())
}

// oneMerge merges every segment in one task (bleve's single-segment
// plan merges ten at a time: twenty segments would be rewritten twice).
var oneMerge = func() mergeplan.MergePlanOptions {
	o := mergeplan.SingleSegmentMergePlanOptions
	o.SegmentsPerMergeTask = 1 << 20
	return o
}()

// mergeAll merges a new index's segments into one: every word of a
// search is looked up once per segment, so a search on one segment costs
// about a fifth less than on the dozen a build leaves.
func mergeAll(idx bleve.Index) error {
	adv, err := idx.Advanced()
	if err != nil {
		return err
	}
	if s, ok := adv.(*scorch.Scorch); ok {
		o := oneMerge
		return s.ForceMerge(context.Background(), &o)
	}
	return nil
}
