package pagehead

import "stageshop/shop/money"

// Structured data (schema.org as JSON-LD) that matches what the page shows.

const schemaContext = "https://schema.org"

// Offer is what a product costs and whether it can be bought, as shown.
type Offer struct {
	PriceCents int64
	Currency   string
	InStock    bool
	URL        string
}

// ProductFacts are a product page's facts for its structured data. SKU
// is the shop's (a simple product's one variant's), GroupID a product
// group's id; MPN and GTIN are the manufacturer's, when the owner set them.
type ProductFacts struct {
	Name, Description, URL, SKU, GroupID, Brand, Category string
	MPN, GTIN                                             string
	Images                                                []string // absolute
	Offer                                                 Offer
}

type ldThing struct {
	Type string `json:"@type"`
	Name string `json:"name,omitempty"`
}

type ldOffer struct {
	Type          string `json:"@type"`
	Price         string `json:"price"`
	PriceCurrency string `json:"priceCurrency"`
	Availability  string `json:"availability"`
	ItemCondition string `json:"itemCondition"`
	URL           string `json:"url,omitempty"`
}

type ldProduct struct {
	Context     string   `json:"@context,omitempty"`
	Type        string   `json:"@type"`
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	SKU         string   `json:"sku,omitempty"`
	MPN         string   `json:"mpn,omitempty"`
	GTIN        string   `json:"gtin,omitempty"`
	Image       []string `json:"image,omitempty"`
	Brand       *ldThing `json:"brand,omitempty"`
	Category    string   `json:"category,omitempty"`
	URL         string   `json:"url,omitempty"`
	Offers      ldOffer  `json:"offers"`
}

// Product is schema.org's Product with its one offer.
func Product(p ProductFacts) any {
	ld := ldProduct{
		Context: schemaContext, Type: "Product", Name: p.Name, Description: p.Description,
		SKU: p.SKU, MPN: p.MPN, GTIN: p.GTIN, Image: p.Images, Category: p.Category, URL: p.URL, Offers: offer(p.Offer),
		Brand: brand(p.Brand),
	}
	return ld
}

func brand(name string) *ldThing {
	if name == "" {
		return nil
	}
	return &ldThing{Type: "Brand", Name: name}
}

// VariantFacts are one variant of a product group: its full name ("XLR
// Cable - 10 m, Black"), SKU, own address (?variant=), photos (its own,
// else the product's) and offer, and its value of each property the group
// varies by (Varies: "color" -> "Black").
type VariantFacts struct {
	Name, SKU, URL string
	Images         []string
	Varies         map[string]string
	Offer          Offer
}

// ldVariant is one Product of a group; the group's variesBy properties
// are its own (Google: each variant states the values it differs by).
type ldVariant struct {
	Type     string   `json:"@type"`
	Name     string   `json:"name"`
	SKU      string   `json:"sku,omitempty"`
	GroupID  string   `json:"inProductGroupWithID,omitempty"`
	Image    []string `json:"image,omitempty"`
	URL      string   `json:"url,omitempty"`
	Brand    *ldThing `json:"brand,omitempty"`
	Color    string   `json:"color,omitempty"`
	Size     string   `json:"size,omitempty"`
	Material string   `json:"material,omitempty"`
	Pattern  string   `json:"pattern,omitempty"`
	Offers   ldOffer  `json:"offers"`
}

type ldProductGroup struct {
	Context        string      `json:"@context"`
	Type           string      `json:"@type"`
	Name           string      `json:"name"`
	Description    string      `json:"description,omitempty"`
	ProductGroupID string      `json:"productGroupID"`
	MPN            string      `json:"mpn,omitempty"`
	GTIN           string      `json:"gtin,omitempty"`
	Image          []string    `json:"image,omitempty"`
	Brand          *ldThing    `json:"brand,omitempty"`
	Category       string      `json:"category,omitempty"`
	URL            string      `json:"url,omitempty"`
	VariesBy       []string    `json:"variesBy,omitempty"`
	HasVariant     []ldVariant `json:"hasVariant"`
}

