package routes

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"

	"stageshop/routes/firstscreen"
	"stageshop/shop/catalog"
	"stageshop/shop/locale"
	"stageshop/shop/search"
	"stageshop/shop/wire"
)

// maxSuggestions is the most products the header suggests.
const maxSuggestions = 5

func toFacetsJSON(f catalog.Facets) *wire.ProductFacets {
	return &wire.ProductFacets{Categories: f.Categories, InStock: f.InStock,
		Price: wire.PriceRange{Min: wire.Amount(f.PriceMin), Max: wire.Amount(f.PriceMax)}}
}

// flights makes concurrent identical searches wait for one answer: a
// popular text asked by many shoppers at once is computed once, then
// served from the catalog cache.
var flights singleflight.Group

// searchAnswer is the list's answer for a search text (from the search
// index, checked against the database) or for facets=1, with the facets.
func searchAnswer(e *core.RequestEvent, q catalog.ProductQuery) (any, error) {
	key := fmt.Sprintf("list|%p|%d|%#v", e.App, catalog.Generation(e.App), q)
	v, err, _ := flights.Do(key, func() (any, error) { return computeSearchAnswer(e, q) })
	return v, err
}

func computeSearchAnswer(e *core.RequestEvent, q catalog.ProductQuery) (any, error) {
	ctx := context.WithoutCancel(e.Request.Context()) // others may wait for it
	x, err := search.Of(e.App)
	if !search.HasWords(q.Search) || err != nil || !x.Ready() {
		return plainListAnswer(e.App, q) // no text, or the index is being built
	}
	req := search.Request{
		Text: q.Search, Lang: q.Lang, Sort: q.Sort, Page: q.Page, PageSize: q.PageSize, Facets: true,
		Filters: search.Filters{
			Category: q.Category, InStock: q.InStock, OnSale: q.OnSale, IncludeInactive: q.IncludeInactive,
		},
	}
	if !q.IncludeInactive {
		known, err := catalog.Categories(e.App)
		if err != nil {
			return nil, err
		}
		req.Filters.Hidden = known.Hidden()
	}
	if q.MinPriceCents > 0 {
		req.Filters.MinPriceCents = &q.MinPriceCents
	}
	if q.HasMaxPrice {
		req.Filters.MaxPriceCents = &q.MaxPriceCents
	}
	res, err := x.Search(ctx, req)
	if errors.Is(err, search.ErrNotReady) {
		return plainListAnswer(e.App, q)
	}
	if err != nil {
		return nil, err
	}
	products, err := catalog.ProductsByIDs(e.App, res.IDs, !q.IncludeInactive)
	if err != nil {
		return nil, err
	}
	out := wire.ProductList{Products: productsJSON(products), Pagination: wire.NewPage(q.Page, q.PageSize, res.Total)}
	if res.Facets != nil {
		out.Facets = toFacetsJSON(*res.Facets)
	}
	if res.Total == 0 {
		out.DidYouMean, err = x.DidYouMean(ctx, q.Search, q.Lang, req.Filters)
	}
	return out, err
}

// plainListAnswer is the list with its facets from SQL: no search text, a
// text of punctuation only ("%", matched as a substring), or any search
// while the index is being built.
func plainListAnswer(app core.App, q catalog.ProductQuery) (any, error) {
	products, total, err := catalog.ListProducts(app, q)
	if err != nil {
		return nil, err
	}
	f, err := catalog.FacetsFor(app, q)
	if err != nil {
		return nil, err
	}
	return wire.ProductList{
		Products: productsJSON(products), Pagination: wire.NewPage(q.Page, q.PageSize, total),
		Facets: toFacetsJSON(f),
	}, nil
}

func productsJSON(ps []catalog.Product) []wire.Product {
	list := make([]wire.Product, 0, len(ps))
	for _, p := range ps {
		list = append(list, toProductJSON(p))
	}
	return list
}

// browserLanguage is the language a catalog answer is written in when the
// URL names none (lang=): the browser's (?lng=, the app's cookie,
// Accept-Language). The answer then differs by those headers, and says so
// to every cache that may keep it (issue 43: a Russian search was kept and
// shown to an English browser for 10 s).
func browserLanguage(e *core.RequestEvent) string {
	h := e.Response.Header()
	h.Add("Vary", "Accept-Language")
	h.Add("Vary", "Cookie")
	return firstscreen.Language(e.Request)
}

// suggestKey is the catalog cache's key of a suggestion answer.
type suggestKey struct{ q, lang string }

// suggestProducts answers GET /api/products/suggest?q=: up to 5 active
// products for the text typed so far (none under 2 characters); name is
// in the interface language (lang, else the browser's).
func suggestProducts(e *core.RequestEvent) error {
	in := catalog.SuggestInput{Q: queryText(e, "q")}
	if err := in.Validate(); err != nil {
		return err
	}
	text := in.Q
	if err := checkSearchLimit(e, text); err != nil {
		return err
	}
	lang := e.Request.URL.Query().Get("lang")
	if !locale.IsLanguage(lang) {
		lang = browserLanguage(e)
	}
	key := suggestKey{strings.ToLower(text), lang}
	return cached(e, key, func() (any, bool, error) {
		flight := fmt.Sprintf("suggest|%p|%d|%#v", e.App, catalog.Generation(e.App), key)
		v, err, _ := flights.Do(flight, func() (any, error) { return suggestions(e, text, lang) })
		return v, err == nil, err
	})
}

// suggestions are the products suggested for text, in language lang.
func suggestions(e *core.RequestEvent, text, lang string) (any, error) {
	out := wire.ProductSuggestions{Products: []wire.ProductSuggestion{}}
	x, err := search.Of(e.App)
	if err != nil || !x.Ready() {
		return out, err
	}
	ids, err := x.Suggest(context.WithoutCancel(e.Request.Context()), text, lang, maxSuggestions)
	if err != nil {
		return nil, err
	}
	products, err := catalog.ProductsByIDs(e.App, ids, true)
	if err != nil {
		return nil, err
	}
	for _, p := range products {
		s := wire.ProductSuggestion{
			ID: p.ID, Name: p.NameLocalized.Get(lang, p.Name), NameLocalized: nonNilLocalized(p.NameLocalized),
			Price: wire.Amount(p.PriceFromCents), InStock: p.InStock,
		}
		if len(p.ImageFileNames) > 0 {
			s.ImageFileName = p.ImageFileNames[0]
		}
		out.Products = append(out.Products, s)
	}
	return out, nil
}
