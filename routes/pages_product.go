package routes

import (
	"net/url"
	"strings"

	"stageshop/routes/firstscreen"
	"stageshop/routes/pagehead"
	"stageshop/shop/catalog"
	"stageshop/shop/money"
)

// maxDescription is how long a meta description may be: search engines
// show about this much.
const maxDescription = 160

// productHead is a product page's head: its name, category, price and
// stock in the title and description, its photo and price on the card,
// and structured data that says what the page shows. A page opened with
// ?variant= of one of its active variants (a shared choice, issue 31)
// names that variant and gives its price, stock and photo; any other id
// is the product's default, as its first screen shows it.
func (c headContext) productHead(p catalog.Product) pagehead.Head {
	lang := c.at.lang
	name := strings.TrimSpace(p.NameLocalized.Get(lang, p.Name))
	shown := c.shownVariant(p, name)
	category, _ := c.cats.Localized(p.Category, lang)
	price := firstscreen.FormatPrice(shown.priceCents, lang)
	stock := c.t("product.outOfStock")
	if shown.stock > 0 {
		stock = c.t("product.inStock")
	}
	text := strings.Join(strings.Fields(p.DescriptionLocalized.Get(lang, p.Description)), " ")
	path := "/products/" + url.PathEscape(p.ID)
	title := c.titled(c.t("product.title", "name", shown.name, "category", category))
	description := clip(c.t("product.description", "name", shown.name, "price", price, "stock", stock, "description", text), maxDescription)
	// The owner's words for this language, where written (issue 50).
	if own := strings.TrimSpace(p.SEOTitle[lang]); own != "" {
		title = own
	}
	if own := strings.TrimSpace(p.SEODescription[lang]); own != "" {
		description = own
	}
	h := c.head(title, description, "product", path)
	images := c.imageURLs(p.ImageFileNames)
	if own := c.imageURLs(shown.images); len(own) > 0 {
		h.Card.Image, h.Card.ImageAlt = own[0], shown.name
	} else if len(images) > 0 {
		h.Card.Image, h.Card.ImageAlt = images[0], name
	}
	h.Card.PriceAmount, h.Card.PriceCurrency = money.Plain(shown.priceCents), currency
	facts := pagehead.ProductFacts{
		Name: name, Description: text, URL: h.Canonical, SKU: defaultSKU(p), GroupID: p.ID, Brand: brandOf(p, lang),
		MPN: p.MPN, GTIN: p.GTIN,
		Category: category, Images: images,
		Offer: pagehead.Offer{PriceCents: p.PriceCents, Currency: currency, InStock: p.StockQuantity > 0, URL: h.Canonical},
	}
	// The trail the page shows: Home / the product.
	h.JSONLD = []any{
		c.productLD(p, facts),
		pagehead.Breadcrumbs([]pagehead.Crumb{{Name: c.t("common:nav.home"), URL: c.url(lang, "/")}, {Name: name}}),
	}
	return h
}

// defaultSKU is the shop's SKU of a product's default variant (a simple
// product's only one), as the page and the feed show it.
func defaultSKU(p catalog.Product) string {
	for _, v := range p.Variants {
		if v.ID == p.DefaultVariantID {
			return v.SKU
		}
	}
	if len(p.SKUs) > 0 {
		return p.SKUs[0]
	}
	return ""
}

// shown is what a product page's head says of the variant it shows.
type shown struct {
	name       string
	priceCents int64
	stock      int64
	images     []string // the variant's own photos, if any
}

// shownVariant is the variant ?variant= names when it is one of p's active
// variants ("XLR Cable - 10 m", its price, stock and photos), else the
// product as it is (its default variant's price and stock).
func (c headContext) shownVariant(p catalog.Product, name string) shown {
	out := shown{name: name, priceCents: p.PriceCents, stock: p.StockQuantity}
	id := c.at.query.Get("variant")
	if id == "" || len(p.Options) == 0 {
		return out
	}
	v := firstscreen.ChosenVariant(p, id)
	if v == nil || v.ID != id {
		return out
	}
	if label := catalog.VariantLabel(p.Options, v.OptionValues).Get(c.at.lang, ""); label != "" {
		out.name = name + " - " + label
	}
	out.priceCents, out.stock, out.images = v.PriceCents, v.StockQuantity, v.ImageFileNames
	return out
}

// imageURLs are the absolute addresses of stored product photos.
func (c headContext) imageURLs(files []string) []string {
	var out []string
	for _, f := range files {
		if f != "" {
			out = append(out, c.base+"/images/products/"+url.PathEscape(f))
		}
	}
	return out
}

// currency is the shop's: prices are US dollars.
const currency = "USD"

// brandOf is the product's brand: the owner's, else the one its
// specifications name.
func brandOf(p catalog.Product, lang string) string {
	if b := strings.TrimSpace(p.Brand); b != "" {
		return b
	}
	for _, a := range p.Attributes {
		switch strings.ToLower(strings.TrimSpace(a.Key)) {
		case "brand", "manufacturer", "make":
			return strings.TrimSpace(a.ValueLocalized.Get(lang, a.Value))
		}
	}
	return ""
}

// productLD is the product's structured data: a Product with its offer, or
// for a product with options a ProductGroup with one offer per variant the
// page offers (issue 31), each at its own address (?variant=).
func (c headContext) productLD(p catalog.Product, facts pagehead.ProductFacts) any {
	if len(p.Options) == 0 {
		return pagehead.Product(facts)
	}
	lang := c.at.lang
	props := make([]string, len(p.Options)) // the schema.org property of each option, or ""
	var variesBy []string
	for i, o := range p.Options {
		if props[i] = schemaProperty(o.Name); props[i] != "" {
			variesBy = append(variesBy, "https://schema.org/"+props[i])
		}
	}
	var variants []pagehead.VariantFacts
	for _, v := range p.Variants {
		if !v.IsActive {
			continue
		}
		label := catalog.VariantLabel(p.Options, v.OptionValues).Get(lang, "")
		vf := pagehead.VariantFacts{
			Name: facts.Name + " - " + label, SKU: v.SKU, URL: withQuery(facts.URL, url.Values{"variant": {v.ID}}),
			Images: c.imageURLs(v.ImageFileNames), Varies: map[string]string{},
			Offer: pagehead.Offer{PriceCents: v.PriceCents, Currency: currency, InStock: v.StockQuantity > 0},
		}
		if len(vf.Images) == 0 {
			vf.Images = facts.Images // a variant without photos of its own shows the product's
		}
		vf.Offer.URL = vf.URL
		for i, value := range v.OptionValues {
			if i < len(props) && props[i] != "" {
				vf.Varies[props[i]] = catalog.VariantLabel(p.Options[i:i+1], []string{value}).Get(lang, value)
			}
		}
		variants = append(variants, vf)
	}
	return pagehead.ProductGroup(facts, variesBy, variants)
}

// schemaProperty is the schema.org property an option's English name
// stands for ("" when none does).
func schemaProperty(option string) string {
	switch strings.ToLower(strings.TrimSpace(option)) {
	case "colour", "color":
		return "color"
	case "size", "length":
		return "size"
	case "material":
		return "material"
	case "pattern":
		return "pattern"
	}
	return ""
}
