package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"

	"stageshop/shop"
)

// A text is answered "no product" from the cached word sets exactly when
// bleve's own search of it finds none: typos, stems, codes, Russian and
// Chinese words, asked twice (the second time from the cache), on an
// index of several segments, and again after updates and deletes.
func TestNoMatchAgreesWithSearch(t *testing.T) {
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	idx, err := newBuildIndex(t.TempDir()+"/idx", m) // every batch stays a segment
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	x := &Index{mapping: m, idx: idx}
	r := rand.New(rand.NewPCG(3, 4))
	en := []string{"Moving Head", "Wireless Microphone", "Fog Machine", "DMX Cable", "Truss Clamp", "Line Array Speaker"}
	ru := []string{"Вращающаяся голова", "Беспроводной микрофон", "Генератор тумана", "Кабель DMX", "Зажим для фермы", "Линейный массив"}
	zh := []string{"摇头灯", "无线麦克风", "烟雾机", "DMX线缆", "桁架夹", "线阵音箱"}
	brands := []string{"Nova", "Apex", "Helix", "Orbit"}
	write := func(batch int, deletes []string) {
		b := idx.NewBatch()
		n := 25
		if batch >= 3 {
			n = 10 // later batches update some of the first ones'
		}
		for i := range n {
			k := r.IntN(len(en))
			brand := brands[r.IntN(len(brands))]
			model := fmt.Sprintf("%s-%d", strings.ToUpper(brand[:2]), 100+r.IntN(5))
			p := shop.Product{
				ID:            fmt.Sprintf("p%d-%d", batch%3, i), // later batches update earlier products
				Name:          brand + " " + en[k] + " " + model,
				NameLocalized: shop.Localized{"en": brand + " " + en[k] + " " + model, "ru": brand + " " + ru[k], "zh": brand + zh[k]},
				Category:      "Lighting", IsActive: true, InStock: true, Created: time.Now(),
			}
			if err := b.Index(p.ID, document(p)); err != nil {
				t.Fatal(err)
			}
		}
		if batch == 0 { // found until it is deleted: its words stay in the segment's postings
			p := shop.Product{ID: "zx", Name: "Zephyr Strobe Light", NameLocalized: shop.Localized{"en": "Zephyr Strobe Light"},
				IsActive: true, Created: time.Now()}
			if err := b.Index(p.ID, document(p)); err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range deletes {
			b.Delete(id)
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
		x.exp.invalidate() // as apply does after every write
	}
	texts := []string{
		"nova microphone", "apex fog", "helix fg machine", "orbit movng head", "nova truss clamp",
		"микрофон nova", "тумана apex", "кабель helix", "麦克风 nova", "烟雾机 orbit", "nova 线阵",
		"no-100 microphone", "no 101 fog", "ap-102 cable", "microphone fog", "кабель микрофон",
		"wireless cable", "head clamp", "speaker array apex", "hx 104 truss", "moving array", "zephyr strobe",
	}
	check := func(stage string) {
		ctx := context.Background()
		found := 0
		for _, text := range texts {
			b := x.builder("en")
			q, required := b.textQueryParts(text, false)
			res, err := idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 0, 0, false))
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				none := x.noMatch(ctx, idx, required, b.gen)
				if none != (res.Total == 0) {
					t.Errorf("%s %q: no match %v, bleve finds %d", stage, text, none, res.Total)
				}
			}
			if res.Total > 0 {
				found++
			}
		}
		if found == 0 || found == len(texts) {
			t.Fatalf("%s: %d of %d texts find products: the table tells nothing", stage, found, len(texts))
		}
	}
	for batch := range 4 {
		write(batch, nil)
	}
	if n := segments(t, idx); n < 4 {
		t.Fatalf("%d segments, want one a batch", n)
	}
	check("built")
	write(4, []string{"p0-1", "p0-2", "p1-3", "p2-4", "zx"})
	write(5, []string{"p1-7", "p2-8"})
	check("after updates and deletes")
}
