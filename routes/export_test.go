package routes

import "github.com/pocketbase/pocketbase/core"

// SetCatalogCacheBudget sets the cache's byte budget for a test and returns
// a function that puts it back.
func SetCatalogCacheBudget(n int) (restore func()) {
	old := maxCatalogCacheBytes
	maxCatalogCacheBytes = n
	return func() { maxCatalogCacheBytes = old }
}

// CatalogCacheUse is the number of answers and bytes the app's cache holds.
func CatalogCacheUse(app core.App) (answers, bytes int) {
	c := catalogCacheOf(app)
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.answers), c.bytes
}

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
