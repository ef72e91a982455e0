package routes

import (
	"encoding/json"
	"io/fs"
	"net/http"

	"github.com/klauspost/compress/gzip"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
	"stageshop/routes/pagehead"
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/site"
	"stageshop/shop/wire"
)

// pageServer answers the app's pages: the status their address calls for
// (404 for no page, product or inactive product; 301 for a moved one),
// their head in their language and, for the plain home, a category, a
// product and an information page, the first screen (see package firstscreen).
type pageServer struct {
	index []byte
	shell *pagehead.Shell // nil: index.html is not of the expected shape, and is sent as it is
	heads *pageHeads
}

// newPageServer reads the built app's index.html and translations.
func newPageServer(site fs.FS, app core.App, index []byte) *pageServer {
	p := &pageServer{index: index}
	if shell, ok := pagehead.NewShell(index); ok {
		p.shell = shell
	} else {
		app.Logger().Warn("page heads and first screens off: index.html has no <html lang=\"en\">, <title> and <div id=\"root\">")
	}
	texts, err := pagehead.LoadTexts(site, firstscreen.Languages(), firstscreen.Fallback())
	if err != nil {
		app.Logger().Error("page heads: translations", "error", err)
		texts = pagehead.NoTexts(firstscreen.Fallback())
	}
	p.heads = &pageHeads{texts: texts}
	return p
}

// pageKey is the page cache's key: a page's address (language, path and
// query as asked) and the shop's name and address, which its head shows.
// A page is kept for the catalog generation it was written in, so a
// product's price or stock shows at once.
type pageKey struct{ lang, path, query, base, shop string }

// serve answers the page at the request's address: from the page cache, or
// written and kept when it is found (200; a 404 is written each time).
func (p *pageServer) serve(e *core.RequestEvent) error {
	at := pageAtURL(e.Request.URL)
	if at.route.Kind == firstscreen.KindMoved {
		return redirectPage(e, withQuery(firstscreen.LocalePath(at.lang, at.route.To), at.query), http.StatusMovedPermanently)
	}
	key := pageKey{at.lang, e.Request.URL.Path, e.Request.URL.RawQuery, mail.PublicURL(e.App), mail.ShopName(e.App)}
	var status int
	var page []byte
	answer, err := cachedAnswerOf(e.App, key, func() ([]byte, bool, error) {
		facts, err := p.heads.facts(e.App, at)
		if err != nil {
			return nil, false, err
		}
		status, page = facts.status, p.write(e.App, at, facts)
		return page, status == http.StatusOK, nil
	})
	if err != nil {
		return err
	}
	if answer != nil {
		return answer.send(e, "text/html; charset=utf-8")
	}
	return sendPage(e, status, page)
}

// write is the page: index.html with the page's head and language and, for
// the plain home, a category, a product, an information page (its title
// and body; the FAQ's questions; the contact form and cards) and the
// not-found page, its first screen.
func (p *pageServer) write(app core.App, at pageAt, facts pageFacts) []byte {
	if p.shell == nil {
		return p.index
	}
	store, brand := p.storeOf(app, at.lang)
	var screen []byte
	var err error
	switch {
	case at.route.Kind == firstscreen.KindHome && plainQuery(at.query):
		q := catalog.ProductQuery{Page: 1, PageSize: firstscreen.FirstRow, Sort: catalog.SortNewest}
		products, total, lerr := catalog.ListProducts(app, q)
		if err = lerr; err == nil {
			localizeCategories(app, at.lang, products)
			var cats catalog.KnownCategories
			if cats, err = catalog.Categories(app); err == nil {
				screen, err = firstscreen.Render(at.lang, store, p.categoryOptions(cats, at.lang), products, total)
			}
		}
	case at.route.Kind == firstscreen.KindHome && categoryQuery(at.query) != "":
		screen, err = p.categoryScreen(app, at, store)
	case facts.product != nil:
		p := []catalog.Product{*facts.product}
		localizeCategories(app, at.lang, p)
		screen, _, err = firstscreen.RenderProduct(at.lang, store, p[0], at.query.Get("variant"))
	case facts.info != nil && at.route.Page == "faq":
		screen, _, err = firstscreen.RenderFAQ(at.lang, store, firstscreen.InfoPage{Slug: facts.info.Slug, Title: facts.info.Title, Body: facts.info.Body})
	case facts.info != nil:
		screen, err = firstscreen.RenderInfo(at.lang, store, firstscreen.InfoPage{Slug: facts.info.Slug, Title: facts.info.Title, Body: facts.info.Body})
	case at.route.Kind == firstscreen.KindInfo && at.route.Page == "contact" && facts.status == http.StatusOK:
		screen, err = p.contactScreen(app, at.lang, store)
	case at.route.Kind == firstscreen.KindNotFound:
		// An unknown product gets none: its page says "Product not found" when the app mounts.
		screen, err = firstscreen.RenderNotFound(at.lang, store)
	}
	if err != nil {
		// The shop still works without it: log and send the page without.
		app.Logger().Error("first screen", "path", at.path, "error", err)
		screen = nil
	}
	return p.shell.Page(at.lang, facts.head.HTML(), screen, brand)
}

