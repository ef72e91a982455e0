// Package search is the shop's product search: a bleve index in the data
// directory that follows every write of products (through the
// search_changes log that SQLite triggers fill), and the queries that
// forgive typos, join model numbers, stem English and Russian words, split
// Chinese into bigrams, rank names above attributes above descriptions and
// the shopper's language above the others, filter and count facets. Why
// bleve and not SQLite FTS5: docs/decisions/search-engine.md.
package search

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/ru"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	bleveunicode "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"

	"stageshop/shop/catalog"
	"stageshop/shop/locale"
)

// mappingVersion names the index layout; an index built with another one is
// rebuilt at start.
const mappingVersion = "5"

// plainAnalyzer splits words and lower-cases them, nothing more: exact and
// fuzzy matches are made on its terms, so a typo is measured against the
// word as written, not against its stem.
const plainAnalyzer = "plain"

// Field names of the index. Per language: n_ (name), a_ (attributes), d_
// (description) with that language's analyzer; nw and aw the names and
// attributes of every language in plain words (exact and fuzzy matches: a
// description's words match by their stems only, which keeps the index
// small); codes the model numbers and units.
const (
	fNameWords = "nw"
	fAttrWords = "aw"
	fCodes     = "codes"
	fCategory  = "category"
	fPriceKey  = "pricek"
	fInStock   = "instock"
	fOnSale    = "onsale"
	fSKU       = "sku"
	fActive    = "active"
	fCreated   = "createdk"
	fNameSort  = "nsort"
)

// langAnalyzers is each language's analyzer: stems for English and
// Russian, bigrams for Chinese.
var langAnalyzers = map[string]string{"en": en.AnalyzerName, "ru": ru.AnalyzerName, "zh": cjk.AnalyzerName}

func langField(prefix, lang string) string { return prefix + "_" + lang }

// newMapping is the index's layout. Nothing is stored and no term vectors
// are kept: answers are read from the database by id.
func newMapping() (mapping.IndexMapping, error) {
	m := bleve.NewIndexMapping()
	err := m.AddCustomAnalyzer(plainAnalyzer, map[string]any{
		"type":          custom.Name,
		"tokenizer":     bleveunicode.Name,
		"token_filters": []string{lowercase.Name},
	})
	if err != nil {
		return nil, err
	}
	doc := bleve.NewDocumentStaticMapping()
	text := func(analyzer string) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Store, f.IncludeTermVectors, f.IncludeInAll, f.DocValues = false, false, false, false
		return f
	}
	for _, lang := range locale.Languages() {
		for _, p := range []string{"n", "a", "d"} {
			doc.AddFieldMappingsAt(langField(p, lang), text(langAnalyzers[lang]))
		}
	}
	for _, f := range []string{fNameWords, fAttrWords} {
		doc.AddFieldMappingsAt(f, text(plainAnalyzer))
	}
	doc.AddFieldMappingsAt(fCodes, text(keyword.Name))
	doc.AddFieldMappingsAt(fSKU, text(keyword.Name))
	// What is filtered, sorted on or counted has doc values, which a
	// segment's table (attrs.go) is read from: the price and the creation
	// time as fixed-width digits (keywords; a number's doc values would hold
	// every precision of it, 16 terms). Layout 5 dropped the price as a
	// number: the price filter reads the table too.
	for _, f := range []string{fCategory, fInStock, fOnSale, fActive, fNameSort, fPriceKey, fCreated} {
		k := text(keyword.Name)
		k.DocValues = true
		doc.AddFieldMappingsAt(f, k)
	}
	m.DefaultMapping = doc
	m.DefaultAnalyzer = plainAnalyzer
	m.StoreDynamic, m.IndexDynamic, m.DocValuesDynamic = false, false, false
	return m, nil
}

// document is what the index keeps of a product.
func document(p catalog.Product) map[string]any {
	d := map[string]any{
		fCategory: p.Category,
		// A product costs from its cheapest variant and is in stock, or on
		// sale, when one of its variants is.
		fPriceKey: sortableInt(p.PriceFromCents),
		fInStock:  flag(p.InStock),
		fOnSale:   flag(p.OnSale),
		fActive:   flag(p.IsActive),
		fCreated:  sortableInt(p.Created.UnixMilli()), // as precise as the database's

		fNameSort: strings.ToLower(p.Name),
	}
	var nameWords, attrWords []string
	var codeSources []string
	for _, lang := range locale.Languages() {
		name, desc := p.NameLocalized[lang], p.DescriptionLocalized[lang]
		attrs := attributeText(p.Attributes, lang)
		d[langField("n", lang)], d[langField("a", lang)], d[langField("d", lang)] = name, attrs, desc
		nameWords, attrWords = append(nameWords, name), append(attrWords, attrs)
		codeSources = append(codeSources, name)
	}
	for _, a := range p.Attributes {
		codeSources = append(codeSources, a.Value)
	}
	d[fNameWords] = strings.Join(nameWords, "\n")
	d[fAttrWords] = strings.Join(attrWords, "\n")
	d[fCodes] = codeTerms(codeSources...)
	skus := make([]string, len(p.SKUs))
	for i, s := range p.SKUs {
		skus[i] = strings.ToLower(s)
	}
	d[fSKU] = skus
	return d
}

// attributeText is a product's attribute keys and values in one language.
// A text without a translation is only in English: copied into every
// language it would count three times and outrank names.
func attributeText(attrs []catalog.Attribute, lang string) string {
	var b strings.Builder
	for _, a := range attrs {
		for _, t := range []string{a.KeyLocalized[lang], a.ValueLocalized[lang]} {
			if t == "" {
				continue
			}
			b.WriteString(t)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// sortableInt writes a non-negative number in 13 digits, so that the
// order of the texts is the order of the numbers (prices below 10^11
// dollars, times in milliseconds until the year 2286).
func sortableInt(n int64) string { return fmt.Sprintf("%013d", max(n, 0)) }

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// codeTerms are the forms a model number or a size can be typed in: each
// run of letters or digits, and adjacent runs joined when the join has a
// digit, up to four runs ("SM-58" gives sm, 58 and sm58; "10 m" 10m;
// "1.5m" 15m; "2x500W" 2x500w). A
// query's words are looked up here as typed and joined with their
// neighbours, so "sm58", "sm-58" and "sm 58" all meet.
func codeTerms(texts ...string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, t := range texts {
		runs := codeRuns(t)
		for i := range runs {
			if hasDigit(runs[i]) {
				add(runs[i])
			}
			joined := runs[i]
			for j := i + 1; j < len(runs) && j < i+4; j++ {
				joined += runs[j]
				if hasDigit(joined) {
					add(joined)
				}
			}
		}
	}
	return out
}

// codeRuns splits lower-cased text into runs of letters and digits; a
// letter-digit boundary inside a word is a split too ("sm58" -> sm, 58),
// so every written form yields the same runs.
func codeRuns(s string) []string {
	var runs []string
	var cur []rune
	kind := 0 // 1 letter, 2 digit
	flush := func() {
		if len(cur) > 0 {
			runs = append(runs, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(s) {
		k := 0
		switch {
		case unicode.IsDigit(r):
			k = 2
		case unicode.IsLetter(r) && !isCJK(r):
			k = 1
		}
		if k == 0 || (kind != 0 && k != kind) {
			flush()
		}
		kind = k
		if k != 0 {
			cur = append(cur, r)
		}
	}
	flush()
	return runs
}

func hasDigit(s string) bool {
	return strings.IndexFunc(s, unicode.IsDigit) >= 0
}

// isCJK reports whether r is written without spaces between words.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
