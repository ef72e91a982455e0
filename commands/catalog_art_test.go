package commands

import (
	"testing"

	"stageshop/shop/artwork"
)

// Each demo product has its own picture kind (issue 35), one the artwork
// package draws.
func TestDemoProductsHaveTheirOwnPictures(t *testing.T) {
	seen := map[string]string{}
	drawn := map[string]bool{}
	for _, k := range artwork.Kinds() {
		drawn[k] = true
	}
	for _, it := range seedOrder() {
		kind, name := it.art, it.product.name.en
		if !drawn[kind] {
			t.Errorf("%s: picture kind %q is not drawn", name, kind)
		}
		if other, ok := seen[kind]; ok {
			t.Errorf("%s and %s share the picture %q", name, other, kind)
		}
		seen[kind] = name
	}
}
