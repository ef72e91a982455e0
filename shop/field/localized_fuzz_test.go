package field_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/wire"
)

// checkLocalized asserts the invariants of every parsed localized text:
// only the shop's languages, trimmed non-empty values.
func checkLocalized(t *testing.T, l wire.Localized, input string) {
	t.Helper()
	if l == nil {
		t.Fatalf("%q: nil result", input)
	}
	for k, v := range l {
		if !locale.IsLanguage(k) {
			t.Fatalf("%q: unknown language %q kept", input, k)
		}
		if v == "" || strings.TrimSpace(v) != v {
			t.Fatalf("%q: value %q not trimmed or empty", input, v)
		}
	}
}

// FuzzParseLocalized feeds arbitrary text to the localized-text parser in
// both of its entry points: as raw JSON (a request member or a stored
// column) and as a Go string (a plain or JSON-encoded string member).
func FuzzParseLocalized(f *testing.F) {
	for _, seed := range []string{
		``, `null`, `"Spot"`, `"  "`, `{"en":"Spot","ru":"Прожектор","zh":"聚光灯"}`,
		`{"en":" padded ","xx":"dropped","ru":5,"zh":null}`, `"{\"en\":\"inner\"}"`,
		`{"en":{"nested":"object"}}`, `[1,2]`, `42`, `true`, `{`, `{"en":"a"}{`,
		`"{not json"`, `{"__proto__":"x","en":"\u0000"}`, "{\"en\":\"\xff\"}", `{"EN":"upper"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		l, ok := field.ParseLocalizedJSON([]byte(input))
		checkLocalized(t, l, input)
		if ok && json.Valid([]byte(input)) {
			// A parsed text survives a round trip through its JSON form.
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatalf("%q: marshal %v: %v", input, l, err)
			}
			again, ok2 := field.ParseLocalizedJSON(b)
			if !ok2 || len(again) != len(l) {
				t.Fatalf("%q: round trip %v -> %v", input, l, again)
			}
			for k, v := range l {
				if utf8.ValidString(v) && again[k] != v {
					t.Fatalf("%q: round trip changed %s: %q -> %q", input, k, v, again[k])
				}
			}
		}

		s, ok := field.ParseLocalized(input)
		checkLocalized(t, s, input)
		if !ok {
			t.Fatalf("%q: a string must always parse", input)
		}
		if trimmed := strings.TrimSpace(input); trimmed != "" && !strings.HasPrefix(trimmed, "{") && s["en"] != trimmed {
			t.Fatalf("%q: plain string not taken as English: %v", input, s)
		}
	})
}
