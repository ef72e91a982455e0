package routes

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// SetCatalogCacheBudget sets the catalog cache's byte budget for a test and
// returns a function that puts it back.
func SetCatalogCacheBudget(n int) (restore func()) {
	old := shop.MaxCatalogCacheBytes
	shop.MaxCatalogCacheBytes = n
	return func() { shop.MaxCatalogCacheBytes = old }
}

// CatalogCacheUse is the number of answers and bytes the app's catalog
// cache holds.
func CatalogCacheUse(app core.App) (answers, bytes int) { return shop.CatalogCacheUse(app) }

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
