package routes

import (
	"bufio"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/shipping"
	"stageshop/shop/site"
)

// Search engines find the shop's pages through /sitemap.xml (every public
// page in every language, each with its alternates and, where the catalog
// knows it, when it last changed) and /robots.txt (api.md, "Pages,
// languages and search engines"). Past maxSitemapURLs addresses the
// sitemap is an index of /sitemaps/pages.xml and /sitemaps/products-N.xml.
// Every sitemap is written as the database is read, never held whole.

// maxSitemapURLs is the most addresses one sitemap may list (sitemaps.org).
var maxSitemapURLs = 50_000

// productsPerSitemap is how many products fill one sitemap: each is listed
// in every language.
func productsPerSitemap() int { return maxSitemapURLs / len(firstscreen.Languages()) }

func registerSitemap(se *core.ServeEvent) {
	// Tests only (journey 28 checks an index and its sitemaps against the
	// schema without 50,000 addresses): a smaller limit.
	if n, err := strconv.Atoi(os.Getenv("STAGESHOP_SITEMAP_MAX_URLS")); err == nil && n >= len(firstscreen.Languages()) {
		maxSitemapURLs = n
	}
	se.Router.GET("/robots.txt", robotsTxt).Bind(quietRead())
	se.Router.GET("/sitemap.xml", func(e *core.RequestEvent) error {
		return writeSitemap(e, sitemapRoot)
	}).Bind(quietRead())
	se.Router.GET("/sitemaps/{name}", func(e *core.RequestEvent) error {
		name := e.Request.PathValue("name")
		if name == "pages.xml" {
			return writeSitemap(e, sitemapPages)
		}
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "products-"), ".xml"))
		if err != nil || name != "products-"+strconv.Itoa(n)+".xml" || n < 1 {
			return e.String(http.StatusNotFound, "Not found")
		}
		// A sitemap lists at least one address (the schema's urlset holds one
		// or more): past the last product there is none.
		active, err := activeProducts(e.App)
		if err != nil {
			return err
		}
		if (n-1)*productsPerSitemap() >= active {
			return e.String(http.StatusNotFound, "Not found")
		}
		return writeSitemap(e, func(w *sitemapWriter) error { return w.productsChunk(n) })
	}).Bind(quietRead())
}

// robotsTxt keeps crawlers out of the API, the dashboard and the private
// pages in every language (the app's route table says which) and points
// them to the sitemap.
func robotsTxt(e *core.RequestEvent) error {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /api/\nDisallow: /_/\n")
	for _, p := range privatePrefixes() {
		for _, lang := range firstscreen.Languages() {
			b.WriteString("Disallow: " + firstscreen.LocalePath(lang, p) + "\n")
		}
	}
	b.WriteString("Allow: /\n\nSitemap: " + mail.PublicURL(e.App) + "/sitemap.xml\n")
	e.Response.Header().Set("Cache-Control", "public, max-age=3600")
	return e.String(http.StatusOK, b.String())
}

// privatePrefixes are the private routes as robots.txt's path prefixes: a
// route is cut before its first parameter or splat (/checkout/payment/:id
// is /checkout/payment/: crawlers read no patterns but * and $), and a
// prefix another one already covers is left out (/checkout covers it).
func privatePrefixes() []string {
	var out []string
	for _, r := range firstscreen.Routes() {
		if r.Kind != firstscreen.KindPrivate {
			continue
		}
		p := r.Path
		if i := strings.IndexAny(p, ":*"); i >= 0 {
			p = p[:i]
		}
		if p = strings.TrimSuffix(p, "/"); p != "" {
			out = append(out, p)
		}
	}
	kept := out[:0]
	for _, p := range out {
		covered := false
		for _, q := range out {
			covered = covered || q != p && strings.HasPrefix(p, q)
		}
		if !covered && !slices.Contains(kept, p) {
			kept = append(kept, p)
		}
	}
	return kept
}

// sitemapWriter writes one sitemap to the response.
type sitemapWriter struct {
	app  core.App
	w    *bufio.Writer
	base string // the shop's address, escaped for XML
}

