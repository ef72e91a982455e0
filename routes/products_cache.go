package routes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/klauspost/compress/gzip"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// The public catalog is the shop's hottest read and the same few pages and
// products are asked for again and again, so their encoded answers are kept
// in memory for the current catalog generation, in shop's catalog cache
// (catalog.Remember: the generation moves after every committed
// product or order change, stock included). Admin lists (includeInactive)
// and inactive products, whose answer depends on who asks, are never kept.
// What the routes add is HTTP: each answer is also kept gzip-compressed (a
// page of 20 products shrinks from ~30 kB to ~9 kB, which is most of the
// home's wait on a phone network, at no per-request cost) with its ETag.

// productKey is the cache key of one product's answer (list pages use their
// shop.ProductQuery).
type productKey string

// cachedAnswer is one encoded answer, plain and gzip-compressed (gz is nil
// when compressing does not pay), with the validator of the plain form
// (made by send when empty).
type cachedAnswer struct {
	plain, gz []byte
	etag      string
}

// cachedList answers q from the cache, or with build's answer, which it
// keeps when the catalog did not change while it was built.
func cachedList(e *core.RequestEvent, q catalog.ProductQuery, build func() (any, error)) error {
	if q.IncludeInactive {
		v, err := build()
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, v)
	}
	return cached(e, q, func() (any, bool, error) {
		v, err := build()
		return v, true, err
	})
}

// cached answers key from the cache, or with build's answer. build says
// whether its answer is the same for everyone and so may be kept; it is
// kept when the catalog did not change while it was built.
func cached(e *core.RequestEvent, key any, build func() (v any, shared bool, err error)) error {
	var direct any
	answer, err := cachedAnswerOf(e.App, key, func() ([]byte, bool, error) {
		v, shared, err := build()
		if err != nil {
			return nil, false, err
		}
		if !shared {
			direct = v
			return nil, false, nil
		}
		plain, err := jsonBytes(v)
		if err != nil {
			return nil, false, fmt.Errorf("encode catalog answer: %w", err)
		}
		return plain, true, nil
	})
	if err != nil {
		return err
	}
	if answer == nil {
		return e.JSON(http.StatusOK, direct)
	}
	if publicCatalogRead(e) {
		e.Response.Header().Set("Cache-Control", catalogCacheControl)
	}
	return answer.send(e, "application/json")
}

// cachedAnswerOf returns key's answer from the catalog cache, or build's,
// which is kept when build says it is the same for everyone (shared). A
// nil answer (no error) means build's answer was not shared.
func cachedAnswerOf(app core.App, key any, build func() (plain []byte, shared bool, err error)) (*cachedAnswer, error) {
	return catalog.Remember(app, key, func() (*cachedAnswer, int, bool, error) {
		plain, shared, err := build()
		if err != nil || !shared {
			return nil, 0, false, err
		}
		gz, err := gzipBytes(plain, gzip.DefaultCompression)
		if err != nil {
			return nil, 0, false, fmt.Errorf("compress catalog answer: %w", err)
		}
		// Browsers all take gzip: only that form is kept when there is one
		// (a page is 20 kB plain and 7 kB compressed), so the cache holds
		// about four times as many pages and products; a client that does
		// not take gzip gets it inflated.
		if gz != nil {
			return &cachedAnswer{gz: gz, etag: etagOf(plain)}, len(gz), true, nil
		}
		return &cachedAnswer{plain: plain, etag: etagOf(plain)}, len(plain), true, nil
	})
}

// send writes the answer, gzip-compressed when the client accepts it, with
// its ETag; 304 without a body when the client already holds it.
func (a *cachedAnswer) send(e *core.RequestEvent, contentType string) error {
	h := e.Response.Header()
	h.Add("Vary", "Accept-Encoding")
	etag := a.etag
	if etag == "" {
		etag = etagOf(a.plain)
	}
	body := a.plain
	if a.gz != nil && acceptsGzip(e.Request) {
		body, etag = a.gz, gzipETag(etag)
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	if notModified(e.Request, etag) {
		h.Del("Content-Encoding")
		return e.NoContent(http.StatusNotModified)
	}
	if body == nil { // kept compressed only, for a client without gzip
		plain, err := gunzipBytes(a.gz)
		if err != nil {
			return err
		}
		body = plain
	}
	return e.Blob(http.StatusOK, contentType, body)
}

// gunzipBytes inflates a gzip stream made by gzipBytes.
func gunzipBytes(gz []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// jsonBytes encodes v as e.JSON would.
func jsonBytes(v any) ([]byte, error) { return json.Marshal(v) }
