// Package firstscreen renders the home's first screen (header, hero, filters,
// count line and the first row of product cards), a category's, an
// information page's (its title and body; the FAQ's questions; the contact
// form and cards) and a product page's as
// HTML in the shopper's language, so a browser paints the shop, product
// photos included, before the app's scripts have run. The app replaces it
// with the same markup when it mounts.
//
// The markup is the app's own: `npm run build` renders the React components
// (app/src/firstscreen/render.tsx) in every language and variant into
// screens.gen.gohtml, and the server only fills in a product's data. The
// facts both sides need (the first row's size, languages, how prices read)
// come from constants.json, which the app imports too.
package firstscreen

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"stageshop/shop/catalog"
	"stageshop/shop/locale"
)

//go:embed screens.gen.gohtml
var screensTemplate string

//go:embed constants.json
var constantsJSON []byte

// constants are the facts shared with the app (constants.json).
type constants struct {
	FirstRow         int      `json:"firstRow"`
	MaxImages        int      `json:"maxImages"`
	FewValues        int      `json:"fewValues"`
	Languages        []string `json:"languages"`
	FallbackLanguage string   `json:"fallbackLanguage"`
}

var shared = func() constants {
	var c constants
	if err := json.Unmarshal(constantsJSON, &c); err != nil {
		panic("firstscreen: constants.json: " + err.Error())
	}
	return c
}()

// FirstRow is how many cards the home's first screen shows: one row of the
// widest grid, as many as the app's first render.
var FirstRow = shared.FirstRow

var tmpl = template.Must(template.New("firstscreen").Parse(screensTemplate))

// card is what a product card's template needs (card.{lang}, or
// cardChoice.{lang} for a product with several variants).
type card struct {
	ID, Name, Description, Category, File string
	Media                                 string // the photos: "0", "1" or "n" (then Images of them)
	Images                                int
	StockKey                              string // "out", "1" or the plural category of Stock
	Stock                                 int64
	Choice                                bool   // several variants: chosen on the product's page
	HireOnly                              bool   // for hire only: hired on its page by dates (cardHire)
	InStock                               string // "yes" when any variant is (cardChoice)
	PriceTag                              priceTag
	Lazy                                  bool // past the first row: its photo loads lazily (the app's eager cards)
}

// Store is what a first screen shows of the shop's store details (GET
// /api/shop) in the page's language, as the app's first render shows them:
// the header's name and logo (Logo is the image's address: the logo's
// thumbnail or the favicon) and the home's hero (the owner's text, else
// the app's translation).
type Store struct {
	Name, Logo, HeroTitle, HeroText string
}

// page is the part of every page's template data: the store details.
type page struct {
	Shop Store
}

// home is the home's template data (home.{lang}), and a category's
// (category.{lang}: the category's English name and its name in lang).
type home struct {
	page
	CountKey               string // "1" or the plural category of Count
	Count                  int
	Cards                  []card
	Categories             []categoryChoice // the category list's options
	Category, CategoryName string
}

// CategoryOption is a category of the home's category list, as the app
// lists it (the shown category records, in the admin's order): its English
// name, the option's value, and its name in the page's language.
type CategoryOption struct{ Name, Label string }

// categoryChoice is an option of the category list (Chosen: the page's).
type categoryChoice struct {
	Name, Label string
	Chosen      bool
}

type attribute struct{ Key, Value string }

// product is a product page's template data (product.{lang}).
type product struct {
	page
	ID, Name, Description, Category string
	Media                           string // the number of photos
	Files                           []string
	StockKey                        string
	Stock                           int64
	HasAttributes                   string // "yes" when there are specifications
	Attributes                      []attribute
	PriceTag                        priceTag

	// A product with options (productOptions.{lang}): the chosen variant's
	// label and SKU (shown when the product has several variants) and the
	// option pickers.
	Label, SKU, VariantID string
	Picker                picker
}

// Render writes the home's first screen in lang for the home's first page
// of products (newest first) and the total count of active products, with
// the shop's categories in its category list.
func Render(lang string, store Store, categories []CategoryOption, products []catalog.Product, total int) ([]byte, error) {
	return execute("home."+lang, homeOf(lang, store, categories, "", products[:min(len(products), FirstRow)], total))
}

// CategoryPageSize is how many products a category's first page has, as
// the app asks for them (DEFAULT_PAGE_SIZE in app/src/api/catalog.ts).
const CategoryPageSize = 20

// RenderCategory writes a category's page (the home at /?category=) in
// lang: the count line with the category's name in lang (name), the
// category chosen in the list, and every product of its first page
// (newest first), each with its name, price and link, so search engines
// read them without the app.
func RenderCategory(lang string, store Store, categories []CategoryOption, category, name string, products []catalog.Product, total int) ([]byte, error) {
	h := homeOf(lang, store, categories, category, products, total)
	h.Category, h.CategoryName = category, name
	return execute("category."+lang, h)
}

// homeOf is the home's data with products' cards and the category list
// (chosen: the page's category, if any).
func homeOf(lang string, store Store, categories []CategoryOption, chosen string, products []catalog.Product, total int) home {
	h := home{page: page{store}, CountKey: pluralKey(lang, int64(total)), Count: total}
	for _, c := range categories {
		h.Categories = append(h.Categories, categoryChoice{Name: c.Name, Label: c.Label, Chosen: c.Name == chosen})
	}
	for i, p := range products {
		c := card{
			ID: p.ID, Name: p.NameLocalized.Get(lang, p.Name), Description: p.DescriptionLocalized.Get(lang, p.Description),
			Category: p.Category, Media: "0", StockKey: stockKey(lang, p.StockQuantity), Stock: p.StockQuantity,
			Choice: p.VariantCount > 1, PriceTag: cardPrice(lang, p), Lazy: i >= FirstRow,
			HireOnly: p.Hire.Enabled && !p.Hire.SaleEnabled,
		}
		if p.InStock {
			c.InStock = "yes"
		}
		if files := photos(p); len(files) > 0 {
			c.File, c.Images, c.Media = files[0], len(files), "1"
			if len(files) > 1 {
				c.Media = "n"
			}
		}
		h.Cards = append(h.Cards, c)
	}
	return h
}

