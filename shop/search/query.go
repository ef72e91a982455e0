package search

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"

	"stageshop/shop/catalog"
	"stageshop/shop/locale"
)

// Boosts: a name counts more than an attribute, an attribute more than a
// description; a word as typed more than its stem, and either much more
// than a spelling one or two letters away, so exact matches come first.
const (
	boostName, boostAttr, boostDesc = 16.0, 4.0, 1.0
	boostExact                      = 3.0
	boostStem                       = 1.5
	boostFuzzy                      = 0.3
	boostCode                       = 4.0
	// boostUILang lifts matches in the shopper's interface language.
	boostUILang = 1.6
)

// maxTypoLetters is the longest word matched within a typo allowance: a
// Levenshtein automaton of two edits grows with the word, and ten random
// 19-letter words cost 44 ms of CPU against 2-3.5 ms for an ordinary text
// (issue 43). The catalog's longest words (брызгозащищённый, 16) still
// find their typos.
const maxTypoLetters = 16

// fuzziness is how many edits a query word of n letters may be away from
// an indexed word: none under 4 letters (too many short words are one
// letter apart), one up to 7, two from 8, none past maxTypoLetters (such
// a word matches as typed or by its stem). A swap of two letters is one
// edit.
func fuzziness(n int) int {
	switch {
	case n < 4 || n > maxTypoLetters:
		return 0
	case n <= 7:
		return 1
	default:
		return 2
	}
}

// queryPart is a piece of the shopper's text: a word (letters and digits),
// or a run of Chinese characters, which has no spaces to split on.
type queryPart struct {
	text string
	cjk  bool
}

