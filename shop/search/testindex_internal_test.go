package search

import (
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
)

// testIndex is an empty index of the shop's layout in a temporary
// directory, closed when the test ends: built as a rebuild builds it
// (nothing merged: every batch stays a segment) or with bleve's defaults.
func testIndex(t *testing.T, asBuilt bool) (mapping.IndexMapping, bleve.Index) {
	t.Helper()
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	newIndex := bleve.New
	if asBuilt {
		newIndex = newBuildIndex
	}
	idx, err := newIndex(t.TempDir()+"/idx", m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = idx.Close() })
	return m, idx
}
