package routes

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
)

// A page's address carries its language (/, /ru/, /zh/; api.md, "Pages,
// languages and search engines"). The addresses of before, and the short
// forms, move there for good (301); only the English home, /, may send a
// first visit on to the visitor's language (302, as it depends on who asks).

// languageCookie is the cookie the app keeps its language in (i18next's).
const languageCookie = "i18next"

// pageRedirect is where a page request is to go instead, and the status,
// or 0 when it is answered where it is.
func pageRedirect(r *http.Request) (to string, status int) {
	p := r.URL.Path
	query := r.URL.Query()
	fallback := firstscreen.Fallback()
	lang, rest := firstscreen.SplitPath(p)
	switch {
	case p == "/"+fallback || strings.HasPrefix(p, "/"+fallback+"/"):
		// English has no prefix: /en/x is /x.
		return withQuery(strings.TrimPrefix(p, "/"+fallback), query), http.StatusMovedPermanently
	case lang != fallback && p == "/"+lang:
		return withQuery(p+"/", query), http.StatusMovedPermanently
	}
	if l := firstscreen.Normalize(query.Get("lng")); l != "" {
		// The old way to ask for a language: the page at its address in it.
		query.Del("lng")
		return withQuery(firstscreen.LocalePath(l, rest), query), http.StatusMovedPermanently
	}
	if p == "/" {
		if l := firstscreen.Preferred(r); l != fallback {
			query.Del("lng") // not a language (that would have moved above)
			return withQuery(firstscreen.LocalePath(l, "/"), query), http.StatusFound
		}
	}
	return "", 0
}

// redirectPage answers a page's redirect. A ?lng= choice is kept in the
// app's cookie, so / later keeps to it; the English home's redirect depends
// on the cookie and Accept-Language, and says so for caches.
func redirectPage(e *core.RequestEvent, to string, status int) error {
	h := e.Response.Header()
	if l := firstscreen.Normalize(e.Request.URL.Query().Get("lng")); l != "" {
		http.SetCookie(e.Response, &http.Cookie{Name: languageCookie, Value: l, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
	}
	if status == http.StatusFound {
		h.Add("Vary", "Accept-Language")
		h.Add("Vary", "Cookie")
		h.Set("Cache-Control", "no-cache")
	}
	return redirectLocal(e, status, to)
}

// withQuery is path with query, when it has one.
func withQuery(path string, query url.Values) string {
	if path == "" {
		path = "/"
	}
	if q := query.Encode(); q != "" {
		return path + "?" + q
	}
	return path
}
