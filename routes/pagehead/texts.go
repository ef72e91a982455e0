package pagehead

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Texts are the app's translations (pb_public/locales/{lang}/{ns}.json) as
// far as page heads need them: the seo namespace and the titles the app's
// own screens use, looked up as i18next does.
type Texts struct {
	fallback string
	byLang   map[string]map[string]map[string]any // lang -> namespace -> tree
}

// namespaces are the translation files heads read titles from.
var namespaces = []string{"seo", "common", "shop", "account", "checkout"}

// LoadTexts reads the namespaces of every language from the built app; a
// missing file is left out.
func LoadTexts(site fs.FS, languages []string, fallback string) (*Texts, error) {
	t := &Texts{fallback: fallback, byLang: map[string]map[string]map[string]any{}}
	for _, lang := range languages {
		t.byLang[lang] = map[string]map[string]any{}
		for _, ns := range namespaces {
			raw, err := fs.ReadFile(site, "locales/"+lang+"/"+ns+".json")
			if errors.Is(err, fs.ErrNotExist) {
				continue // its keys then show as they are
			}
			if err != nil {
				return nil, err
			}
			var tree map[string]any
			if err := json.Unmarshal(raw, &tree); err != nil {
				return nil, fmt.Errorf("locales/%s/%s.json: %w", lang, ns, err)
			}
			t.byLang[lang][ns] = tree
		}
	}
	return t, nil
}

// NoTexts are no translations: every key shows as it is.
func NoTexts(fallback string) *Texts {
	return &Texts{fallback: fallback, byLang: map[string]map[string]map[string]any{}}
}

// T is the text of key ("ns:a.b", or "a.b" in seo) in lang, else in the
// fallback language, else the key; {{name}} takes vars' values as they are
// (the head's writer escapes).
func (t *Texts) T(lang, key string, vars ...string) string {
	s, ok := t.lookup(lang, key)
	if !ok {
		s, ok = t.lookup(t.fallback, key)
	}
	if !ok {
		return key
	}
	for i := 0; i+1 < len(vars); i += 2 {
		s = strings.ReplaceAll(s, "{{"+vars[i]+"}}", vars[i+1])
	}
	return s
}

// Has reports whether key has a text in lang or the fallback.
func (t *Texts) Has(lang, key string) bool {
	_, ok := t.lookup(lang, key)
	if !ok {
		_, ok = t.lookup(t.fallback, key)
	}
	return ok
}

func (t *Texts) lookup(lang, key string) (string, bool) {
	ns, path, found := strings.Cut(key, ":")
	if !found {
		ns, path = "seo", key
	}
	var node any = t.byLang[lang][ns]
	for _, part := range strings.Split(path, ".") {
		m, ok := node.(map[string]any)
		if !ok {
			return "", false
		}
		node = m[part]
	}
	s, ok := node.(string)
	return s, ok && s != ""
}
