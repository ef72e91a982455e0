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

// The public product list is the shop's hottest read and the same few pages
// are asked for again and again, so its encoded answers are kept in memory,
// per app, for the current catalog generation (shop.CatalogGeneration moves
// after every committed product or order change, stock included). Admin
// lists (includeInactive) are never cached.

const listCacheKey = "routes.productListCache"

// maxListCache bounds the entries; past it, the cache starts again empty.
const maxListCache = 2000

type listCache struct {
	mu      sync.Mutex
	gen     uint64
	answers map[shop.ProductQuery]*listAnswer
}

// listAnswer is one encoded list page, plain and gzip-compressed (gz is nil
// when compressing does not pay).
type listAnswer struct {
	plain, gz []byte
}

func listCacheOf(app core.App) *listCache {
	return app.Store().GetOrSet(listCacheKey, func() any {
		return &listCache{answers: map[shop.ProductQuery]*listAnswer{}}
	}).(*listCache)
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
	c := listCacheOf(e.App)
	gen := shop.CatalogGeneration(e.App)
	c.mu.Lock()
	if c.gen != gen {
		c.gen = gen
		clear(c.answers)
	}
	answer := c.answers[q]
	c.mu.Unlock()
	if answer == nil {
		v, err := build()
		if err != nil {
			return err
		}
		plain, err := jsonBytes(v)
		if err != nil {
			return fmt.Errorf("encode product list: %w", err)
		}
		gz, err := gzipBytes(plain, gzip.DefaultCompression)
		if err != nil {
			return fmt.Errorf("compress product list: %w", err)
		}
		answer = &listAnswer{plain: plain, gz: gz}
		c.mu.Lock()
		if c.gen == gen && shop.CatalogGeneration(e.App) == gen {
			if len(c.answers) >= maxListCache {
				clear(c.answers)
			}
			c.answers[q] = answer
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

// jsonBytes encodes v as e.JSON would.
func jsonBytes(v any) ([]byte, error) { return json.Marshal(v) }
