package routes

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// registerSPA serves the built app: its files as they are, index.html for
// every other path (client-side routing), or the placeholder page while no
// app has been built. /api/... answers the 404 envelope instead, and the
// PocketBase dashboard under /_/ has its own, more specific route.
func registerSPA(se *core.ServeEvent, site fs.FS) {
	index := "index.html"
	if _, err := fs.Stat(site, index); err != nil {
		index = "placeholder.html"
	}

	// One pattern per method: an any-method "/api/{path...}" would conflict
	// with "GET /{path...}" in the router.
	apiNotFound := func(e *core.RequestEvent) error {
		return writeError(e, notFound("The requested resource wasn't found."))
	}
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		se.Router.Route(method, "/api/{path...}", apiNotFound)
	}

	se.Router.GET("/{path...}", func(e *core.RequestEvent) error {
		name := strings.TrimPrefix(path.Clean("/"+e.Request.PathValue("path")), "/")
		if name != "" && name != index {
			if fi, err := fs.Stat(site, name); err == nil && !fi.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					// Vite names assets by content hash: they never change.
					e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					e.Response.Header().Set("Cache-Control", "public, max-age=3600")
				}
				return e.FileFS(site, name)
			}
			// A missing file (it has an extension) is a real 404, not the app.
			if path.Ext(name) != "" {
				return e.String(http.StatusNotFound, "Not found")
			}
		}
		e.Response.Header().Set("Cache-Control", "no-cache")
		return e.FileFS(site, index)
	})
}
