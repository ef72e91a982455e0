package firstscreen

import (
	"net/http"
	"slices"
	"strings"

	"golang.org/x/text/language"
)

// Every page has an address per language: English (the fallback) without a
// prefix, the others under theirs (/ru/products/abc, /zh/). The app reads
// the same shape (app/src/i18n/urlLanguage.ts).

// Languages are the shop's languages, the fallback first.
func Languages() []string { return slices.Clone(shared.Languages) }

// Fallback is the language of unprefixed addresses.
func Fallback() string { return shared.FallbackLanguage }

// SplitPath splits a request path into its language and the app's path:
// /ru/products/x is ru and /products/x, /ru and /ru/ are ru and /, and any
// path without another language's prefix is English as it is.
func SplitPath(p string) (lang, rest string) {
	for _, l := range shared.Languages {
		if l == shared.FallbackLanguage {
			continue
		}
		if p == "/"+l {
			return l, "/"
		}
		if r, ok := strings.CutPrefix(p, "/"+l+"/"); ok {
			return l, "/" + r
		}
	}
	return shared.FallbackLanguage, p
}

// LocalePath is the app's path rest at its address in lang.
func LocalePath(lang, rest string) string {
	if !strings.HasPrefix(rest, "/") {
		rest = "/" + rest
	}
	if lang == shared.FallbackLanguage || lang == "" {
		return rest
	}
	return "/" + lang + rest
}

// Normalize maps a language tag (ru, ru-RU, zh_Hans_CN) to a supported
// language, or "".
func Normalize(raw string) string {
	tag, err := language.Parse(strings.ReplaceAll(strings.TrimSpace(raw), "_", "-"))
	if err != nil {
		return ""
	}
	base, _ := tag.Base()
	if slices.Contains(shared.Languages, base.String()) {
		return base.String()
	}
	return ""
}

// Preferred is the language a first visit of / is for, as far as the
// server can tell: the i18next cookie the app keeps (the shopper's last
// choice), else the browser's Accept-Language, else the fallback. (The spec's
// order starts with ?lng=, which the server turns into an address first;
// the app's local storage is read by index.html's start-up script.)
func Preferred(r *http.Request) string {
	if c, err := r.Cookie("i18next"); err == nil {
		if l := Normalize(c.Value); l != "" {
			return l
		}
	}
	tags, _, _ := language.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	for _, tag := range tags {
		if l := Normalize(tag.String()); l != "" {
			return l
		}
	}
	return shared.FallbackLanguage
}

// Language is the language of an API request that does not name one: ?lng=,
// else Preferred.
func Language(r *http.Request) string {
	if l := Normalize(r.URL.Query().Get("lng")); l != "" {
		return l
	}
	return Preferred(r)
}
