package search

import (
	"context"
	"strings"
	"unicode/utf8"

	index "github.com/blevesearch/bleve_index_api"
)

// MinSuggestLen is how many characters a shopper types before
// suggestions appear.
const MinSuggestLen = 2

// Suggest returns up to n active products for text as it is being typed:
// the last word may be the start of a word.
func (x *Index) Suggest(ctx context.Context, text, lang string, n int) ([]string, error) {
	ids := []string{}
	if utf8.RuneCountInString(strings.TrimSpace(text)) < MinSuggestLen {
		return ids, nil
	}
	idx := x.current()
	if idx == nil {
		return nil, ErrNotReady
	}
	if err := x.CatchUp(); err != nil {
		return nil, err
	}
	b := x.builder(lang)
	q, required := b.textQueryParts(text, true)
	if q == nil {
		return ids, nil
	}
	c := newCollection(Filters{}, "", true, n, false)
	if err := x.run(ctx, idx, q, required, b.gen, true, c); err != nil {
		return nil, err
	}
	ids = c.ids(0)
	return ids, nil
}

// fuzzyDict is the part of bleve's index reader that lists the terms
// within an edit distance of a word.
type fuzzyDict interface {
	FieldDictFuzzy(field, term string, fuzziness int, prefix string) (index.FieldDict, error)
}

// maxDidYouMeanWords is the most words a text may have for DidYouMean to
// look for a respelling: ordinary texts have two to four.
const maxDidYouMeanWords = 5

// DidYouMean returns a respelling of text whose every word is a word of
// the catalog's product names (the closest, the most common among equally
// close ones) and that finds products under f, or "" when there is none.
// It is asked when text itself found nothing, so it may reach further than
// the search's own typo allowance: two edits from 4 letters, one at 3.
func (x *Index) DidYouMean(ctx context.Context, text, lang string, f Filters) (string, error) {
	idx := x.current()
	if idx == nil {
		return "", ErrNotReady
	}
	gen := x.exp.generation() // before the reader: see expansions
	adv, err := idx.Advanced()
	if err != nil {
		return "", err
	}
	r, err := adv.Reader()
	if err != nil {
		return "", err
	}
	defer r.Close()
	fd, ok := r.(fuzzyDict)
	if !ok {
		return "", nil
	}
	parts := splitQuery(text)
	if len(parts) > maxDidYouMeanWords { // a long text: a respelling is a guess, and costly
		return "", nil
	}
	changed := false
	words := make([]string, len(parts))
	for i, p := range parts {
		words[i] = p.text
		if n := utf8.RuneCountInString(p.text); p.cjk || n < 3 || n > maxTypoLetters {
			continue
		}
		best, ok := x.exp.getClosest(p.text, gen)
		if !ok {
			best = closestTerm(fd, p.text)
			x.exp.putClosest(p.text, gen, best)
		}
		if best != "" && best != p.text {
			words[i], changed = best, true
		}
	}
	if !changed {
		return "", nil
	}
	suggestion := strings.Join(words, " ")
	n, err := x.count(ctx, idx, suggestion, lang, f)
	if err != nil || n == 0 {
		return "", err
	}
	return suggestion, nil
}

// closestTerm is the name word nearest to w (w itself when it is one).
func closestTerm(fd fuzzyDict, w string) string {
	maxD := 2
	if utf8.RuneCountInString(w) < 4 {
		maxD = 1
	}
	dict, err := fd.FieldDictFuzzy(fNameWords, w, maxD, "")
	if err != nil {
		return ""
	}
	defer dict.Close()
	best, bestD, bestN := "", maxD+1, uint64(0)
	for e, err := dict.Next(); err == nil && e != nil; e, err = dict.Next() {
		d := editDistance(w, e.Term)
		if d < bestD || (d == bestD && e.Count > bestN) {
			best, bestD, bestN = e.Term, d, e.Count
		}
	}
	return best
}

// editDistance counts the letters to change, add, drop or swap (adjacent)
// to turn a into b.
func editDistance(a, b string) int {
	s, t := []rune(a), []rune(b)
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}