// contactScreen is the contact page's first screen: its cards show the
// store details the app's ContactPage shows (the hours in lang, else in
// English, else in any language the owner wrote them in).
func (p *pageServer) contactScreen(app core.App, lang string, store firstscreen.Store) ([]byte, error) {
	d, err := site.LoadStoreDetails(app)
	if err != nil {
		return nil, err
	}
	hours := d.Hours.Get(lang, "")
	if hours == "" {
		for _, l := range firstscreen.Languages() {
			if hours = d.Hours[l]; hours != "" {
				break
			}
		}
	}
	return firstscreen.RenderContact(lang, store, firstscreen.Contact{Phone: d.Phone, Email: d.Email, Address: d.Address, Hours: hours})
}

// storeOf is what a page in lang shows of the store details: the first
// screen's header and hero, the boot header and the details' JSON for the
// app's first render. They are the app's: its header's logo is the logo's
// thumbnail (the favicon without one), its hero the owner's text in lang,
// else in English, else its own translation (HomePage, resolveLocalized).
func (p *pageServer) storeOf(app core.App, lang string) (firstscreen.Store, pagehead.Brand) {
	d, err := site.LoadStoreDetails(app)
	if err != nil {
		app.Logger().Error("page: store details", "error", err)
	}
	if d.Name == "" {
		d.Name = mail.ShopName(app)
	}
	logo := "/favicon.svg"
	if d.LogoURL != "" {
		logo = d.LogoURL + "?thumb=120x120"
	}
	store := firstscreen.Store{
		Name: d.Name, Logo: logo,
		HeroTitle: d.Hero.Title.Get(lang, p.heads.texts.T(lang, "shop:hero.title")),
		HeroText:  d.Hero.Text.Get(lang, p.heads.texts.T(lang, "shop:hero.description")),
	}
	brand := pagehead.Brand{Name: d.Name, Logo: logo}
	if err == nil {
		brand.Details, _ = json.Marshal(d)
	}
	return store, brand
}

// categoryScreen is a category page's first screen: its first page of
// products (one list query; the page itself is kept for the catalog
// generation), none for a category shoppers do not see (the app shows
// every product instead).
func (p *pageServer) categoryScreen(app core.App, at pageAt, store firstscreen.Store) ([]byte, error) {
	cats, err := catalog.Categories(app)
	if err != nil {
		return nil, err
	}
	name, ok := cats.Canonical(categoryQuery(at.query))
	if !ok || !cats.Shown(name) {
		return nil, nil
	}
	q := catalog.ProductQuery{Category: name, Page: 1, PageSize: firstscreen.CategoryPageSize, Sort: catalog.SortNewest}
	products, total, err := catalog.ListProducts(app, q)
	if err != nil {
		return nil, err
	}
	for i := range products {
		products[i].Category, _ = cats.Localized(products[i].Category, at.lang)
	}
	if len(products) == 0 {
		return nil, nil // the app says there is nothing in it, with its own page
	}
	return firstscreen.RenderCategory(at.lang, store, p.categoryOptions(cats, at.lang), name, p.categoryLabel(cats, name, at.lang), products, total)
}