// ProductGroup is schema.org's ProductGroup of a product with options: one
// Product with its own offer per variant the page offers. variesBy are
// schema.org's properties the options stand for (color, size, ...).
func ProductGroup(p ProductFacts, variesBy []string, variants []VariantFacts) any {
	ld := ldProductGroup{
		Context: schemaContext, Type: "ProductGroup", Name: p.Name, Description: p.Description, ProductGroupID: p.GroupID,
		MPN: p.MPN, GTIN: p.GTIN, Image: p.Images, Category: p.Category, URL: p.URL, VariesBy: variesBy,
		Brand: brand(p.Brand), HasVariant: make([]ldVariant, 0, len(variants)),
	}
	for _, v := range variants {
		ld.HasVariant = append(ld.HasVariant, ldVariant{
			Type: "Product", Name: v.Name, SKU: v.SKU, GroupID: p.GroupID, Image: v.Images, URL: v.URL, Brand: brand(p.Brand),
			Color: v.Varies["color"], Size: v.Varies["size"], Material: v.Varies["material"], Pattern: v.Varies["pattern"],
			Offers: offer(v.Offer),
		})
	}
	return ld
}

func offer(o Offer) ldOffer {
	availability := "https://schema.org/OutOfStock"
	if o.InStock {
		availability = "https://schema.org/InStock"
	}
	return ldOffer{
		Type: "Offer", Price: money.Plain(o.PriceCents), PriceCurrency: o.Currency, Availability: availability,
		ItemCondition: "https://schema.org/NewCondition", URL: o.URL,
	}
}

// Crumb is one step of a breadcrumb trail.
type Crumb struct{ Name, URL string }

type ldListItem struct {
	Type     string `json:"@type"`
	Position int    `json:"position"`
	Name     string `json:"name"`
	Item     string `json:"item,omitempty"`
}

type ldBreadcrumbs struct {
	Context string       `json:"@context"`
	Type    string       `json:"@type"`
	Items   []ldListItem `json:"itemListElement"`
}

// Breadcrumbs is schema.org's BreadcrumbList of the trail; the last step
// is the page itself.
func Breadcrumbs(trail []Crumb) any {
	ld := ldBreadcrumbs{Context: schemaContext, Type: "BreadcrumbList"}
	for i, c := range trail {
		ld.Items = append(ld.Items, ldListItem{Type: "ListItem", Position: i + 1, Name: c.Name, Item: c.URL})
	}
	return ld
}

type ldOrganization struct {
	Context string   `json:"@context"`
	Type    string   `json:"@type"`
	Name    string   `json:"name"`
	URL     string   `json:"url"`
	Logo    string   `json:"logo,omitempty"`
	Email   string   `json:"email,omitempty"`
	Phone   string   `json:"telephone,omitempty"`
	Address string   `json:"address,omitempty"`
	SameAs  []string `json:"sameAs,omitempty"`
}

// Org is what the shop's Organization says: its store details.
type Org struct {
	Name, URL, Logo, Email, Phone, Address string
	SameAs                                 []string // its pages elsewhere (social links)
}

// Organization is the shop as schema.org's Organization.
func Organization(o Org) any {
	return ldOrganization{Context: schemaContext, Type: "Organization", Name: o.Name, URL: o.URL, Logo: o.Logo,
		Email: o.Email, Phone: o.Phone, Address: o.Address, SameAs: o.SameAs}
}

type ldSearchAction struct {
	Type       string `json:"@type"`
	Target     string `json:"target"`
	QueryInput string `json:"query-input"`
}

type ldWebSite struct {
	Context         string         `json:"@context"`
	Type            string         `json:"@type"`
	Name            string         `json:"name"`
	URL             string         `json:"url"`
	InLanguage      string         `json:"inLanguage"`
	PotentialAction ldSearchAction `json:"potentialAction"`
}

// WebSite is the shop's home as schema.org's WebSite with the search it
// offers: searchURL holds {search_term_string} where the words go.
func WebSite(name, url, lang, searchURL string) any {
	return ldWebSite{
		Context: schemaContext, Type: "WebSite", Name: name, URL: url, InLanguage: lang,
		PotentialAction: ldSearchAction{Type: "SearchAction", Target: searchURL, QueryInput: "required name=search_term_string"},
	}
}
