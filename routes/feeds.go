package routes

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/routes/firstscreen"
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// Google Merchant Center reads the catalog from one feed per language
// (api.md, "Product feeds"): GET /feeds/google-{lang}.xml, an RSS 2.0
// document in Google's g: namespace with one item per active variant of
// every active product. It is written row by row as the database is read
// (a 100,000-product catalog is never held whole) and read afresh on each
// request, so it follows every write within the catalog's cache time.

const feedNamespace = "http://base.google.com/ns/1.0"

func registerFeeds(se *core.ServeEvent) {
	se.Router.GET("/feeds/{name}", func(e *core.RequestEvent) error {
		lang, ok := strings.CutSuffix(strings.TrimPrefix(e.Request.PathValue("name"), "google-"), ".xml")
		if !ok || e.Request.PathValue("name") != "google-"+lang+".xml" || !slices.Contains(firstscreen.Languages(), lang) {
			return e.String(http.StatusNotFound, "Not found")
		}
		return writeFeed(e, lang)
	}).Bind(quietRead())
}

// feedRow is one variant of an active product, with its product's facts.
type feedRow struct {
	ProductID      string `db:"pid"`
	Name           string `db:"name"`
	NameLocalized  string `db:"nameLocalized"`
	Description    string `db:"description"`
	DescLocalized  string `db:"descriptionLocalized"`
	Category       string `db:"category"`
	ProductImages  string `db:"productImages"`
	Attributes     string `db:"attributes"`
	Options        string `db:"options"`
	WeightGrams    int64  `db:"weightGrams"`
	Brand          string `db:"brand"`
	MPN            string `db:"mpn"`
	GTIN           string `db:"gtin"`
	VariantID      string `db:"vid"`
	SKU            string `db:"sku"`
	OptionValues   string `db:"optionValues"`
	PriceCents     int64  `db:"priceCents"`
	CompareAtCents int64  `db:"compareAtCents"`
	StockQuantity  int64  `db:"stockQuantity"`
	VariantImages  string `db:"variantImages"`
}

// feedQuery reads every variant for sale, product by product (oldest
// first, as the sitemap), each product's variants in their order.
const feedQuery = `SELECT p.id AS pid, p.name, p.nameLocalized, p.description, p.descriptionLocalized, p.category,
	p.imageFileNames AS productImages, p.attributes, p.options, p.weightGrams, p.brand, p.mpn, p.gtin,
	v.id AS vid, v.sku, v.optionValues, v.priceCents, v.compareAtCents, v.stockQuantity, v.imageFileNames AS variantImages
	FROM products p JOIN product_variants v ON v.product = p.id
	WHERE p.isActive = 1 AND v.isActive = 1
	ORDER BY p.created, p.id, v.position, v.id`

// writeFeed streams the feed in lang, gzip-compressed when asked.
func writeFeed(e *core.RequestEvent, lang string) error {
	cats, err := catalog.Categories(e.App)
	if err != nil {
		return err
	}
	h := e.Response.Header()
	h.Set("Content-Type", "application/xml; charset=utf-8")
	h.Set("Cache-Control", catalogCacheControl)
	h.Add("Vary", "Accept-Encoding")
	out := bufio.NewWriterSize(e.Response, 32<<10)
	var gz *gzip.Writer
	if acceptsGzip(e.Request) {
		h.Set("Content-Encoding", "gzip")
		gz, _ = gzip.NewWriterLevel(e.Response, gzip.BestSpeed)
		out.Reset(gz)
	}
	f := feedWriter{w: out, lang: lang, base: mail.PublicURL(e.App), shop: mail.ShopName(e.App), cats: cats}
	f.open()
	rows, err := e.App.DB().NewQuery(feedQuery).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r feedRow
		if err := rows.ScanStruct(&r); err != nil {
			// The status is sent: the reader gets a cut feed and retries.
			e.App.Logger().Error("feed", "error", err)
			return nil
		}
		f.item(r)
	}
	if err := rows.Err(); err != nil {
		e.App.Logger().Error("feed", "error", err)
		return nil
	}
	f.w.WriteString("</channel>\n</rss>\n")
	if err := out.Flush(); err == nil && gz != nil {
		gz.Close()
	}
	return nil
}

// feedWriter writes one feed's items.
type feedWriter struct {
	w          *bufio.Writer
	lang, base string
	shop       string
	cats       catalog.KnownCategories
}