// writeSitemap answers a sitemap written by fill, gzip-compressed when the
// crawler accepts it.
func writeSitemap(e *core.RequestEvent, fill func(*sitemapWriter) error) error {
	h := e.Response.Header()
	h.Set("Content-Type", "application/xml; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=3600")
	h.Add("Vary", "Accept-Encoding")
	var out io.Writer = e.Response
	var gz *gzip.Writer
	if acceptsGzip(e.Request) {
		h.Set("Content-Encoding", "gzip")
		gz, _ = gzip.NewWriterLevel(e.Response, gzip.BestSpeed)
		out = gz
	}
	w := &sitemapWriter{app: e.App, w: bufio.NewWriterSize(out, 32<<10), base: xmlText(mail.PublicURL(e.App))}
	w.w.WriteString(xml.Header)
	if err := fill(w); err != nil {
		// The status is sent: the crawler gets a cut, invalid sitemap and retries.
		e.App.Logger().Error("sitemap", "path", e.Request.URL.Path, "error", err)
		return nil
	}
	if err := w.w.Flush(); err != nil {
		return nil // the crawler went away
	}
	if gz != nil {
		gz.Close()
	}
	return nil
}

// activeProducts counts the products the shop shows.
func activeProducts(app core.App) (int, error) {
	var n int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM products WHERE isActive = 1").Row(&n)
	return n, err
}

// sitemapRoot is the whole sitemap, or past maxSitemapURLs an index.
func sitemapRoot(w *sitemapWriter) error {
	n, err := activeProducts(w.app)
	if err != nil {
		return err
	}
	langs := len(firstscreen.Languages())
	pages, err := publicPages(w.app)
	if err != nil {
		return err
	}
	if (len(pages)+n)*langs <= maxSitemapURLs {
		w.w.WriteString(urlsetOpen)
		if err := w.pages(); err != nil {
			return err
		}
		if err := w.products(0, n); err != nil {
			return err
		}
		w.w.WriteString("</urlset>\n")
		return nil
	}
	w.w.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	w.sitemapRef("/sitemaps/pages.xml")
	per := productsPerSitemap()
	for i := 1; (i-1)*per < n; i++ {
		w.sitemapRef("/sitemaps/products-" + strconv.Itoa(i) + ".xml")
	}
	w.w.WriteString("</sitemapindex>\n")
	return nil
}

func (w *sitemapWriter) sitemapRef(path string) {
	w.w.WriteString("<sitemap><loc>" + w.base + xmlText(path) + "</loc></sitemap>\n")
}

const urlsetOpen = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n"

// sitemapPages is the pages other than products, in every language.
func sitemapPages(w *sitemapWriter) error {
	w.w.WriteString(urlsetOpen)
	if err := w.pages(); err != nil {
		return err
	}
	w.w.WriteString("</urlset>\n")
	return nil
}

// productsChunk is the n-th sitemap of products (from 1).
func (w *sitemapWriter) productsChunk(n int) error {
	per := productsPerSitemap()
	w.w.WriteString(urlsetOpen)
	if err := w.products((n-1)*per, per); err != nil {
		return err
	}
	w.w.WriteString("</urlset>\n")
	return nil
}

// publicPages are the app's paths search engines may list besides the
// products: the home, each shown category and the information pages.
func publicPages(app core.App) ([]string, error) {
	cats, err := catalog.Categories(app)
	if err != nil {
		return nil, err
	}
	pages := []string{"/"}
	for _, c := range cats.Names() {
		pages = append(pages, withQuery("/", url.Values{"category": {c}}))
	}
	return append(pages, infoPaths(app)...), nil
}

