package routes

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// The public catalog is the shop's hottest read and the same few pages and
// products are asked for again and again, so their encoded answers are kept
// in memory, per app, for the current catalog generation
// (shop.CatalogGeneration moves after every committed product or order
// change, stock included). Admin lists (includeInactive) and inactive
// products, whose answer depends on who asks, are never cached. Each answer
// is also kept gzip-compressed: a page of 20 products shrinks from ~30 kB to
// ~9 kB, which is most of the home's wait on a phone network, at no
// per-request cost.

const catalogCacheKey = "routes.catalogCache"

// maxCatalogCacheBytes bounds the memory the answers take (searches and
// page sizes make many distinct keys); past it, the cache starts again
// empty.
var maxCatalogCacheBytes = 32 << 20

// productKey is the cache key of one product's answer (list pages use their
// shop.ProductQuery).
type productKey string

type catalogCache struct {
	mu      sync.Mutex
	gen     uint64
	bytes   int // of every answer kept, plain and gzip
	answers map[any]*cachedAnswer
}

// cachedAnswer is one encoded answer, plain and gzip-compressed (gz is nil
// when compressing does not pay).
type cachedAnswer struct {
	plain, gz []byte
}

func catalogCacheOf(app core.App) *catalogCache {
	return app.Store().GetOrSet(catalogCacheKey, func() any {
		return &catalogCache{answers: map[any]*cachedAnswer{}}
	}).(*catalogCache)
}

// cachedList answers q from the cache, or with build's answer, which it
// keeps when the catalog did not change while it was built.
func cachedList(e *core.RequestEvent, q shop.ProductQuery, build func() (any, error)) error {
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
	c := catalogCacheOf(e.App)
	gen := shop.CatalogGeneration(e.App)
	c.mu.Lock()
	if c.gen != gen {
		c.gen = gen
		c.reset()
	}
	answer := c.answers[key]
	c.mu.Unlock()
	if answer == nil {
		v, shared, err := build()
		if err != nil {
			return err
		}
		if !shared {
			return e.JSON(http.StatusOK, v)
		}
		plain, err := jsonBytes(v)
		if err != nil {
			return fmt.Errorf("encode catalog answer: %w", err)
		}
		gz, err := gzipBytes(plain, gzip.DefaultCompression)
		if err != nil {
			return fmt.Errorf("compress catalog answer: %w", err)
		}
		answer = &cachedAnswer{plain: plain, gz: gz}
		c.mu.Lock()
		size := len(answer.plain) + len(answer.gz)
		if c.gen == gen && shop.CatalogGeneration(e.App) == gen && size <= maxCatalogCacheBytes {
			if c.bytes+size > maxCatalogCacheBytes {
				c.reset()
			}
			if _, dup := c.answers[key]; !dup {
				c.answers[key] = answer
				c.bytes += size
			}
		}
		c.mu.Unlock()
	}
	e.Response.Header().Add("Vary", "Accept-Encoding")
	if answer.gz != nil && acceptsGzip(e.Request) {
		e.Response.Header().Set("Content-Encoding", "gzip")
		return e.Blob(http.StatusOK, "application/json", answer.gz)
	}
	return e.Blob(http.StatusOK, "application/json", answer.plain)
}

// reset empties the cache; c.mu is held.
func (c *catalogCache) reset() {
	clear(c.answers)
	c.bytes = 0
}

// jsonBytes encodes v as e.JSON would.
func jsonBytes(v any) ([]byte, error) { return json.Marshal(v) }
