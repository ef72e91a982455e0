package search

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"stageshop/shop"
	"stageshop/shop/catalog"
)

// boundsIndex is an Index over a few products, for the bounds' tests.
func boundsIndex(t *testing.T) *Index {
	t.Helper()
	m, idx := testIndex(t, false)
	b := idx.NewBatch()
	for i, name := range []string{"Wireless Microphone", "Microphone Stand", "Fog Machine", "XLR Cable", "Brzgozaschitnyi Speaker"} {
		p := catalog.Product{ID: fmt.Sprint("p", i), Name: name, NameLocalized: shop.Localized{"en": name},
			Category: "Sound", IsActive: true, InStock: true, Created: time.Now()}
		if err := b.Index(p.ID, document(p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := idx.Batch(b); err != nil {
		t.Fatal(err)
	}
	return &Index{mapping: m, idx: idx}
}

// matches is how many products text finds, asked as Search asks.
func (x *Index) matches(t *testing.T, text string) int {
	t.Helper()
	b := x.builder("en")
	q, required := b.textQueryParts(text, false)
	c := newCollection(Filters{}, "", true, 10, false)
	if err := x.run(context.Background(), x.idx, q, required, b.gen, true, c); err != nil {
		t.Fatal(err)
	}
	return c.total
}

// Issue 43: ten random 19-letter words cost 44 ms of CPU against 2-3.5 ms
// for an ordinary text. Such a text expands no word within a typo
// allowance, stops at its first word that matches nothing, and gets no
// "did you mean"; ordinary texts keep their typos and respellings.
func TestCraftedTextsBounded(t *testing.T) {
	x := boundsIndex(t)
	ctx := context.Background()
	words := []string{"qwhzkvbnmxplrtsdfgj", "zxmvbqlkwjhtrepoiuy", "mnbvcxzlkjhgfdsapoi", "plmoknijbuhvygctfxr",
		"rdxezwsqaqwsxcderfv", "tgbyhnujmikolpqazws", "xswedcvfrtgbnhyujmk", "lopikujyhtgrfedwsqa", "azqsxwdcevfrbgtnhym", "ujmyhntgbrfvedcwsxq"}
	crafted := strings.Join(words, " ")
	if n := x.matches(t, crafted); n != 0 {
		t.Fatalf("crafted text found %d", n)
	}
	x.exp.mu.Lock()
	for k := range x.exp.m {
		if k.fuzziness > 0 {
			t.Errorf("the crafted text was expanded within %d edits: %q", k.fuzziness, k.term)
		}
	}
	x.exp.mu.Unlock()
	if n := x.wordListsHeld(); n > 1 {
		t.Errorf("%d words' lists looked up for a text whose first word matches nothing, want 1", n)
	}
	if d, err := x.DidYouMean(ctx, "wireles microphne stnd cabel fogg machne", "en", Filters{}); err != nil || d != "" {
		t.Errorf("did you mean for six words: %q, %v; want none", d, err)
	}
	if len(x.exp.closest) != 0 {
		t.Errorf("respellings looked up for a long text: %v", x.exp.closest)
	}
	// Ordinary texts: typos within the allowance, a long catalog word's typo,
	// and a respelling of two words.
	for text, want := range map[string]int{"wireles microphne": 1, "microphne": 2, "brzgozaschitnyj": 1, "cable": 1} {
		if n := x.matches(t, text); n != want {
			t.Errorf("%q found %d, want %d", text, n, want)
		}
	}
	if d, err := x.DidYouMean(ctx, "fogg machne", "en", Filters{}); err != nil || d != "fog machine" {
		t.Errorf("did you mean for two words: %q, %v", d, err)
	}
}

// wordListsHeld is how many words' lists the index keeps.
func (x *Index) wordListsHeld() int {
	x.sets.mu.Lock()
	defer x.sets.mu.Unlock()
	keys := map[string]bool{}
	for _, byKey := range x.sets.segs {
		for k := range byKey {
			keys[k] = true
		}
	}
	return len(keys)
}