// pages writes the public pages; the home's and a category's last change
// is their newest product change (information pages are the app's own and
// have none the shop knows).
func (w *sitemapWriter) pages() error {
	var rows []struct {
		Category string `db:"category"`
		Updated  string `db:"updated"`
	}
	err := w.app.DB().NewQuery("SELECT category, MAX(updated) AS updated FROM products GROUP BY category").All(&rows)
	if err != nil {
		return err
	}
	changed := map[string]string{}
	for _, r := range rows {
		changed[r.Category] = r.Updated
		if r.Updated > changed[""] {
			changed[""] = r.Updated
		}
	}
	pages, err := publicPages(w.app)
	if err != nil {
		return err
	}
	info, err := infoChanged(w.app)
	if err != nil {
		return err
	}
	for _, p := range pages {
		lastmod := info[p]
		if p == "/" {
			lastmod = changed[""]
		} else if c, ok := strings.CutPrefix(p, "/?category="); ok {
			c, _ = url.QueryUnescape(c)
			lastmod = changed[c]
		}
		w.url(p, lastmod)
	}
	return nil
}

// infoChanged is when each information page last changed, by its path: a
// page record's own time, and the contact page's the store details' (the
// address, phone and hours it shows).
func infoChanged(app core.App) (map[string]string, error) {
	var rows []struct {
		Slug    string `db:"slug"`
		Updated string `db:"updated"`
	}
	if err := app.DB().NewQuery("SELECT slug, updated FROM " + site.PagesCollection).All(&rows); err != nil {
		return nil, err
	}
	bySlug := map[string]string{}
	for _, r := range rows {
		bySlug[r.Slug] = r.Updated
	}
	var settings string
	if err := app.DB().NewQuery("SELECT updated FROM " + shipping.SettingsCollection + " ORDER BY created LIMIT 1").Row(&settings); err == nil {
		bySlug["contact"] = settings
	}
	out := map[string]string{}
	for _, path := range infoPaths(app) {
		slug := strings.TrimPrefix(strings.TrimPrefix(path, "/pages/"), "/")
		if r, _ := firstscreen.Match(path); r.Page != "" && !strings.HasPrefix(r.Page, ":") {
			slug = r.Page
		}
		out[path] = bySlug[slug]
	}
	return out, nil
}

// products writes up to limit active products from offset (oldest first,
// so a chunk's products stay in it as new ones are added).
func (w *sitemapWriter) products(offset, limit int) error {
	rows, err := w.app.DB().NewQuery("SELECT id, updated FROM products WHERE isActive = 1 ORDER BY created, id LIMIT {:limit} OFFSET {:offset}").
		Bind(dbx.Params{"limit": limit, "offset": offset}).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, updated string
		if err := rows.Scan(&id, &updated); err != nil {
			return err
		}
		w.url("/products/"+url.PathEscape(id), updated)
	}
	return rows.Err()
}

// url writes the app's path in every language, each with its alternates.
// A sitemap of 100,000 products is 300,000 of these (about 140 MB before
// gzip), so each address is made and escaped once, not once per use.
func (w *sitemapWriter) url(path, lastmod string) {
	langs := firstscreen.Languages()
	var buf [4]string
	locs := buf[:0]
	for _, lang := range langs {
		locs = append(locs, xmlText(firstscreen.LocalePath(lang, path)))
	}
	def := xmlText(firstscreen.LocalePath(firstscreen.Fallback(), path))
	lastmod = strings.Replace(lastmod, " ", "T", 1) // W3C date-time
	for i := range langs {
		w.w.WriteString("<url><loc>")
		w.w.WriteString(w.base)
		w.w.WriteString(locs[i])
		w.w.WriteString("</loc>")
		if lastmod != "" {
			w.w.WriteString("<lastmod>" + xmlText(lastmod) + "</lastmod>")
		}
		for j, alt := range langs {
			w.alternate(alt, locs[j])
		}
		w.alternate("x-default", def)
		w.w.WriteString("</url>\n")
	}
}

// alternate writes one hreflang link to loc (a path escaped for XML).
func (w *sitemapWriter) alternate(hreflang, loc string) {
	w.w.WriteString(`<xhtml:link rel="alternate" hreflang="`)
	w.w.WriteString(hreflang)
	w.w.WriteString(`" href="`)
	w.w.WriteString(w.base)
	w.w.WriteString(loc)
	w.w.WriteString(`"/>`)
}

// xmlText is s escaped for XML text and attributes; addresses rarely need
// it, so s is returned as it is when nothing in it does.
func xmlText(s string) string {
	if !strings.ContainsAny(s, "&<>\"'\t\n\r") {
		return s
	}
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
