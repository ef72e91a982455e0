// Package pagehead writes what a page's <head> says about it to search
// engines and link previews: title, meta description, robots, canonical
// address, hreflang alternates, OpenGraph and Twitter cards and JSON-LD
// structured data (api.md, "Pages, languages and search engines"). It
// knows no HTTP and no database: routes/pages.go gathers a page's facts,
// and the same HTML goes into the served page and, for the app's own
// navigation, into GET /api/head's answer.
package pagehead

import (
	"bytes"
	"encoding/json"
	"html"
)

// Head is what a page's <head> says about it.
type Head struct {
	Lang        string
	Title       string
	Description string
	// NoIndex keeps the page out of search engines (private pages,
	// searches, pages that are not found); such pages have no canonical.
	NoIndex    bool
	Canonical  string      // absolute
	Alternates []Alternate // the page in every language, then x-default
	Card       Card
	JSONLD     []any
}

// Alternate is the page in one language (hreflang), or x-default.
type Alternate struct{ Lang, Href string }

// Card is what OpenGraph and Twitter previews show beyond title and
// description.
type Card struct {
	SiteName      string
	Type          string // website or product
	Locale        string // og:locale of the page's language (en_US)
	OtherLocales  []string
	Image         string // absolute
	ImageAlt      string
	PriceAmount   string // "1299.00"
	PriceCurrency string
}

// HTML is the head's elements, each marked data-head so that the app can
// replace them all on its own navigation.
func (h Head) HTML() []byte {
	var b bytes.Buffer
	b.WriteString(`<title data-head="">` + html.EscapeString(h.Title) + "</title>")
	meta(&b, "name", "description", h.Description)
	if h.NoIndex {
		meta(&b, "name", "robots", "noindex, follow")
	}
	if h.Canonical != "" {
		link(&b, `rel="canonical"`, h.Canonical)
		for _, a := range h.Alternates {
			link(&b, `rel="alternate" hreflang="`+html.EscapeString(a.Lang)+`"`, a.Href)
		}
	}
	h.card(&b)
	for _, ld := range h.JSONLD {
		raw, err := json.Marshal(ld) // escapes <, > and &: no </script> inside
		if err != nil {
			continue
		}
		b.WriteString(`<script data-head="" type="application/ld+json">`)
		b.Write(raw)
		b.WriteString("</script>")
	}
	return b.Bytes()
}

// card writes the OpenGraph and Twitter card tags.
func (h Head) card(b *bytes.Buffer) {
	c := h.Card
	meta(b, "property", "og:site_name", c.SiteName)
	meta(b, "property", "og:type", c.Type)
	meta(b, "property", "og:title", h.Title)
	meta(b, "property", "og:description", h.Description)
	meta(b, "property", "og:url", h.Canonical)
	meta(b, "property", "og:locale", c.Locale)
	for _, l := range c.OtherLocales {
		meta(b, "property", "og:locale:alternate", l)
	}
	meta(b, "property", "og:image", c.Image)
	meta(b, "property", "og:image:alt", c.ImageAlt)
	meta(b, "property", "product:price:amount", c.PriceAmount)
	meta(b, "property", "product:price:currency", c.PriceCurrency)
	if c.Image != "" {
		meta(b, "name", "twitter:card", "summary_large_image")
	} else {
		meta(b, "name", "twitter:card", "summary")
	}
	meta(b, "name", "twitter:title", h.Title)
	meta(b, "name", "twitter:description", h.Description)
	meta(b, "name", "twitter:image", c.Image)
}

// meta writes <meta attr="key" content="value">; nothing for an empty value.
func meta(b *bytes.Buffer, attr, key, value string) {
	if value == "" {
		return
	}
	b.WriteString(`<meta data-head="" ` + attr + `="` + html.EscapeString(key) + `" content="` + html.EscapeString(value) + `">`)
}

func link(b *bytes.Buffer, attrs, href string) {
	b.WriteString(`<link data-head="" ` + attrs + ` href="` + html.EscapeString(href) + `">`)
}
