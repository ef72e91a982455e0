package routes

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
	"stageshop/routes/pagehead"
	"stageshop/shop"
	"stageshop/shop/mail"
)

// A page of the app is answered with the status, head and, where there is
// one, first screen its address calls for (api.md, "Pages, languages and
// search engines"): the route table is the app's (routes.gen.json), the
// facts come from the catalog.

// pageAt is a page request: its address's language, the app's path and
// query, and the app's route for it.
type pageAt struct {
	lang   string
	path   string
	query  url.Values
	route  firstscreen.Route
	params map[string]string
}

// pageAtURL reads a page's address (/ru/products/x?y=1).
func pageAtURL(u *url.URL) pageAt {
	lang, rest := firstscreen.SplitPath(u.Path)
	route, params := firstscreen.Match(rest)
	return pageAt{lang: lang, path: rest, query: u.Query(), route: route, params: params}
}

// pageFacts is what a page's head and first screen are made from.
type pageFacts struct {
	head    pagehead.Head
	status  int
	product *shop.Product // a product page's product
}

// pageHeads writes heads from the app's translations.
type pageHeads struct {
	texts *pagehead.Texts
}

// facts gathers a page's head and status. A product page of no active
// product is the not-found page.
func (h *pageHeads) facts(app core.App, at pageAt) (pageFacts, error) {
	cats, err := shop.Categories(app)
	if err != nil {
		return pageFacts{}, err
	}
	c := headContext{pageHeads: h, at: at, base: mail.PublicURL(app), shop: mail.ShopName(app), cats: cats}
	switch at.route.Kind {
	case firstscreen.KindHome:
		return pageFacts{head: c.catalogHead(), status: http.StatusOK}, nil
	case firstscreen.KindProduct:
		p, err := shop.GetProduct(app, at.params["productId"])
		if errors.Is(err, shop.ErrProductNotFound) || err == nil && !p.IsActive {
			return pageFacts{head: c.notFoundHead(), status: http.StatusNotFound}, nil
		}
		if err != nil {
			return pageFacts{}, err
		}
		return pageFacts{head: c.productHead(p), status: http.StatusOK, product: &p}, nil
	case firstscreen.KindInfo:
		return pageFacts{head: c.infoHead(), status: http.StatusOK}, nil
	case firstscreen.KindPrivate:
		return pageFacts{head: c.privateHead(), status: http.StatusOK}, nil
	}
	return pageFacts{head: c.notFoundHead(), status: http.StatusNotFound}, nil
}

// headContext writes one page's head.
type headContext struct {
	*pageHeads
	at   pageAt
	base string // the shop's public URL
	shop string // the shop's name
	cats shop.KnownCategories
}

// t is a text in the page's language, the shop's name filled in.
func (c headContext) t(key string, vars ...string) string {
	return c.texts.T(c.at.lang, key, append(vars, "shop", c.shop)...)
}

// titled is a page's title in the shop's title pattern ("Returns – StageShop").
func (c headContext) titled(title string) string { return c.t("title", "title", title) }

// head is the common part: language, texts, the card's site and locales,
// and, for a page search engines may list, its canonical address (path,
// with its query) and the same in every language.
func (c headContext) head(title, description, kind, canonical string) pagehead.Head {
	h := pagehead.Head{Lang: c.at.lang, Title: title, Description: description, NoIndex: canonical == ""}
	h.Card = pagehead.Card{SiteName: c.shop, Type: kind, Locale: c.texts.T(c.at.lang, "locale")}
	for _, l := range firstscreen.Languages() {
		if l != c.at.lang {
			h.Card.OtherLocales = append(h.Card.OtherLocales, c.texts.T(l, "locale"))
		}
	}
	if canonical != "" {
		h.Canonical = c.url(c.at.lang, canonical)
		for _, l := range firstscreen.Languages() {
			h.Alternates = append(h.Alternates, pagehead.Alternate{Lang: l, Href: c.url(l, canonical)})
		}
		h.Alternates = append(h.Alternates, pagehead.Alternate{Lang: "x-default", Href: c.url(firstscreen.Fallback(), canonical)})
	}
	return h
}

// url is the absolute address of the app's path in lang.
func (c headContext) url(lang, path string) string {
	return c.base + firstscreen.LocalePath(lang, path)
}

// catalogHead is the head of the home, a category or a search, and of
// their later pages. A search is not listed (its canonical would be the
// home's); other filters and the order do not change the canonical.
func (c headContext) catalogHead() pagehead.Head {
	q := c.at.query
	page, _ := strconv.Atoi(q.Get("page"))
	if search := strings.TrimSpace(q.Get("search")); search != "" {
		return c.head(c.titled(c.t("search", "query", clip(search, 60))), c.t("home.description"), "website", "")
	}
	canonical := url.Values{}
	title, description := c.t("home.title"), c.t("home.description")
	category, known := c.cats.Canonical(q.Get("category"))
	name, _ := c.cats.Localized(category, c.at.lang)
	if known && c.cats.Shown(category) {
		canonical.Set("category", category)
		title = c.titled(c.t("category.title", "category", name))
		description = c.t("category.description", "category", name)
	}
	if page > 1 {
		canonical.Set("page", strconv.Itoa(page))
		title = c.t("page", "title", title, "page", strconv.Itoa(page))
	}
	h := c.head(title, description, "website", withQuery("/", canonical))
	home := c.url(c.at.lang, "/")
	switch {
	case canonical.Has("category"):
		h.JSONLD = []any{pagehead.Breadcrumbs([]pagehead.Crumb{{Name: c.t("common:nav.home"), URL: home}, {Name: name}})}
	case page <= 1:
		search := c.url(c.at.lang, "/") + "?search={search_term_string}"
		h.JSONLD = []any{
			pagehead.Organization(c.shop, c.base+"/", c.base+"/favicon.svg"),
			pagehead.WebSite(c.shop, home, c.at.lang, search),
		}
	}
	return h
}

// infoHead is an information page's head (seo:pages.{page}).
func (c headContext) infoHead() pagehead.Head {
	key := "pages." + c.at.route.Page
	title := c.t(key + ".title")
	h := c.head(c.titled(title), c.t(key+".description"), "website", c.at.route.Path)
	h.JSONLD = []any{pagehead.Breadcrumbs([]pagehead.Crumb{{Name: c.t("common:nav.home"), URL: c.url(c.at.lang, "/")}, {Name: title}})}
	return h
}

// privateHead is the head of a page search engines keep out: the sign-in,
// the checkout, the account and the admin area.
func (c headContext) privateHead() pagehead.Head {
	return c.head(c.titled(c.t(c.at.route.Title)), c.t("home.description"), "website", "")
}

// notFoundHead is the head of the not-found page.
func (c headContext) notFoundHead() pagehead.Head {
	return c.head(c.titled(c.t("common:errorPage.notFoundTitle")), c.t("common:errorPage.notFoundText"), "website", "")
}

// clip shortens s to at most n letters, with an ellipsis when cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	cut := strings.TrimRight(string(r[:n-1]), " ,.;:–—-")
	if i := strings.LastIndexAny(cut, " \u3000"); i > len(cut)/2 {
		cut = strings.TrimRight(cut[:i], " ,.;:–—-")
	}
	return cut + "…"
}
