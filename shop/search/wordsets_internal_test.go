package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"

	"stageshop/shop"
	"stageshop/shop/catalog"
)

// A text of several words answered from its words' cached lists finds
// what bleve's own search of it finds, scored the same up to the text's
// query norm (one factor for all its matches): typos, stems, codes,
// Russian and Chinese words, asked twice (the second time from the cache),
// on an index of several segments, and again after updates and deletes.
func TestWordListsAgreeWithSearch(t *testing.T) {
	m, idx := testIndex(t, true)
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
			p := catalog.Product{
				ID:            fmt.Sprintf("p%d-%d", batch%3, i), // later batches update earlier products
				Name:          brand + " " + en[k] + " " + model,
				NameLocalized: shop.Localized{"en": brand + " " + en[k] + " " + model, "ru": brand + " " + ru[k], "zh": brand + zh[k]},
				Category:      "Lighting", IsActive: true, InStock: true, Created: time.Now(),
			}
			// Descriptions of different lengths that repeat some words: each
			// word's share of a product's score differs from product to
			// product, as in a real catalog.
			var desc []string
			for range r.IntN(12) {
				desc = append(desc, []string{"microphone", "fog", "cable", "truss", "nova", "stage", "light", "sound"}[r.IntN(8)])
			}
			p.DescriptionLocalized = shop.Localized{"en": strings.Join(desc, " ")}
			if err := b.Index(p.ID, document(p)); err != nil {
				t.Fatal(err)
			}
		}
		if batch == 0 { // found until it is deleted: its words stay in the segment's postings
			p := catalog.Product{ID: "zx", Name: "Zephyr Strobe Light", NameLocalized: shop.Localized{"en": "Zephyr Strobe Light"},
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
		"wireless cable", "head clamp", "speaker array apex", "hx 104 truss", "moving array", "zephyr strobe", "cable 103", "cable 777", "apex 101", "apex 999 fog", "fog 102 apex",
	}
	check := func(stage string) {
		ctx := context.Background()
		found, listed := 0, 0
		for _, text := range texts {
			b := x.builder("en")
			q, required := b.textQueryParts(text, false)
			res, err := idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 0, 0, false))
			if err != nil {
				t.Fatal(err)
			}
			all, err := idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 1000, 0, false))
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]float64{}
			for _, h := range all.Hits {
				want[h.ID] = h.Score
			}
			if required == nil { // a stop word adds to the score: bleve answers
				continue
			}
			listed++
			for range 2 { // the second time from the cache
				c := newCollection(Filters{IncludeInactive: true}, "", true, 1000, false)
				ok, err := x.fromSets(ctx, idx, required, b.gen, c)
				if !ok || err != nil || c.total != len(want) {
					t.Fatalf("%s %q: from the word lists: %v %v, %d matches; bleve finds %d", stage, text, ok, err, c.total, len(want))
				}
				// The same products, each scored as bleve scores it up to the
				// text's query norm (one factor for all), so in bleve's order.
				hits := slices.Clone(c.top.hits)
				slices.SortFunc(hits, func(a, b hit) int {
					if c.order(&a, &b) {
						return -1
					}
					return 1
				})
				var norm float64
				for i, h := range hits {
					w, ok := want[h.a.id]
					if !ok {
						t.Fatalf("%s %q: %s is not a match", stage, text, h.a.id)
					}
					if i == 0 {
						norm = w / h.score
					}
					if math.Abs(h.score*norm-w) > 1e-9*w {
						t.Errorf("%s %q: %s scores %v, bleve %v (norm %v)", stage, text, h.a.id, h.score*norm, w, norm)
					}
					if i > 0 && want[hits[i-1].a.id] < w*(1-1e-9) {
						t.Errorf("%s %q: %s (%v) after %s (%v)", stage, text, h.a.id, w, hits[i-1].a.id, want[hits[i-1].a.id])
					}
				}
			}
			if res.Total > 0 {
				found++
			}
		}
		if listed < len(texts)-2 {
			t.Fatalf("%s: only %d of %d texts answered from the lists", stage, listed, len(texts))
		}
		if found == 0 || found == len(texts) {
			t.Fatalf("%s: %d of %d texts find products: the test tells little", stage, found, len(texts))
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