// splitQuery lower-cases text and splits it into words and CJK runs.
func splitQuery(text string) []queryPart {
	var parts []queryPart
	var cur []rune
	curCJK := false
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, queryPart{string(cur), curCJK})
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(text) {
		switch {
		case isCJK(r):
			if !curCJK {
				flush()
			}
			curCJK = true
			cur = append(cur, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if curCJK {
				flush()
			}
			curCJK = false
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	if len(parts) > 12 { // a pasted paragraph is not a search
		parts = parts[:12]
	}
	return parts
}

// HasWords reports whether text has anything the index can search for
// (letters, digits or Chinese characters).
func HasWords(text string) bool { return len(splitQuery(text)) > 0 }

// builder makes the bleve queries of one search text.
type builder struct {
	m    mapping.IndexMapping
	syn  *synTable // the owner's synonyms (nil: none)
	lang string    // the interface language
	exp  *expansions
	gen  uint64 // exp's generation when the search began
}

func (b builder) langBoost(lang string) float64 {
	if lang == b.lang {
		return boostUILang
	}
	return 1
}

// textQuery is the query of the shopper's words: every word must match
// somewhere (stop words such as "for" or "для" only add to the score), a
// prefix of the last word is enough when asPrefix (suggestions as one
// types). nil when the text has nothing to search for.
func (b builder) textQuery(text string, asPrefix bool) query.Query {
	q, _ := b.textQueryParts(text, asPrefix)
	return q
}

// clause is a part of a text's query that every match must match, with a
// key naming it among the cached word lists (wordsets.go): with its codes
// (the model numbers it forms with its neighbours) only those the index
// has count, and how many there are (see wordSets.key).
type clause struct {
	key   string
	codes []string
	q     query.Query
}

// textQueryParts is textQuery and, when the query is exactly the
// conjunction of them (no stop word adding to the score, no SKU
// alternative), its clauses.
func (b builder) textQueryParts(text string, asPrefix bool) (query.Query, []clause) {
	parts := splitQuery(text)
	if len(parts) == 0 {
		return nil, nil
	}
	var must, should []query.Query
	var required []clause
	for i, p := range parts {
		var q query.Query
		var key string
		var codes []string
		last := asPrefix && i == len(parts)-1
		if p.cjk {
			q, key = b.cjkClause(p.text), "c|"+p.text
		} else {
			q, codes = b.wordClause(parts, i, last), queryCodes(parts, i)
			key = fmt.Sprintf("w|%s|%t|%s", b.lang, last, p.text)
		}
		// The key names the synonyms too: an edit of them makes new lists.
		var alts []string
		if q, alts = b.withSynonyms(q, p.text); len(alts) > 0 {
			key += "|s|" + strings.Join(alts, "\x1f")
		}
		if !p.cjk && !last && len(parts) > 1 && b.isStopWord(p.text) {
			should = append(should, q)
			continue
		}
		must = append(must, q)
		required = append(required, clause{key, codes, q})
	}
	if len(must) == 0 {
		must, should = should, nil
	}
	if len(should) > 0 || len(required) != len(must) {
		required = nil
	}
	bq := query.NewBooleanQuery(must, should, nil)
	// A variant's SKU as typed finds its product whatever its words.
	sku := strings.ToLower(strings.TrimSpace(text))
	if sku == "" || strings.ContainsAny(sku, " \t") {
		return bq, required
	}
	var exact query.Query
	if asPrefix {
		exact = b.exp.prefix(fSKU, sku, boostName*boostCode, b.gen)
	} else {
		t := query.NewTermQuery(sku)
		t.SetField(fSKU)
		t.SetBoost(boostName * boostCode * boostExact)
		exact = t
	}
	return query.NewDisjunctionQuery([]query.Query{bq, exact}), nil
}

// wordClause is every way word i can match: as written in a name,
// attribute or description, by its English or Russian stem (or Chinese
// field's terms), as a model number joined with its neighbours, and within
// its typo allowance; with asPrefix also as the start of a word.
func (b builder) wordClause(parts []queryPart, i int, asPrefix bool) query.Query {
	return b.wordMatch(parts, i, asPrefix, 1)
}

// wordMatch is wordClause with every boost scaled: at scale 1 (the word as
// typed) with its typo allowance, below 1 (a synonym of it) without.
func (b builder) wordMatch(parts []queryPart, i int, asPrefix bool, scale float64) query.Query {
	w := parts[i].text
	var qs []query.Query
	term := func(field, t string, boost float64) {
		q := query.NewTermQuery(t)
		q.SetField(field)
		q.SetBoost(boost * scale)
		qs = append(qs, q)
	}
	term(fNameWords, w, boostName*boostExact)
	term(fAttrWords, w, boostAttr*boostExact)
	for _, lang := range locale.Languages() {
		lb := b.langBoost(lang)
		// Where another language's analyzer leaves the word as typed (a brand,
		// an English word for the Russian stemmer), its name and attribute
		// fields can only find what nw and aw found already: those clauses
		// are left out (the interface language's stay, for its boost).
		same := lang != b.lang && b.analyzesAsIs(lang, w)
		for _, f := range []struct {
			prefix string
			boost  float64
		}{{"n", boostName}, {"a", boostAttr}, {"d", boostDesc}} {
			if same && f.prefix != "d" {
				continue
			}
			q := query.NewMatchQuery(w)
			q.SetField(langField(f.prefix, lang))
			q.SetBoost(f.boost * boostStem * lb * scale)
			qs = append(qs, q)
		}
	}
	for _, c := range queryCodes(parts, i) {
		term(fCodes, c, boostName*boostCode)
	}
	if n := fuzziness(len([]rune(w))); n > 0 && scale == 1 {
		for _, f := range []struct {
			field string
			boost float64
		}{{fNameWords, boostName}, {fAttrWords, boostAttr}} {
			qs = append(qs, b.exp.fuzzy(f.field, w, n, f.boost*boostFuzzy, b.gen))
		}
	}
	if asPrefix {
		qs = append(qs, b.exp.prefix(fNameWords, w, boostName, b.gen))
	}
	return query.NewDisjunctionQuery(qs)
}

// cjkClause matches a run of Chinese characters: every bigram of it in a
// name, attribute or description.
func (b builder) cjkClause(run string) query.Query { return b.cjkMatch(run, 1) }

// cjkMatch is cjkClause with every boost scaled (a synonym's, below 1).
func (b builder) cjkMatch(run string, scale float64) query.Query {
	var qs []query.Query
	for _, f := range []struct {
		prefix string
		boost  float64
	}{{"n", boostName}, {"a", boostAttr}, {"d", boostDesc}} {
		q := query.NewMatchQuery(run)
		q.SetField(langField(f.prefix, "zh"))
		q.SetOperator(query.MatchQueryOperatorAnd)
		q.SetBoost(f.boost * boostExact * b.langBoost("zh") * scale)
		qs = append(qs, q)
	}
	return query.NewDisjunctionQuery(qs)
}

// queryCodes are the model-number forms word i can stand for: itself, and
// joined with the word before or after it when the join has a digit ("sm"
// "58" -> sm58; "10" "m" -> 10m).
func queryCodes(parts []queryPart, i int) []string {
	code := func(j int) string {
		if j < 0 || j >= len(parts) || parts[j].cjk {
			return ""
		}
		return strings.Join(codeRuns(parts[j].text), "")
	}
	w := code(i)
	var out []string
	if hasDigit(w) {
		out = append(out, w)
	}
	if p := code(i - 1); p != "" && hasDigit(p+w) {
		out = append(out, p+w)
	}
	if n := code(i + 1); n != "" && hasDigit(w+n) {
		out = append(out, w+n)
	}
	return out
}

// analyzesAsIs reports whether language lang's analyzer turns w into w
// alone.
func (b builder) analyzesAsIs(lang, w string) bool {
	a := b.m.AnalyzerNamed(langAnalyzers[lang])
	if a == nil {
		return false
	}
	ts := a.Analyze([]byte(w))
	return len(ts) == 1 && string(ts[0].Term) == w
}

// isStopWord reports whether the English or Russian analyzer drops w.
func (b builder) isStopWord(w string) bool {
	for _, name := range []string{"en", "ru"} {
		a := b.m.AnalyzerNamed(langAnalyzers[name])
		if a != nil && len(a.Analyze([]byte(w))) == 0 {
			return true
		}
	}
	return false
}

// Filters narrow a search; zero values narrow nothing.
type Filters struct {
	Category        string
	MinPriceCents   *int64
	MaxPriceCents   *int64
	InStock         bool
	OnSale          bool
	IncludeInactive bool
	// Hidden are categories whose products are left out (hidden ones).
	Hidden []string
}

// knownSorts are the list's sorts a search orders by ("" is relevance);
// another value orders by newest, as the list does.
var knownSorts = map[string]bool{
	"": true, catalog.SortNewest: true, catalog.SortNameAsc: true, catalog.SortNameDesc: true,
	catalog.SortPriceAsc: true, catalog.SortPriceDesc: true,
}
