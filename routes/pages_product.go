package routes

import (
	"net/url"
	"strings"

	"stageshop/routes/firstscreen"
	"stageshop/routes/pagehead"
	"stageshop/shop"
)

// maxDescription is how long a meta description may be: search engines
// show about this much.
const maxDescription = 160

// productHead is a product page's head: its name, category, price and
// stock in the title and description, its photo and price on the card,
// and structured data that says what the page shows.
func (c headContext) productHead(p shop.Product) pagehead.Head {
	lang := c.at.lang
	name := strings.TrimSpace(p.NameLocalized.Get(lang, p.Name))
	category := c.t("shop:categories." + p.Category)
	if !c.texts.Has(lang, "shop:categories."+p.Category) {
		category = p.Category
	}
	price := firstscreen.FormatPrice(p.PriceCents, lang)
	stock := c.t("product.outOfStock")
	if p.StockQuantity > 0 {
		stock = c.t("product.inStock")
	}
	text := strings.Join(strings.Fields(p.DescriptionLocalized.Get(lang, p.Description)), " ")
	path := "/products/" + url.PathEscape(p.ID)
	h := c.head(
		c.titled(c.t("product.title", "name", name, "category", category)),
		clip(c.t("product.description", "name", name, "price", price, "stock", stock, "description", text), maxDescription),
		"product", path,
	)
	var images []string
	for _, f := range p.ImageFileNames {
		if f != "" {
			images = append(images, c.base+"/images/products/"+url.PathEscape(f))
		}
	}
	if len(images) > 0 {
		h.Card.Image, h.Card.ImageAlt = images[0], name
	}
	h.Card.PriceAmount, h.Card.PriceCurrency = pagehead.Price(p.PriceCents), currency
	h.JSONLD = []any{
		pagehead.Product(pagehead.ProductFacts{
			Name: name, Description: text, URL: h.Canonical, SKU: p.ID, Brand: brandOf(p, lang),
			Category: category, Images: images,
			Offer: pagehead.Offer{PriceCents: p.PriceCents, Currency: currency, InStock: p.StockQuantity > 0, URL: h.Canonical},
		}),
		pagehead.Breadcrumbs([]pagehead.Crumb{
			{Name: c.t("common:nav.home"), URL: c.url(lang, "/")},
			{Name: category, URL: c.url(lang, withQuery("/", url.Values{"category": {p.Category}}))},
			{Name: name},
		}),
	}
	return h
}

// currency is the shop's: prices are US dollars.
const currency = "USD"

// brandOf is the product's brand when its specifications name one.
func brandOf(p shop.Product, lang string) string {
	for _, a := range p.Attributes {
		switch strings.ToLower(strings.TrimSpace(a.Key)) {
		case "brand", "manufacturer", "make":
			return strings.TrimSpace(a.ValueLocalized.Get(lang, a.Value))
		}
	}
	return ""
}
