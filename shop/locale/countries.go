package locale

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

//go:embed countries.json
var countriesJSON []byte

// State is a US state (or territory) with its two-letter code.
type State struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

type countryFile struct {
	Codes    []string            `json:"codes"`
	Aliases  map[string][]string `json:"aliases"`
	USStates []State             `json:"usStates"`
}

// tables are the lists of countries.json with the lookups built from them.
type tables struct {
	codes    []string
	byName   map[string]string // any accepted text, lower case -> code
	states   []State
	stateMap map[string]string // code or name, lower case -> code
}

var loaded = sync.OnceValue(func() *tables {
	var f countryFile
	if err := json.Unmarshal(countriesJSON, &f); err != nil {
		panic("locale: countries.json: " + err.Error())
	}
	t := &tables{codes: f.Codes, byName: map[string]string{}, states: f.USStates, stateMap: map[string]string{}}
	for _, lang := range languages {
		names := display.Regions(language.MustParse(lang))
		for _, c := range f.Codes {
			t.byName[strings.ToLower(c)] = c
			if n := names.Name(language.MustParseRegion(c)); n != "" {
				t.byName[strings.ToLower(n)] = c
			}
		}
	}
	for c, names := range f.Aliases {
		for _, n := range names {
			t.byName[n] = c
		}
	}
	for _, s := range f.USStates {
		t.stateMap[strings.ToLower(s.Code)] = s.Code
		t.stateMap[strings.ToLower(s.Name)] = s.Code
	}
	return t
})

// CountryCodes are the ISO 3166-1 alpha-2 codes the shop ships to, sorted.
func CountryCodes() []string { return append([]string(nil), loaded().codes...) }

// USStates are the states and territories a US address may name.
func USStates() []State { return append([]State(nil), loaded().states...) }

// CountryCode reads what an address gives as its country: an ISO code in
// any case ("us"), a three-letter code ("USA"), the country's name in
// English, Russian or Chinese ("United States", "Соединенные Штаты",
// "美国") or a common other name ("США", "UK"). ok is false for anything
// else.
func CountryCode(text string) (code string, ok bool) {
	key := strings.ToLower(strings.Join(strings.Fields(text), " "))
	if key == "" {
		return "", false
	}
	if c, found := loaded().byName[key]; found {
		return c, true
	}
	if len(key) == 3 { // alpha-3, as x/text knows it: "deu", "chn"
		if r, err := language.ParseRegion(key); err == nil && r.IsCountry() {
			if c, found := loaded().byName[strings.ToLower(r.String())]; found {
				return c, true
			}
		}
	}
	return "", false
}

// Names are the texts (lower case) CountryCode reads as code, sorted: the
// code, the names in en, ru and zh and the other names of countries.json.
// (Alpha-3 codes are read too.) The app's forms are told the United
// States' names from here (shop/facts.json).
func Names(code string) []string {
	var out []string
	for name, c := range loaded().byName {
		if c == code {
			out = append(out, name)
		}
	}
	if r, err := language.ParseRegion(code); err == nil {
		if a3 := strings.ToLower(r.ISO3()); a3 != "" && !slices.Contains(out, a3) {
			out = append(out, a3)
		}
	}
	slices.Sort(out)
	return out
}

// StateCode reads a US state given by its code or its English name.
func StateCode(text string) (code string, ok bool) {
	code, ok = loaded().stateMap[strings.ToLower(strings.Join(strings.Fields(text), " "))]
	return code, ok
}

// SameCountry reports whether two texts name the same country; texts that
// are no known country match only themselves (ignoring case and spaces).
func SameCountry(a, b string) bool {
	ca, okA := CountryCode(a)
	cb, okB := CountryCode(b)
	if okA && okB {
		return ca == cb
	}
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	return a != "" && a == b
}

// CountryName is the country's name in lang (en, ru or zh; others are
// English), from CLDR; a text that is no known country comes back as it
// was (an order stored before the codes).
func CountryName(country, lang string) string {
	code, ok := CountryCode(country)
	if !ok {
		return strings.TrimSpace(country)
	}
	tag, err := language.Parse(lang)
	if err != nil || !IsLanguage(lang) {
		tag = language.English
	}
	if n := display.Regions(tag).Name(language.MustParseRegion(code)); n != "" {
		return n
	}
	return code
}
