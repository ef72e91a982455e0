package routes

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// SetCatalogCacheBudget sets the catalog cache's byte budget for a test and
// returns a function that puts it back.
func SetCatalogCacheBudget(n int) (restore func()) {
	old := catalog.MaxCacheBytes
	catalog.MaxCacheBytes = n
	return func() { catalog.MaxCacheBytes = old }
}

// CatalogCacheUse is the number of answers and bytes the app's catalog
// cache holds.
func CatalogCacheUse(app core.App) (answers, bytes int) { return catalog.CacheUse(app) }

// ThumbFailed reports whether the thumbnail at thumbPath is remembered as
// failed.
func ThumbFailed(thumbPath string) bool { return failedThumbs.Has(thumbPath) }

// SetMaxSitemapURLs sets how many addresses one sitemap lists for a test
// and returns a function that puts it back.
func SetMaxSitemapURLs(n int) (restore func()) {
	old := maxSitemapURLs
	maxSitemapURLs = n
	return func() { maxSitemapURLs = old }
}

// SetResetEvery sets how often the reset queue is emptied for a test and
// returns a function that puts it back.
func SetResetEvery(d time.Duration) (restore func()) {
	old := resetEvery.Swap(int64(d))
	return func() { resetEvery.Store(old) }
}

// ResetPassNow asks app's reset queue worker for a pass at once.
func ResetPassNow(app core.App) {
	q := &stateOf(app).resets
	q.mu.Lock()
	wake := q.wake
	q.mu.Unlock()
	if wake != nil {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
}