func (f feedWriter) open() {
	f.w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	f.w.WriteString(`<rss version="2.0" xmlns:g="` + feedNamespace + `">` + "\n<channel>\n")
	f.tag("title", f.shop)
	f.tag("link", f.base+firstscreen.LocalePath(f.lang, "/"))
	f.tag("description", f.shop)
}

// tag writes <name>text</name>; nothing for an empty text.
func (f feedWriter) tag(name, text string) {
	if text == "" {
		return
	}
	f.w.WriteString("<" + name + ">" + xmlText(text) + "</" + name + ">\n")
}

// item writes one variant as Google's item (the contract's fields).
func (f feedWriter) item(r feedRow) {
	var name, desc wire.Localized
	var options []catalog.Option
	var attrs []catalog.Attribute
	var values, productImages, variantImages []string
	for _, c := range []struct {
		raw string
		to  any
	}{{r.NameLocalized, &name}, {r.DescLocalized, &desc}, {r.Options, &options}, {r.Attributes, &attrs},
		{r.OptionValues, &values}, {r.ProductImages, &productImages}, {r.VariantImages, &variantImages}} {
		_ = json.Unmarshal([]byte(c.raw), c.to) // an empty or odd column reads as none
	}
	p := catalog.Product{ID: r.ProductID, Name: r.Name, NameLocalized: name, Attributes: attrs, Options: options, Brand: r.Brand, MPN: r.MPN, GTIN: r.GTIN}
	title := strings.TrimSpace(name.Get(f.lang, r.Name))
	path := "/products/" + url.PathEscape(r.ProductID)
	if len(options) > 0 {
		if label := catalog.VariantLabel(options, values).Get(f.lang, ""); label != "" {
			title += " - " + label
		}
		path = withQuery(path, url.Values{"variant": {r.VariantID}})
	}
	text := strings.Join(strings.Fields(desc.Get(f.lang, r.Description)), " ")
	if text == "" {
		text = title // Google requires a description
	}
	f.w.WriteString("<item>\n")
	f.tag("g:id", r.SKU)
	if len(options) > 0 {
		f.tag("g:item_group_id", r.ProductID)
	}
	f.tag("title", clip(title, 150))
	f.tag("description", clip(text, 5000))
	f.tag("link", f.base+firstscreen.LocalePath(f.lang, path))
	if images := append(variantImages, productImages...); len(images) > 0 {
		f.tag("g:image_link", f.base+"/images/products/"+url.PathEscape(images[0]))
	}
	f.prices(r)
	f.tag("g:condition", "new")
	f.identifiers(p)
	category, _ := f.cats.Localized(r.Category, f.lang)
	f.tag("g:product_type", category)
	if r.WeightGrams > 0 {
		f.tag("g:shipping_weight", strconv.FormatFloat(float64(r.WeightGrams)/1000, 'f', -1, 64)+" kg")
	}
	for i, value := range values {
		if i < len(options) {
			if prop := schemaProperty(options[i].Name); prop != "" {
				f.tag("g:"+prop, catalog.VariantLabel(options[i:i+1], []string{value}).Get(f.lang, value))
			}
		}
	}
	f.w.WriteString("</item>\n")
}

// prices writes the price and availability: a variant on sale is offered
// at its compare-at price with the sale price beside it (Google's rule).
func (f feedWriter) prices(r feedRow) {
	if r.CompareAtCents > r.PriceCents {
		f.tag("g:price", feedPrice(r.CompareAtCents))
		f.tag("g:sale_price", feedPrice(r.PriceCents))
	} else {
		f.tag("g:price", feedPrice(r.PriceCents))
	}
	availability := "out_of_stock"
	if r.StockQuantity > 0 {
		availability = "in_stock"
	}
	f.tag("g:availability", availability)
}

// identifiers writes the brand (the product's, else the shop's name), the
// GTIN and part number when set, and says when the product has neither.
func (f feedWriter) identifiers(p catalog.Product) {
	brand := brandOf(p, f.lang)
	if brand == "" {
		brand = f.shop
	}
	f.tag("g:brand", brand)
	f.tag("g:gtin", p.GTIN)
	f.tag("g:mpn", p.MPN)
	if p.GTIN == "" && p.MPN == "" {
		f.tag("g:identifier_exists", "no")
	}
}

// feedPrice is cents as Google's price: "99.00 USD".
func feedPrice(cents int64) string {
	return strconv.FormatInt(cents/100, 10) + "." + twoDigits(cents%100) + " " + currency
}

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}
