package locale

import (
	"encoding/json"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"
)

// fileTexts reads texts/{lang}/{name}.json as it is, without the
// fallback's texts filling its gaps.
func fileTexts(t *testing.T, lang, name string) map[string]string {
	t.Helper()
	raw, err := textFiles.ReadFile("texts/" + lang + "/" + name + ".json")
	if err != nil {
		t.Fatalf("%s has no %s texts: %v", lang, name, err)
	}
	var texts map[string]string
	if err := json.Unmarshal(raw, &texts); err != nil {
		t.Fatalf("texts/%s/%s.json is not an object of texts: %v", lang, name, err)
	}
	return texts
}

// neededForms are the plural forms lang's texts must give: those CLDR's
// rules choose for whole counts, and "other" (i18next's last resort, and
// Russian's form for fractions).
func neededForms(lang string) []string {
	forms := []string{"other"}
	for n := 0; n <= 1000; n++ {
		forms = append(forms, pluralForm(lang, n))
	}
	slices.Sort(forms)
	return slices.Compact(forms)
}

// splitPlural is a key's base and its plural form ("" for a plain text).
func splitPlural(key string) (base, form string) {
	for _, f := range pluralForms {
		if b, ok := strings.CutSuffix(key, "_"+f); ok {
			return b, f
		}
	}
	return key, ""
}

// Every catalogue exists in every language and has the same texts in
// each: every key in en, ru and zh, none empty, the same placeholders in
// each language (and each plural form), a plural text with exactly the
// forms its language's rules need.
func TestEveryCatalogueHasEveryTextInEveryLanguage(t *testing.T) {
	dirs, err := fs.Glob(textFiles, "texts/*")
	if err != nil {
		t.Fatal(err)
	}
	var langs []string
	for _, d := range dirs {
		langs = append(langs, path.Base(d))
	}
	if slices.Sort(langs); !slices.Equal(langs, slices.Sorted(slices.Values(Languages()))) {
		t.Fatalf("texts/ has languages %v, the shop speaks %v", langs, Languages())
	}
	names := CatalogueNames()
	if len(names) == 0 {
		t.Fatal("no catalogues")
	}
	for _, name := range names {
		checkParity(t, name)
	}
}

// checkParity compares catalogue name's texts in each language with the
// fallback's.
func checkParity(t *testing.T, name string) {
	t.Helper()
	// base key -> placeholders (of the fallback), and which keys are plural.
	want := map[string][]string{}
	plural := map[string]bool{}
	for key, s := range fileTexts(t, Fallback, name) {
		base, form := splitPlural(key)
		want[base] = placeholders(s)
		plural[base] = form != ""
	}
	for _, lang := range Languages() {
		got := map[string]map[string]bool{} // base -> forms given ("" for plain)
		for key, s := range fileTexts(t, lang, name) {
			base, form := splitPlural(key)
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s/%s: %q is empty", lang, name, key)
			}
			ph, known := want[base]
			switch {
			case !known:
				t.Errorf("%s/%s: %q is not in %s", lang, name, key, Fallback)
				continue
			case !slices.Equal(placeholders(s), ph):
				t.Errorf("%s/%s: %q has placeholders %v, %s has %v", lang, name, key, placeholders(s), Fallback, ph)
			}
			if got[base] == nil {
				got[base] = map[string]bool{}
			}
			got[base][form] = true
		}
		for _, base := range slices.Sorted(maps.Keys(want)) {
			if got[base] == nil {
				t.Errorf("%s/%s: %q is missing", lang, name, base)
				continue
			}
			forms, wantForms := slices.Sorted(maps.Keys(got[base])), []string{""}
			if plural[base] {
				wantForms = neededForms(lang)
			}
			if !slices.Equal(forms, wantForms) {
				t.Errorf("%s/%s: %q has forms %q, want %q", lang, name, base, forms, wantForms)
			}
		}
	}
}

func TestPluralFormsFollowCLDR(t *testing.T) {
	for _, c := range []struct {
		lang  string
		count int
		want  string
	}{
		{"en", 1, "one"}, {"en", 0, "other"}, {"en", 2, "other"}, {"en", 21, "other"},
		{"ru", 1, "one"}, {"ru", 21, "one"}, {"ru", 101, "one"}, {"ru", 2, "few"}, {"ru", 24, "few"},
		{"ru", 0, "many"}, {"ru", 5, "many"}, {"ru", 11, "many"}, {"ru", 12, "many"}, {"ru", 60, "many"},
		{"ru", 111, "many"}, {"zh", 1, "other"}, {"zh", 5, "other"}, {"fr", 1, "one"}, {"fr", 0, "other"},
	} {
		if got := pluralForm(c.lang, c.count); got != c.want {
			t.Errorf("pluralForm(%s, %d) = %s, want %s", c.lang, c.count, got, c.want)
		}
	}
	for lang, want := range map[string][]string{"en": {"one", "other"}, "ru": {"few", "many", "one", "other"}, "zh": {"other"}} {
		if got := neededForms(lang); !slices.Equal(got, want) {
			t.Errorf("%s needs forms %v, want %v", lang, got, want)
		}
	}
}

// A plural text picks its form by the reader's rules and says the count;
// a placeholder is replaced wherever it stands and as often as it does.
func TestPluralAndPlaceholders(t *testing.T) {
	c := &Catalogue{name: "test", texts: map[string]map[string]string{
		"en": {"min_one": "{{count}} minute for {{who}}", "min_other": "{{count}} minutes for {{who}}", "hi": "Hi {{ name }}, {{name}}! {{other}}"},
		"ru": {"min_one": "{{count}} минуту", "min_few": "{{count}} минуты", "min_many": "{{count}} минут", "min_other": "{{count}} минуты",
			"hi": "Привет, {{name}}"},
	}}
	for _, x := range []struct {
		lang  string
		count int
		want  string
	}{{"en", 1, "1 minute for Ann"}, {"en", 31, "31 minutes for Ann"}, {"ru", 31, "31 минуту"}, {"ru", 32, "32 минуты"},
		{"ru", 60, "60 минут"}, {"de", 1, "1 minute for Ann"}} {
		if got := c.Plural(x.lang, "min", x.count, "who", "Ann"); got != x.want {
			t.Errorf("Plural(%s, %d) = %q, want %q", x.lang, x.count, got, x.want)
		}
	}
	if got := c.T("en", "hi", "name", "Ann", "name", "Bob"); got != "Hi Ann, Ann! {{other}}" {
		t.Errorf("T = %q", got)
	}
	if got := c.T("en", "nope"); got != "nope" {
		t.Errorf("a missing key reads %q, want the key", got)
	}
}

func TestLang(t *testing.T) {
	for in, want := range map[string]string{"ru": "ru", " RU ": "ru", "ru-RU": "ru", "zh_CN": "zh", "en": "en", "fr": "en", "": "en", "-ru": "en"} {
		if got := Lang(in); got != want {
			t.Errorf("Lang(%q) = %q, want %q", in, got, want)
		}
	}
}
