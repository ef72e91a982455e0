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
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/richtext"
	"stageshop/shop/site"
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
	product *catalog.Product // a product page's product
	info    *site.InfoPage   // an information page's record
}

// pageHeads writes heads from the app's translations.
type pageHeads struct {
	texts *pagehead.Texts
}

// facts gathers a page's head and status. A product page of no active
// product is the not-found page.
func (h *pageHeads) facts(app core.App, at pageAt) (pageFacts, error) {
	cats, err := catalog.Categories(app)
	if err != nil {
		return pageFacts{}, err
	}
	c := headContext{pageHeads: h, app: app, at: at, base: mail.PublicURL(app), shop: mail.ShopName(app), cats: cats}
	switch at.route.Kind {
	case firstscreen.KindHome:
		return pageFacts{head: c.catalogHead(), status: http.StatusOK}, nil
	case firstscreen.KindProduct:
		p, err := catalog.GetProduct(app, at.params["productId"])
		if errors.Is(err, catalog.ErrProductNotFound) || err == nil && !p.IsActive {
			return pageFacts{head: c.notFoundHead(), status: http.StatusNotFound}, nil
		}
		if err != nil {
			return pageFacts{}, err
		}
		return pageFacts{head: c.productHead(p), status: http.StatusOK, product: &p}, nil
	case firstscreen.KindInfo:
		return c.infoFacts(app)
	case firstscreen.KindPrivate:
		return pageFacts{head: c.privateHead(), status: http.StatusOK}, nil
	}
	return pageFacts{head: c.notFoundHead(), status: http.StatusNotFound}, nil
}

// headContext writes one page's head.
type headContext struct {
	*pageHeads
	app  core.App
	at   pageAt
	base string // the shop's public URL
	shop string // the shop's name
	cats catalog.KnownCategories
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
	c.shareImage(&h, category, known && c.cats.Shown(category))
	// A category shows no breadcrumb trail, so it marks none up.
	if !canonical.Has("category") && page <= 1 {
		home := c.url(c.at.lang, "/")
		search := home + "?search={search_term_string}"
		h.JSONLD = []any{
			pagehead.Organization(c.organization()),
			pagehead.WebSite(c.shop, home, c.at.lang, search),
		}
	}
	return h
}

// shareImage gives a listed page without a photo of its own a picture for
// link previews (og:image): the shop's logo, else the newest photo of the
// category, or of the shop.
func (c headContext) shareImage(h *pagehead.Head, category string, inCategory bool) {
	if h.Canonical == "" || h.Card.Image != "" {
		return
	}
	if d, err := site.LoadStoreDetails(c.app); err == nil && d.LogoURL != "" {
		h.Card.Image, h.Card.ImageAlt = c.base+d.LogoURL, c.shop
		return
	}
	q := catalog.ProductQuery{Page: 1, PageSize: 1, Sort: catalog.SortNewest}
	if inCategory {
		q.Category = category
	}
	products, _, err := catalog.ListProducts(c.app, q)
	if err == nil && len(products) == 0 && inCategory { // an empty category: the shop's photo
		q.Category = ""
		products, _, err = catalog.ListProducts(c.app, q)
	}
	if err != nil || len(products) == 0 || len(products[0].ImageFileNames) == 0 {
		return
	}
	p := products[0]
	h.Card.Image = c.imageURLs(p.ImageFileNames[:1])[0]
	h.Card.ImageAlt = strings.TrimSpace(p.NameLocalized.Get(c.at.lang, p.Name))
}

// organization is the shop's Organization: its store details.
func (c headContext) organization() pagehead.Org {
	o := pagehead.Org{Name: c.shop, URL: c.base + "/", Logo: c.base + "/favicon.svg"}
	d, err := site.LoadStoreDetails(c.app)
	if err != nil {
		return o
	}
	if d.LogoURL != "" {
		o.Logo = c.base + d.LogoURL
	}
	o.Email, o.Phone = d.Email, d.Phone
	o.Address = strings.Join(strings.Fields(strings.ReplaceAll(d.Address, "\n", ", ")), " ")
	for _, l := range d.Social {
		o.SameAs = append(o.SameAs, l.URL)
	}
	return o
}

// infoFacts are an information page's: the contact page's head from the
// translations (seo:pages.contact), a page record's from the record (its
// title, and its text's start as the description); a page the owner
// deleted (or never made) is the not-found page.
func (c headContext) infoFacts(app core.App) (pageFacts, error) {
	slug := c.at.route.Page
	if strings.HasPrefix(slug, ":") { // /pages/:slug
		slug = c.at.params[slug[1:]]
	}
	if slug == "contact" {
		key := "pages." + slug
		return pageFacts{head: c.infoHead(c.at.route.Path, c.t(key+".title"), c.t(key+".description")), status: http.StatusOK}, nil
	}
	p, err := site.GetPage(app, slug)
	if errors.Is(err, site.ErrPageNotFound) {
		return pageFacts{head: c.notFoundHead(), status: http.StatusNotFound}, nil
	}
	if err != nil {
		return pageFacts{}, err
	}
	title, canonical := p.Title.Get(c.at.lang, slug), c.at.route.Path
	if strings.Contains(canonical, ":") {
		canonical = "/pages/" + slug
	}
	return pageFacts{head: c.infoHead(canonical, title, clip(richtext.Summary(p.Body.Get(c.at.lang, "")), 160)), status: http.StatusOK, info: &p}, nil
}

// infoHead is an information page's head: it shows no breadcrumb trail,
// so it marks none up.
func (c headContext) infoHead(canonical, title, description string) pagehead.Head {
	h := c.head(c.titled(title), description, "website", canonical)
	c.shareImage(&h, "", false)
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

// infoPaths are the information pages' paths: the contact page and every
// page record, at its own route (/shipping) or else at /pages/{slug}.
func infoPaths(app core.App) []string {
	out := []string{}
	own := map[string]string{}
	for _, r := range firstscreen.Routes() {
		if r.Kind == firstscreen.KindInfo && !strings.Contains(r.Path, ":") {
			own[r.Page] = r.Path
		}
	}
	if p, ok := own["contact"]; ok {
		out = append(out, p)
	}
	list, err := site.ListPages(app)
	if err != nil {
		app.Logger().Error("sitemap: pages", "error", err)
	}
	for _, p := range list {
		if path, ok := own[p.Slug]; ok {
			out = append(out, path)
		} else {
			out = append(out, "/pages/"+p.Slug)
		}
	}
	return out
}
