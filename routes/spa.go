package routes

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
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
	files := &staticFiles{site: site}
	page, _ := fs.ReadFile(site, index)
	csp := contentSecurityPolicy(page)
	var pages *pageServer
	if index == "index.html" {
		pages = newPageServer(site, se.App, page)
		se.Router.GET("/api/head", pages.head).Bind(shopErrors(), quietRead())
	}

	// One pattern per method: an any-method "/api/{path...}" would conflict
	// with "GET /{path...}" in the router.
	apiNotFound := func(e *core.RequestEvent) error {
		return notFound("The requested resource wasn't found.")
	}
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		se.Router.Route(method, "/api/{path...}", apiNotFound).Bind(shopErrors())
	}

	spa := &spaApp{site: site, index: index, files: files, pages: pages, csp: csp}
	se.Router.GET("/{path...}", spa.serve).Bind(quietRead())
}

// spaApp answers the app's paths: a built file as it is, else the page
// (first screen and head) or index.html.
type spaApp struct {
	site  fs.FS
	index string
	files *staticFiles
	pages *pageServer
	csp   string
}

// serve answers GET /{path...}.
func (a *spaApp) serve(e *core.RequestEvent) error {
	name := strings.TrimPrefix(path.Clean("/"+e.Request.PathValue("path")), "/")
	if name != "" && name != a.index {
		if fi, err := fs.Stat(a.site, name); err == nil && !fi.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				// Vite names assets by content hash: they never change.
				e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				e.Response.Header().Set("Cache-Control", "public, max-age=3600")
			}
			return a.files.serve(e, name)
		}
		// A missing file (it has an extension) is a real 404, not the app.
		if path.Ext(name) != "" {
			return e.String(http.StatusNotFound, "Not found")
		}
	}
	if _, rest := firstscreen.SplitPath(e.Request.URL.Path); !localTarget(e.Request.URL.Path) || !localTarget(rest) {
		// Not a page's address (/\evil.example, /ru/%5C..., /%09/...):
		// nothing may send a visitor on from there.
		return pageNotFound(e)
	}
	if to, status := pageRedirect(e.Request); status != 0 {
		return redirectPage(e, to, status)
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	setPageHeaders(e, a.csp)
	lang, rest := firstscreen.SplitPath(e.Request.URL.Path)
	if rest == "/" && lang == firstscreen.Fallback() {
		// The English home is also where a first visit may be sent on (pageRedirect).
		e.Response.Header().Add("Vary", "Accept-Language")
		e.Response.Header().Add("Vary", "Cookie")
	}
	if a.pages != nil {
		return a.pages.serve(e)
	}
	return a.files.serve(e, a.index)
}

// compressible are the file types worth sending gzip-compressed.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".svg": true, ".txt": true, ".xml": true, ".webmanifest": true, ".map": true,
}

// staticFiles serves the embedded app, gzip-compressed for clients that
// accept it, with an ETag (a content hash) so a revalidation costs a 304.
// The files never change while the binary runs, so each is compressed once,
// at best compression, and kept in memory, and hashed once.
type staticFiles struct {
	site  fs.FS
	gz    sync.Map // name -> []byte (nil when compression does not pay)
	etags sync.Map // name -> string
}

func (s *staticFiles) serve(e *core.RequestEvent, name string) error {
	etag, err := s.etag(name)
	if err != nil {
		return e.FileFS(s.site, name)
	}
	ext := path.Ext(name)
	var gz []byte
	if compressible[ext] {
		e.Response.Header().Add("Vary", "Accept-Encoding")
		if acceptsGzip(e.Request) {
			if gz, err = s.compressed(name); err == nil && gz != nil {
				etag = gzipETag(etag)
			}
		}
	}
	h := e.Response.Header()
	h.Set("ETag", etag)
	if notModified(e.Request, etag) {
		return e.NoContent(http.StatusNotModified)
	}
	if gz == nil {
		return e.FileFS(s.site, name)
	}
	ctype := mime.TypeByExtension(ext)
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Encoding", "gzip")
	return e.Blob(http.StatusOK, ctype, gz)
}

// etag returns the validator of name's plain form, made on first use.
func (s *staticFiles) etag(name string) (string, error) {
	if v, ok := s.etags.Load(name); ok {
		return v.(string), nil
	}
	raw, err := fs.ReadFile(s.site, name)
	if err != nil {
		return "", err
	}
	tag := etagOf(raw)
	s.etags.Store(name, tag)
	return tag, nil
}

// compressed returns the gzip form of name, made on first use.
func (s *staticFiles) compressed(name string) ([]byte, error) {
	if v, ok := s.gz.Load(name); ok {
		return v.([]byte), nil
	}
	raw, err := fs.ReadFile(s.site, name)
	if err != nil {
		return nil, err
	}
	gz, err := gzipBytes(raw, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	s.gz.Store(name, gz)
	return gz, nil
}

// gzipBytes compresses raw at level; nil when that saves under a tenth.
// klauspost/compress's gzip: the standard library's takes ~1.9 ms for a
// 30 kB answer (most of it setting up its compressor), this one ~0.5 ms,
// which every page or search answer not yet cached pays.
func gzipBytes(raw []byte, level int) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	if buf.Len() >= len(raw)*9/10 {
		return nil, nil
	}
	return buf.Bytes(), nil
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (listed, and not with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return false
			}
			q = f
		}
		return q > 0
	}
	return false
}