// RenderProduct writes the first screen of product p's page in lang, with
// the variant of id variantID chosen (the page's ?variant=; the default
// variant when it is not one of p's active variants). ok is false when the
// page has more photos than the screens were rendered for, or options but no
// variant to show.
func RenderProduct(lang string, store Store, p catalog.Product, variantID string) (html []byte, ok bool, err error) {
	name := "product." + lang
	price, compareAt, stock, files := p.PriceCents, p.CompareAtCents, p.StockQuantity, photos(p)
	var chosen *catalog.Variant
	if len(p.Options) > 0 {
		if chosen = chosenVariant(p, variantID); chosen == nil {
			return nil, false, nil
		}
		name = "productOptions." + lang
		price, compareAt, stock = chosen.PriceCents, chosen.CompareAtCents, chosen.StockQuantity
		if own := slices.DeleteFunc(slices.Clone(chosen.ImageFileNames), func(f string) bool { return f == "" }); len(own) > 0 {
			files = own
		}
	}
	if len(files) > shared.MaxImages {
		return nil, false, nil
	}
	ps := product{
		page: page{store}, ID: p.ID,
		Name: p.NameLocalized.Get(lang, p.Name), Description: p.DescriptionLocalized.Get(lang, p.Description),
		Category: p.Category, PriceTag: pagePrice(lang, price, compareAt),
		Media: strconv.Itoa(len(files)), Files: files,
		StockKey: stockKey(lang, stock), Stock: stock,
	}
	if chosen != nil {
		ps.Label, ps.VariantID = catalog.VariantLabel(p.Options, chosen.OptionValues).Get(lang, ""), chosen.ID
		ps.Picker = pickerOf(lang, p, *chosen)
		if p.VariantCount > 1 {
			ps.SKU = chosen.SKU
		}
	}
	for _, a := range p.Attributes {
		k := strings.TrimSpace(a.KeyLocalized.Get(lang, a.Key))
		v := strings.TrimSpace(a.ValueLocalized.Get(lang, a.Value))
		if k != "" && v != "" {
			ps.Attributes = append(ps.Attributes, attribute{Key: k, Value: v})
		}
	}
	if len(ps.Attributes) > 0 {
		ps.HasAttributes = "yes"
	}
	html, err = execute(name, ps)
	return html, err == nil, err
}

// info is an information page's template data (info.{lang}): its title
// and body in Lang, the language they are in.
type info struct {
	page
	Lang, Title string
	Body        template.HTML
}

// InfoPage is an information page the owner keeps in /admin/pages, as
// its first screen needs it: the title and the body (HTML that
// shop/richtext made safe when it was saved) by language.
type InfoPage struct {
	Slug        string
	Title, Body map[string]string
}

// text is the language the page is shown in (lang when it has a body in
// it, else English) and its title there, else the English title.
func (p InfoPage) text(lang string) (in, title string) {
	in = lang
	if p.Body[in] == "" {
		in = shared.FallbackLanguage
	}
	title = p.Title[in]
	if title == "" {
		title = p.Title[shared.FallbackLanguage]
	}
	return in, title
}

// RenderInfo writes an information page's first screen in lang: its
// title and body in lang when it has a body in it, else in English, as
// the app's RecordPage shows it (pageLanguage).
func RenderInfo(lang string, store Store, p InfoPage) ([]byte, error) {
	in, title := p.text(lang)
	if title == "" {
		title = p.Slug
	}
	// The body was sanitized when it was saved (shop/richtext), and the app
	// sets it as HTML too.
	return execute("info."+lang, info{page: page{store}, Lang: in, Title: title, Body: template.HTML(p.Body[in])}) //nolint:gosec
}

// RenderNotFound writes the not-found page's first screen in lang (the
// app's page for an address none of its routes takes).
func RenderNotFound(lang string, store Store) ([]byte, error) {
	return execute("notFound."+lang, page{store})
}

// photos are p's photo file names, empty ones left out.
func photos(p catalog.Product) []string {
	return slices.DeleteFunc(slices.Clone(p.ImageFileNames), func(f string) bool { return f == "" })
}

func execute(name string, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, name, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// stockKey picks the stock variant: sold out, exactly one, or the plural
// category of the number (the sentinel it was rendered with is replaced).
func stockKey(lang string, stock int64) string {
	if stock <= 0 {
		return "out"
	}
	return pluralKey(lang, stock)
}

var pluralNames = map[plural.Form]string{
	plural.Other: "other", plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many",
}

// pluralKey is "1" for one (rendered exactly), else n's CLDR plural category
// in lang, as Intl.PluralRules gives it to i18next.
func pluralKey(lang string, n int64) string {
	if n == 1 {
		return "1"
	}
	if n < 0 {
		n = -n
	}
	return pluralNames[plural.Cardinal.MatchPlural(language.Make(lang), int(n), 0, 0, 0, 0)]
}

// FormatPrice writes cents as the app's formatPrice does in lang
// (shop/locale's prices.json): $1,234.50, 1 234,50 $, US$1,234.50.
func FormatPrice(cents int64, lang string) string { return locale.Price(cents, lang) }
