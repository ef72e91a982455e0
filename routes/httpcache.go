package routes

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// HTTP caching, as docs/api.md (Operations) says: public catalog reads may
// be kept by browsers and shared caches (a CDN, Varnish) for a short while
// and are revalidated with ETag / If-None-Match; everything else under /api
// is private and never stored; images are immutable (images.go) and
// index.html is revalidated on every load (spa.go).

// catalogMaxAge is the Cache-Control max-age of public catalog reads, in
// seconds: the longest a shared cache may show an old price or stock
// level. Orders check the stock themselves, so a stale page can never
// oversell.
const catalogMaxAge = "10"

// catalogCacheControl is the Cache-Control of public catalog reads.
const catalogCacheControl = "public, max-age=" + catalogMaxAge

// privateCacheControl is the default of every /api answer (carts, orders,
// accounts, admin work): no cache anywhere may keep it.
const privateCacheControl = "private, no-store"

// noStoreAPI gives every /api answer privateCacheControl unless its handler
// says otherwise. PocketBase's file API sets its own.
func noStoreAPI() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "stageshopNoStoreAPI",
		Func: func(e *core.RequestEvent) error {
			p := e.Request.URL.Path
			if strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/api/files/") {
				e.Response.Header().Set("Cache-Control", privateCacheControl)
			}
			return e.Next()
		},
	}
}

// publicCatalogRead reports whether the request is a public catalog read:
// an admin's list (includeInactive, whatever its value) never is.
func publicCatalogRead(e *core.RequestEvent) bool {
	return !e.Request.URL.Query().Has("includeInactive")
}

// etagOf is a strong validator of body (a content hash).
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
}

// gzipETag is the validator of the gzip-compressed form of a body whose
// plain validator is etag: another representation, so another tag.
func gzipETag(etag string) string {
	return strings.TrimSuffix(etag, `"`) + `-gz"`
}

// notModified reports whether the request's If-None-Match names etag (weak
// comparison: a cache in between may have weakened it, W/"...").
func notModified(r *http.Request, etag string) bool {
	header := r.Header.Get("If-None-Match")
	if header == "" {
		return false
	}
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}

// sendJSONWithETag answers v as JSON with a validator of its bytes, or 304
// when the client already holds them (small public answers that change
// rarely and must show a change at once: the store details, the pages).
func sendJSONWithETag(e *core.RequestEvent, v any) error {
	body, err := jsonBytes(v)
	if err != nil {
		return err
	}
	return (&cachedAnswer{plain: body}).send(e, "application/json")
}
