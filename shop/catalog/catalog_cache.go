package catalog

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// The catalog's caches share one generation, owned here. The hooks call
// Invalidate after every committed change of a product, and of an
// order (placing or cancelling one moves stock by raw SQL in the same
// transaction, which no product hook sees): the generation moves and
// everything kept for the old one goes, the list totals and the values
// Remember keeps (the encoded answers of the public catalog).

// MaxCacheBytes bounds the memory of the values Remember
// keeps (searches and page sizes make many distinct keys); past it, the
// cache starts again empty.
var MaxCacheBytes = 32 << 20

// catalogCache is one app's catalog generation and what is kept for it.
type catalogCache struct {
	mu     sync.Mutex
	gen    uint64
	counts map[countKey]int
	values map[any]any
	bytes  int // of the kept values, as their makers counted them
}

// countKey is a list total's key: without a search the total depends only
// on the category and whether inactive products count.
type countKey struct {
	category        string
	includeInactive bool
}

// reset drops what was kept; c.mu is held.
func (c *catalogCache) reset() {
	c.counts, c.values, c.bytes = map[countKey]int{}, map[any]any{}, 0
}

// state is what the catalog keeps in memory for one app: its
// generation with what is kept for it, and the categories.
type state struct {
	cache catalogCache
	cats  atomic.Pointer[keep.Value[KnownCategories]]
}

// stateOf is app's catalog state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state {
		s := &state{}
		s.cache.reset()
		return s
	})
}

func cacheOf(app core.App) *catalogCache { return &stateOf(app).cache }

// Invalidate marks the catalog as changed: the generation moves and
// the list totals and kept values are dropped.
func Invalidate(app core.App) {
	c := cacheOf(app)
	c.mu.Lock()
	c.gen++
	c.reset()
	c.mu.Unlock()
}

// Generation is a number that changes whenever Invalidate
// runs (search keys its shared work by it).
func Generation(app core.App) uint64 {
	c := cacheOf(app)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// CacheUse is the number of values kept and their bytes.
func CacheUse(app core.App) (values, bytes int) {
	c := cacheOf(app)
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.values), c.bytes
}

// Remember returns the value kept under key for the current
// catalog generation, or make's. make says how many bytes its value holds
// and whether it may be kept (the same for everyone); it is kept when the
// catalog did not change while it was made and it fits
// MaxCacheBytes. Keys of different types never meet.
func Remember[T any](app core.App, key any, make func() (v T, size int, keep bool, err error)) (T, error) {
	c := cacheOf(app)
	c.mu.Lock()
	gen := c.gen
	kept, ok := c.values[key].(T)
	c.mu.Unlock()
	if ok {
		return kept, nil
	}
	v, size, keep, err := make()
	if err != nil || !keep || size > MaxCacheBytes {
		return v, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return v, nil // the catalog changed meanwhile: v may be stale
	}
	if c.bytes+size > MaxCacheBytes {
		c.reset()
	}
	if _, dup := c.values[key]; !dup {
		c.values[key] = v
		c.bytes += size
	}
	return v, nil
}

// countProducts returns the number of products matching q, from the cache
// when q has no search (creating, deleting, activating or moving a product
// are record saves, which move the generation; stock updates never change
// a total).
func countProducts(app core.App, q ProductQuery, where dbx.Expression) (int, error) {
	if strings.TrimSpace(q.Search) != "" || q.Narrowed() {
		return countQuery(app, where)
	}
	c := cacheOf(app)
	key := countKey{q.Category, q.IncludeInactive}
	c.mu.Lock()
	n, ok := c.counts[key]
	gen := c.gen
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := countQuery(app, where)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	if c.gen == gen { // no product changed while we counted
		c.counts[key] = n
	}
	c.mu.Unlock()
	return n, nil
}

func countQuery(app core.App, where dbx.Expression) (int, error) {
	var total int
	err := app.DB().Select("COUNT(*)").From(ProductsCollection).Where(where).Row(&total)
	return total, err
}
