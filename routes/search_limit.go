package routes

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// SearchRule labels the per-IP limit of searches and suggestions (issue
// 43: eight clients of never-repeating texts took the catalog's p50 from 5
// to 110 ms) among PocketBase's rate-limit rules, where admins tune it.
// The shop counts them itself: a search is GET /api/products?search= and
// PocketBase's rules match by path, which would limit every list too.
const SearchRule = "shop:search"

// checkSearchLimit counts one search or suggestion of text from the
// client's address: 429 past the rule. A request without a text is a plain
// list and is not counted.
func checkSearchLimit(e *core.RequestEvent, text string) error {
	if strings.TrimSpace(text) == "" || !overShopLimit(e, &stateOf(e.App).searches, SearchRule) {
		return nil
	}
	return newError(http.StatusTooManyRequests, "rate_limited",
		"Too many searches from your network. Please try again in a minute.")
}
