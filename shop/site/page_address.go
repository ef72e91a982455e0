package site

import (
	"net/url"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// PageAddressQuery is GET /api/head's query: the address of one of the
// shop's pages, from / (path and query), whose head the app asks for.
type PageAddressQuery struct {
	Path string `json:"path"`
}

// Validate checks that path is an address on this site; errors are keyed
// path.
func (q PageAddressQuery) Validate() error {
	return validation.ValidateStruct(&q, validation.Field(&q.Path, validation.By(func(any) error {
		if _, ok := q.URL(); !ok {
			return validation.NewError("validation_page_address", "The page's address, from /: /ru/products/{id}")
		}
		return nil
	})))
}

// URL is the address parsed; ok is false for anything but a path from /
// on this site (no scheme, host or protocol-relative //).
func (q PageAddressQuery) URL() (u *url.URL, ok bool) {
	u, err := url.Parse(q.Path)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return nil, false
	}
	return u, true
}
