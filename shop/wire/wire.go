// Package wire holds the API's answer shapes, so each has one home: the page
// info of every list, the RFC 3339 time stamps, money and localized texts,
// and the answers themselves, from which the app's TypeScript types are
// generated (typescript_test.go), and the error envelope (Problem): every
// package's errors carry their status and code in it. It imports nothing
// of the shop but money, so package shop and all its subpackages can use it.
package wire

import (
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

// Page describes one page of a list.
type Page struct {
	Page       int `json:"page"`
	PageSize   int `json:"pageSize"`
	TotalCount int `json:"totalCount"`
	TotalPages int `json:"totalPages"`
}

// MaxPage is the highest page number any list answers (a page past the
// last is empty; past MaxPage it is 400): the bound the lists' numbers
// already had, and no offset computed from it (times a page of at most
// 10,000) overflows.
const MaxPage = 1_000_000_000

// NewPage is the page info of page of size over total rows.
func NewPage(page, size, total int) Page {
	pages := 0
	if size > 0 {
		pages = (total + size - 1) / size
	}
	return Page{Page: page, PageSize: size, TotalCount: total, TotalPages: pages}
}

// Time writes a time as RFC 3339 UTC ("" when zero).
func Time(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Stamp writes a stored date as RFC 3339 UTC ("" when unset).
func Stamp(d types.DateTime) string {
	return Time(d.Time())
}
