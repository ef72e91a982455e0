package routes

import (
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/wire"
)

// queryText reads a query parameter, trimmed.
func queryText(e *core.RequestEvent, name string) string {
	return strings.TrimSpace(e.Request.URL.Query().Get(name))
}

// queryInt reads an optional whole-number query parameter; def when absent.
func queryInt(e *core.RequestEvent, name string, def int) (int, bool) {
	s := queryText(e, name)
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 1_000_000_000 {
		return 0, false
	}
	return n, true
}

// pageParam reads a list's optional page or page size (or another whole
// number): def when absent, bad when it is not a whole number from
// -wire.MaxPage to wire.MaxPage (no list has more pages, nor pages as
// long: issue 43, page=9223372036854775807 panicked). The inputs
// of shop and shop/mail refuse bad with their own message, so the rules
// and messages live there, once.
func pageParam(e *core.RequestEvent, name string, def, bad int) int {
	n, ok := queryInt(e, name, def)
	if !ok || n > wire.MaxPage || n < -wire.MaxPage {
		return bad
	}
	return n
}
