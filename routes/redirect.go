package routes

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// localTarget reports whether to is a path on this site that no browser
// reads as another host: one "/" followed by neither "/" nor "\" (browsers
// take "\" for "/", so "/\evil.example" is protocol-relative), and no
// control character (browsers drop tabs and newlines from addresses, so
// "/\t/evil.example" would become "//evil.example").
func localTarget(to string) bool {
	if !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.HasPrefix(to, `/\`) {
		return false
	}
	for i := 0; i < len(to); i++ {
		if to[i] < 0x20 || to[i] == 0x7f {
			return false
		}
	}
	return true
}

// redirectLocal answers a redirect to a path on this site; any other target
// is the 404 of a page that does not exist (issue 43: no redirect off the site).
func redirectLocal(e *core.RequestEvent, status int, to string) error {
	if !localTarget(to) {
		return pageNotFound(e)
	}
	return e.Redirect(status, to)
}

// pageNotFound is the plain 404 of a page address the shop never serves.
func pageNotFound(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-cache")
	return e.String(http.StatusNotFound, "Not found")
}