// categoryOptions is the home's category list in lang: the shown
// categories in the admin's order, as the app lists them (GET
// /api/products/categories), so one the owner added is there too.
func (p *pageServer) categoryOptions(cats catalog.KnownCategories, lang string) []firstscreen.CategoryOption {
	var out []firstscreen.CategoryOption
	for _, name := range cats.Names() {
		out = append(out, firstscreen.CategoryOption{Name: name, Label: p.categoryLabel(cats, name, lang)})
	}
	return out
}

// categoryLabel is a category's name in lang as the app writes it
// (useCategoryLabel): the record's own, else the app's text for it (the
// four first categories), else the English name.
func (p *pageServer) categoryLabel(cats catalog.KnownCategories, name, lang string) string {
	if l, _ := cats.Localized(name, lang); l != name {
		return l
	}
	if key := "shop:categories." + name; p.heads.texts.Has(lang, key) {
		return p.heads.texts.T(lang, key)
	}
	return name
}

// categoryQuery is the category of a query that asks for nothing else (a
// valid ?lng= has moved to an address): a category's page.
func categoryQuery(q map[string][]string) string {
	for k, v := range q {
		if k != "lng" && (k != "category" || len(v) != 1) {
			return ""
		}
	}
	if v := q["category"]; len(v) == 1 {
		return v[0]
	}
	return ""
}

// plainQuery reports whether a query leaves the home plain: no search,
// category, filter, order or page (a valid ?lng= has moved to an address).
func plainQuery(q map[string][]string) bool {
	for k := range q {
		if k != "lng" {
			return false
		}
	}
	return true
}

// sendPage sends a page written for this request, gzip-compressed when the
// browser accepts it; a 200 with a validator, so a revalidation costs a 304.
func sendPage(e *core.RequestEvent, status int, page []byte) error {
	answer := &cachedAnswer{plain: page}
	if acceptsGzip(e.Request) {
		gz, err := gzipBytes(page, gzip.DefaultCompression)
		if err != nil {
			return err
		}
		answer.gz = gz
	}
	if status == http.StatusOK {
		return answer.send(e, "text/html; charset=utf-8")
	}
	e.Response.Header().Add("Vary", "Accept-Encoding")
	body := answer.plain
	if answer.gz != nil && acceptsGzip(e.Request) {
		body = answer.gz
		e.Response.Header().Set("Content-Encoding", "gzip")
	}
	return e.Blob(status, "text/html; charset=utf-8", body)
}

// head answers GET /api/head?path=/ru/products/x: the head the page at
// that address (path and query, with its language) is served with.
func (p *pageServer) head(e *core.RequestEvent) error {
	q := site.PageAddressQuery{Path: e.Request.URL.Query().Get("path")}
	if err := q.Validate(); err != nil {
		return err
	}
	u, _ := q.URL()
	at := pageAtURL(u)
	if at.route.Kind == firstscreen.KindMoved {
		u.Path, u.RawPath = firstscreen.LocalePath(at.lang, at.route.To), ""
		at = pageAtURL(u)
	}
	facts, err := p.heads.facts(e.App, at)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.PageHead{Status: facts.status, Lang: at.lang, HTML: string(facts.head.HTML())})
}

// localizeCategories names each product's category in lang as the app
// does (the category record's own name in that language), so the first
// screen's chip says what the app will say: categories are records an
// admin names (issue 35), not only the four the app's texts know.
func localizeCategories(app core.App, lang string, products []catalog.Product) {
	cats, err := catalog.Categories(app)
	if err != nil {
		return
	}
	for i := range products {
		products[i].Category, _ = cats.Localized(products[i].Category, lang)
	}
}
