package locale

import (
	"embed"
	"encoding/json"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// The server's texts (e-mails, the invoice, the packing slip, shipping
// method names, dates) live in one embedded file set, texts/{lang}/{name}.json:
// one catalogue per name, one file per language, read through Texts.
//
// Why here and not in the app's i18next files (app/public/locales): those
// are the browser's, fetched by every visitor, and reach the binary only
// once the app is built; the e-mails would then depend on an app build
// (and every test of shop/mail on one), and each page load would carry the
// shop's e-mails. The files follow i18next's format all the same, so a
// translator meets one format in both places: flat keys, {{name}}
// placeholders, and plural forms as key_one, key_few, key_many and
// key_other (CLDR's names) with {{count}}. The app already reads this
// package's prices.json and countries.json the same way.
//
//go:embed texts
var textFiles embed.FS

// Fallback is the language of a text missing in another language, and the
// language of readers whose own the shop does not speak.
const Fallback = "en"

// languages the shop speaks, the fallback first.
var languages = []string{Fallback, "ru", "zh"}

// Languages are the shop's languages, the fallback first (a copy: the one
// list of the server).
func Languages() []string { return slices.Clone(languages) }

// IsLanguage reports whether code is one of the shop's languages.
func IsLanguage(code string) bool { return slices.Contains(languages, code) }

// Lang is the shop's language a reader asked for: lang when the shop
// speaks it ("ru", "RU", "ru-RU" and "ru_RU" are ru), else the fallback.
func Lang(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(lang, "-_"); i > 0 {
		lang = lang[:i]
	}
	if IsLanguage(lang) {
		return lang
	}
	return Fallback
}

// Catalogue is one set of texts (mail, invoice, ...) in every language.
type Catalogue struct {
	name string
	// texts are each language's texts with the fallback's filling its gaps
	// (the parity test keeps them from having any).
	texts map[string]map[string]string
}

// catalogues reads every file once; a file that is not a flat object of
// texts stops the program at its first text (the tests read them all).
var catalogues = sync.OnceValue(func() map[string]*Catalogue {
	out := map[string]*Catalogue{}
	files, err := fs.Glob(textFiles, "texts/*/*.json")
	if err != nil {
		panic("locale: " + err.Error())
	}
	for _, f := range files {
		lang, name := path.Base(path.Dir(f)), strings.TrimSuffix(path.Base(f), ".json")
		raw, _ := textFiles.ReadFile(f)
		var texts map[string]string
		if err := json.Unmarshal(raw, &texts); err != nil {
			panic("locale: " + f + ": " + err.Error())
		}
		if out[name] == nil {
			out[name] = &Catalogue{name: name, texts: map[string]map[string]string{}}
		}
		out[name].texts[lang] = texts
	}
	for _, c := range out {
		for lang, texts := range c.texts {
			if lang != Fallback {
				merged := maps.Clone(c.texts[Fallback])
				maps.Copy(merged, texts)
				c.texts[lang] = merged
			}
		}
	}
	return out
})

// Texts is the catalogue name (texts/*/name.json). A name without files is
// a mistake in the program, not in its input: it panics.
func Texts(name string) *Catalogue {
	c, ok := catalogues()[name]
	if !ok {
		panic("locale: no catalogue " + name)
	}
	return c
}

// CatalogueNames are the names of every catalogue, sorted.
func CatalogueNames() []string { return slices.Sorted(maps.Keys(catalogues())) }

// in is the catalogue's texts in lang (the fallback's for another
// language).
func (c *Catalogue) in(lang string) map[string]string {
	if t, ok := c.texts[lang]; ok {
		return t
	}
	return c.texts[Fallback]
}

// T is the text of key in lang (one of Languages; another reads as the
// fallback) with each {{name}} replaced by the value after name in args
// ("number", "SS-1", ...). A key no file has comes back as it is, as
// i18next shows it, so that a missing text is seen rather than blank.
func (c *Catalogue) T(lang, key string, args ...string) string {
	s, ok := c.in(lang)[key]
	if !ok {
		return key
	}
	return interpolate(s, args)
}

// Has reports whether key is a text of the catalogue (plain, not plural).
func (c *Catalogue) Has(key string) bool {
	_, ok := c.texts[Fallback][key]
	return ok
}

// Plural is the text of key for count things in lang: the form
// key_one, key_few, key_many or key_other that CLDR's rules of lang choose
// for count, with {{count}} (written as digits) and args replaced as in T.
func (c *Catalogue) Plural(lang, key string, count int, args ...string) string {
	texts := c.in(lang)
	s, ok := texts[key+"_"+pluralForm(lang, count)]
	if !ok {
		if s, ok = texts[key+"_other"]; !ok {
			return key
		}
	}
	return interpolate(s, append(slices.Clip(args), "count", strconv.Itoa(count)))
}

// Words are every text of the catalogue in lang by key, for a template
// that names its words (a copy: the catalogue's own stay as read).
func (c *Catalogue) Words(lang string) map[string]string { return maps.Clone(c.in(lang)) }

// All is key's text in every language, by language code: a name the API
// answers with in each language (a shipping method's).
func (c *Catalogue) All(key string) map[string]string {
	out := make(map[string]string, len(languages))
	for _, lang := range languages {
		if s, ok := c.texts[lang][key]; ok {
			out[lang] = s
		}
	}
	return out
}

// pluralForms are CLDR's plural forms by the name i18next gives them.
var pluralForms = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two",
	plural.Few: "few", plural.Many: "many", plural.Other: "other"}

// pluralForm is the name of CLDR's plural form of a whole count in lang:
// English "one" (1) and "other"; Russian "one" (1, 21, 101), "few" (2-4,
// 22-24) and "many" (0, 5-20, 25); Chinese always "other".
func pluralForm(lang string, count int) string {
	tag, err := language.Parse(lang)
	if err != nil || !IsLanguage(lang) {
		tag = language.English
	}
	n := count
	if n < 0 {
		n = -n
	}
	return pluralForms[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]
}

// interpolate replaces each {{name}} of s by the value after name in args;
// a placeholder args does not name stays as it is.
func interpolate(s string, args []string) string {
	if len(args) < 2 || !strings.Contains(s, "{{") {
		return s
	}
	var b strings.Builder
	rest := eachPlaceholder(s, func(before, name, raw string) {
		b.WriteString(before)
		if v, ok := arg(args, name); ok {
			b.WriteString(v)
		} else {
			b.WriteString(raw)
		}
	})
	b.WriteString(rest)
	return b.String()
}

// eachPlaceholder calls fn for each {{name}} of s, in order, with the text
// before it, its name and the placeholder as written, and returns the text
// after the last one (an unclosed "{{" is text).
func eachPlaceholder(s string, fn func(before, name, raw string)) string {
	for {
		start := strings.Index(s, "{{")
		if start < 0 {
			return s
		}
		end := strings.Index(s[start:], "}}")
		if end < 0 {
			return s
		}
		fn(s[:start], strings.TrimSpace(s[start+2:start+end]), s[start:start+end+2])
		s = s[start+end+2:]
	}
}

// arg is the value after name in the pairs of args.
func arg(args []string, name string) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1], true
		}
	}
	return "", false
}

// placeholders are the names of the {{placeholders}} of a text, sorted and
// each once (the parity test compares them across languages).
func placeholders(s string) []string {
	var out []string
	eachPlaceholder(s, func(_, name, _ string) { out = append(out, name) })
	slices.Sort(out)
	return slices.Compact(out)
}
