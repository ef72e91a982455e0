package catalog

import (
	"testing"

	"github.com/pocketbase/pocketbase/tools/types"
)

// The decoded-JSON cache must answer each row with that row's own data:
// a row read again with other columns (an edit) or another row must never
// get an entry decoded from different bytes.
func TestDecodedJSONNeverServesOtherBytes(t *testing.T) {
	row := func(id, name string) productRow {
		return productRow{
			ID:             id,
			Name:           name,
			NameLocalized:  types.JSONRaw(`{"en":"` + name + `","ru":"ru ` + name + `"}`),
			ImageFileNames: types.JSONRaw(`["` + id + `.png"]`),
			Attributes:     types.JSONRaw(`[]`),
		}
	}
	cases := []struct {
		row      productRow
		wantName string
		wantRu   string
		wantImg  string
	}{
		{row("p1", "Fog Machine"), "Fog Machine", "ru Fog Machine", "p1.png"},
		{row("p2", "Fog Machine"), "Fog Machine", "ru Fog Machine", "p2.png"},
		{row("p1", "Fog Machine X"), "Fog Machine X", "ru Fog Machine X", "p1.png"},
		{row("p1", "Fog Machine"), "Fog Machine", "ru Fog Machine", "p1.png"},
	}
	for i, c := range cases {
		for pass := 0; pass < 2; pass++ { // the second pass is answered from the cache
			p := c.row.product()
			if p.NameLocalized["en"] != c.wantName || p.NameLocalized["ru"] != c.wantRu {
				t.Fatalf("case %d pass %d: name %v, want %q/%q", i, pass, p.NameLocalized, c.wantName, c.wantRu)
			}
			if len(p.ImageFileNames) != 1 || p.ImageFileNames[0] != c.wantImg {
				t.Fatalf("case %d pass %d: images %v, want [%s]", i, pass, p.ImageFileNames, c.wantImg)
			}
		}
	}
}
