package shop

import (
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The product list's total is a COUNT over every matching product, the one
// part of a list request that grows with the catalog. Without a search the
// total depends only on (category, includeInactive), and it changes only
// when a product is created, deleted, activated, deactivated or moved to
// another category, all of which go through record saves. So those totals
// are cached per app and dropped by the hooks (see InvalidateCatalog).
// Stock updates by raw SQL never change them.

const catalogCountsKey = "shop.catalogCounts"

type countKey struct {
	category        string
	includeInactive bool
}

type catalogCounts struct {
	mu     sync.Mutex
	gen    uint64
	counts map[countKey]int
}

func countsOf(app core.App) *catalogCounts {
	return app.Store().GetOrSet(catalogCountsKey, func() any {
		return &catalogCounts{counts: map[countKey]int{}}
	}).(*catalogCounts)
}

// InvalidateCatalog marks the catalog as changed: it drops the cached list
// totals and moves the generation that caches of list answers compare with.
// The hooks call it after every committed change of a product, and of an
// order (placing or cancelling one moves stock by raw SQL in the same
// transaction, which no product hook sees).
func InvalidateCatalog(app core.App) {
	c := countsOf(app)
	c.mu.Lock()
	c.gen++
	clear(c.counts)
	c.mu.Unlock()
}

// countProducts returns the number of products matching q, from the cache
// when q has no search.
func countProducts(app core.App, q ProductQuery, where dbx.Expression) (int, error) {
	if strings.TrimSpace(q.Search) != "" || q.Narrowed() {
		return countQuery(app, where)
	}
	c := countsOf(app)
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
	// Keep it only if no product changed while we counted.
	if c.gen == gen {
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

// CatalogGeneration is a number that changes whenever InvalidateCatalog
// runs. A cache of anything derived from products stores the generation it
// read before computing, and keeps its result only if it is still current.
func CatalogGeneration(app core.App) uint64 {
	c := countsOf(app)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}
