package search

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/shipping"
)

// Synonyms the owner edits (GET|PUT /api/admin/search/synonyms): groups of
// words, kept in the shop settings' searchSynonyms; a word of a group finds
// what any word of it finds, in every language ("麦克风" = "话筒" =
// "microphone" = "микрофон"). A word matches a group as typed or by its
// English or Russian stem ("microphones", "микрофоны"). Every search reads
// the groups (one small query), so an edit reaches search at once, on every
// server of the shop.

// Limits of the synonyms: the groups one shop keeps and the work one
// query word costs (its alternatives match as written and by their stems,
// never within a typo allowance).
const (
	MaxSynonymGroups = 500
	MaxSynonymWords  = 20 // words in a group
	MaxSynonymChars  = 60 // characters in a word
	maxAlternatives  = 8  // other words one query word stands for
	// boostSynonym: a product found by the word as typed ranks first.
	boostSynonym = 0.7
)

const synonymsField = "searchSynonyms"

// NormalizeSynonyms trims each word (inner spaces to one), drops empty
// words, a word repeated in its group (ignoring case) and groups left with
// fewer than two words; an error names the limit a group passes.
func NormalizeSynonyms(groups [][]string) ([][]string, error) {
	out := [][]string{}
	for gi, g := range groups {
		seen := map[string]bool{}
		var words []string
		for _, w := range g {
			w = strings.Join(strings.Fields(w), " ")
			if len([]rune(w)) > MaxSynonymChars {
				return nil, field.Error("groups", "validation_length",
					fmt.Sprintf("Group %d: a word is longer than %d characters", gi+1, MaxSynonymChars))
			}
			if w == "" || seen[strings.ToLower(w)] {
				continue
			}
			seen[strings.ToLower(w)] = true
			words = append(words, w)
		}
		if len(words) > MaxSynonymWords {
			return nil, field.Error("groups", "validation_length",
				fmt.Sprintf("Group %d has more than %d words", gi+1, MaxSynonymWords))
		}
		if len(words) >= 2 {
			out = append(out, words)
		}
	}
	if len(out) > MaxSynonymGroups {
		return nil, field.Error("groups", "validation_length", fmt.Sprintf("At most %d groups", MaxSynonymGroups))
	}
	return out, nil
}

// LoadSynonyms returns the shop's synonym groups (none when unset).
func LoadSynonyms(app core.App) ([][]string, error) {
	raw, err := readSynonyms(app)
	if err != nil {
		return nil, err
	}
	return parseSynonyms(raw), nil
}

// SaveSynonyms normalizes groups and stores them in the shop settings;
// it returns what was stored.
func SaveSynonyms(app core.App, groups [][]string) ([][]string, error) {
	groups, err := NormalizeSynonyms(groups)
	if err != nil {
		return nil, err
	}
	recs, err := app.FindRecordsByFilter(shipping.SettingsCollection, "", "created", 1, 0)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("no shop settings record")
	}
	recs[0].Set(synonymsField, groups)
	if err := app.Save(recs[0]); err != nil {
		return nil, err
	}
	return groups, nil
}

// readSynonyms is the stored JSON of the groups ("" when unset).
func readSynonyms(app core.App) (string, error) {
	var raw string
	err := app.DB().NewQuery("SELECT COALESCE(searchSynonyms, '') FROM shop_settings ORDER BY created LIMIT 1").Row(&raw)
	if err != nil && strings.Contains(err.Error(), "no rows") {
		return "", nil
	}
	return raw, err
}

func parseSynonyms(raw string) [][]string {
	var groups [][]string
	if raw == "" || json.Unmarshal([]byte(raw), &groups) != nil {
		return [][]string{}
	}
	if groups == nil {
		groups = [][]string{}
	}
	return groups
}

// synTable finds a query word's groups: by each group word as written
// (lower-cased), a Chinese run as it is, and a single word's English and
// Russian stems.
type synTable struct {
	words [][]string // the groups, lower-cased
	byKey map[string][]int
}

// synCache keeps the table of the last stored text read.
type synCache struct {
	mu    sync.Mutex
	raw   string
	table *synTable
}

// synonyms is the table of the groups stored now; an error reading them
// leaves search without synonyms rather than failing it.
func (x *Index) synonyms() *synTable {
	if x.app == nil { // an index of the package's own tests
		return nil
	}
	raw, err := readSynonyms(x.app)
	if err != nil {
		x.app.Logger().Warn("search synonyms unreadable", "error", err)
		raw = ""
	}
	c := &x.syn
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.table == nil || c.raw != raw {
		c.raw, c.table = raw, newSynTable(x.mapping, parseSynonyms(raw))
	}
	return c.table
}

func newSynTable(m mapping.IndexMapping, groups [][]string) *synTable {
	t := &synTable{byKey: map[string][]int{}}
	for gi, g := range groups {
		var words []string
		for _, w := range g {
			w = strings.ToLower(w)
			words = append(words, w)
			for _, k := range synKeys(m, w) {
				t.byKey[k] = append(t.byKey[k], gi)
			}
		}
		t.words = append(t.words, words)
	}
	return t
}

// synKeys are the keys a word (or a group's entry) is found by: itself,
// and a single word's English and Russian stems.
func synKeys(m mapping.IndexMapping, w string) []string {
	parts := splitQuery(w)
	keys := []string{"=" + strings.Join(partTexts(parts), " ")}
	if len(parts) != 1 || parts[0].cjk {
		return keys
	}
	for _, lang := range []string{"en", "ru"} {
		a := m.AnalyzerNamed(langAnalyzers[lang])
		if a == nil {
			continue
		}
		if ts := a.Analyze([]byte(parts[0].text)); len(ts) == 1 {
			keys = append(keys, lang+":"+string(ts[0].Term))
		}
	}
	return keys
}

func partTexts(parts []queryPart) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.text
	}
	return out
}

// alternatives are the other words of w's groups, at most maxAlternatives.
func (t *synTable) alternatives(m mapping.IndexMapping, w string) []string {
	if t == nil || len(t.byKey) == 0 {
		return nil
	}
	seen := map[string]bool{w: true}
	var out []string
	for _, k := range synKeys(m, w) {
		for _, gi := range t.byKey[k] {
			for _, alt := range t.words[gi] {
				if seen[alt] || len(out) >= maxAlternatives {
					continue
				}
				seen[alt] = true
				out = append(out, alt)
			}
		}
	}
	return out
}

// withSynonyms is q or any of w's alternatives (each matched as written
// and by its stems, word by word), and the alternatives to name the clause
// by.
func (b builder) withSynonyms(q query.Query, w string) (query.Query, []string) {
	alts := b.syn.alternatives(b.m, w)
	if len(alts) == 0 {
		return q, nil
	}
	qs := []query.Query{q}
	for _, alt := range alts {
		parts := splitQuery(alt)
		var must []query.Query
		for i, p := range parts {
			if p.cjk {
				must = append(must, b.cjkMatch(p.text, boostSynonym))
			} else {
				must = append(must, b.wordMatch(parts, i, false, boostSynonym))
			}
		}
		if len(must) == 1 {
			qs = append(qs, must[0])
		} else if len(must) > 1 {
			qs = append(qs, query.NewConjunctionQuery(must))
		}
	}
	return query.NewDisjunctionQuery(qs), alts
}
