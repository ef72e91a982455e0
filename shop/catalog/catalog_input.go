package catalog

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// sortRelevance is the search's own order, the default with a search text.
const sortRelevance = "relevance"

// maxSearchLen bounds a search text (characters).
const maxSearchLen = 200

// ProductListInput is the product list's query as a client sends it, every
// member the text of the URL's parameter ("" when absent). Lang is the
// interface language (the caller puts the browser's when none is sent).
type ProductListInput struct {
	Page     string `json:"page"`
	PageSize string `json:"pageSize"`
	Sort     string `json:"sort"`
	Category string `json:"category"`
	Search   string `json:"search"`
	MinPrice string `json:"minPrice"`
	MaxPrice string `json:"maxPrice"`
	InStock  string `json:"inStock"`
	OnSale   string `json:"onSale"`
	Facets   string `json:"facets"`
	Lang     string `json:"lang"`
	// Categories are the shop's categories, which a category must name
	// (by name in any case, or by slug).
	Categories KnownCategories `json:"-"`
}

// Validate checks the query; errors are keyed by the parameters' names.
func (in ProductListInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Page, wholeParam(1, wire.MaxPage, fmt.Sprintf("Page must be a whole number from 1 to %d", wire.MaxPage))),
		validation.Field(&in.PageSize, wholeParam(1, maxPageSize, fmt.Sprintf("Page size must be a whole number from 1 to %d", maxPageSize))),
		validation.Field(&in.Sort, validation.By(func(any) error {
			if in.Sort != "" && in.Sort != sortRelevance && !isSort(in.Sort) {
				return validation.NewError("validation_sort", "Sort must be one of relevance, newest, name_asc, name_desc, price_asc, price_desc")
			}
			return nil
		})),
		validation.Field(&in.Category, validation.By(func(any) error {
			if _, ok := in.Categories.Canonical(in.Category); in.Category != "" && !ok {
				return validation.NewError("validation_category", "Category must be one of "+strings.Join(in.Categories.Names(), ", "))
			}
			return nil
		})),
		validation.Field(&in.Search, searchText),
		validation.Field(&in.MinPrice, dollarsParam("minPrice")),
		validation.Field(&in.MaxPrice, dollarsParam("maxPrice"), validation.By(func(any) error {
			low, okLow := dollars(in.MinPrice)
			high, okHigh := dollars(in.MaxPrice)
			if okLow && okHigh && strings.TrimSpace(in.MaxPrice) != "" && high < low {
				return validation.NewError("validation_price_range", "maxPrice must be at least minPrice")
			}
			return nil
		})),
		validation.Field(&in.InStock, boolParam("inStock")),
		validation.Field(&in.OnSale, boolParam("onSale")),
		validation.Field(&in.Facets, boolParam("facets")),
	)
}

// Query is the validated input as the list's query: page 1 of
// DefaultPageSize, newest first unless said otherwise; a search is ranked
// by relevance unless another order is chosen, and only a search depends
// on the language.
func (in ProductListInput) Query() (ProductQuery, error) {
	if err := in.Validate(); err != nil {
		return ProductQuery{}, err
	}
	q := ProductQuery{Page: 1, PageSize: defaultPageSize, Sort: SortNewest, Lang: in.Lang}
	if in.Page != "" {
		q.Page, _ = strconv.Atoi(in.Page)
	}
	if in.PageSize != "" {
		q.PageSize, _ = strconv.Atoi(in.PageSize)
	}
	if in.Sort != "" && in.Sort != sortRelevance {
		q.Sort = in.Sort
	}
	if in.Category != "" {
		q.Category, _ = in.Categories.Canonical(in.Category)
	}
	q.Search = strings.TrimSpace(in.Search)
	q.MinPriceCents, _ = dollars(in.MinPrice)
	if strings.TrimSpace(in.MaxPrice) != "" {
		q.MaxPriceCents, _ = dollars(in.MaxPrice)
		q.HasMaxPrice = true
	}
	q.InStock, q.Facets = in.InStock == "1" || in.InStock == "true", in.Facets == "1" || in.Facets == "true"
	q.OnSale = in.OnSale == "1" || in.OnSale == "true"
	if q.Search != "" && (in.Sort == "" || in.Sort == sortRelevance) {
		q.Sort = "" // ranked by relevance
	}
	if q.Search == "" {
		q.Lang = "" // one cached answer for every language
	}
	return q, nil
}

// SuggestInput is the header's suggestion query: the text typed so far.
type SuggestInput struct {
	Q string `json:"q"`
}

// Validate checks the text's length.
func (in SuggestInput) Validate() error {
	return validation.ValidateStruct(&in, validation.Field(&in.Q, searchText))
}

// searchText refuses a search text (trimmed) longer than MaxSearchLen.
var searchText = validation.By(func(v any) error {
	if s, _ := v.(string); len([]rune(strings.TrimSpace(s))) > maxSearchLen {
		return validation.NewError("validation_length", fmt.Sprintf("Search text must be at most %d characters", maxSearchLen))
	}
	return nil
})

// wholeParam accepts no value or a whole number from lo to hi (hi 0: no
// upper bound), as strconv.Atoi reads it.
func wholeParam(lo, hi int, msg string) validation.Rule {
	return validation.By(func(v any) error {
		s, _ := v.(string)
		if s == "" {
			return nil
		}
		if n, err := strconv.Atoi(s); err != nil || n < lo || (hi > 0 && n > hi) {
			return validation.NewError("validation_whole", msg)
		}
		return nil
	})
}

// dollars reads an amount of dollars as cents; ok is false when it is not
// one from 0 to MaxPriceCents (an empty text is 0, ok).
func dollars(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	cents, err := money.Parse(json.Number(s))
	return cents, err == nil && cents >= 0 && cents <= money.MaxPriceCents
}

// dollarsParam accepts no value or an amount of dollars from 0 to
// 1,000,000 with at most two decimals.
func dollarsParam(name string) validation.Rule {
	return validation.By(func(v any) error {
		if s, _ := v.(string); !func() bool { _, ok := dollars(s); return ok }() {
			return validation.NewError("validation_amount", name+" must be a number of dollars from 0 to 1,000,000 with at most two decimals")
		}
		return nil
	})
}

// boolParam accepts no value, 0, 1, false or true.
func boolParam(name string) validation.Rule {
	return validation.By(func(v any) error {
		switch s, _ := v.(string); s {
		case "", "0", "false", "1", "true":
			return nil
		}
		return validation.NewError("validation_bool", name+" must be true or false")
	})
}
