// Package firstscreen renders the home's first screen (header, hero, filters,
// count line and the first row of product cards) and a product page's as
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

	"stageshop/shop"
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

// card is what a product card's template needs (card.{lang}).
type card struct {
	ID, Name, Description, Category, Price, File string
	Media                                        string // the photos: "0", "1" or "n" (then Images of them)
	Images                                       int
	StockKey                                     string // "out", "1" or the plural category of Stock
	Stock                                        int64
}

// Shop is what every first screen says about the shop (its store details):
// the brand's name and logo (its address, the app's icon without one) and
// the home's hero in the page's language.
type Shop struct {
	Name, Logo, HeroTitle, HeroText string
}

// home is the home's template data (home.{lang}).
type home struct {
	Shop     Shop
	CountKey string // "1" or the plural category of Count
	Count    int
	Cards    []card
}

type attribute struct{ Key, Value string }

// product is a product page's template data (product.{lang}).
type product struct {
	Shop                               Shop
	Name, Description, Category, Price string
	Media                              string // the number of photos
	Files                              []string
	StockKey                           string
	Stock                              int64
	HasAttributes                      string // "yes" when there are specifications
	Attributes                         []attribute
}

// Render writes the home's first screen in lang for the home's first page
// of products (newest first) and the total count of active products.
func Render(lang string, s Shop, products []shop.Product, total int) ([]byte, error) {
	h := home{Shop: s, CountKey: pluralKey(lang, int64(total)), Count: total}
	for _, p := range products[:min(len(products), FirstRow)] {
		c := card{
			ID: p.ID, Name: p.NameLocalized.Get(lang, p.Name), Description: p.DescriptionLocalized.Get(lang, p.Description),
			Category: p.Category, Price: FormatPrice(p.PriceCents, lang), Media: "0",
			StockKey: stockKey(lang, p.StockQuantity), Stock: p.StockQuantity,
		}
		if files := photos(p); len(files) > 0 {
			c.File, c.Images, c.Media = files[0], len(files), "1"
			if len(files) > 1 {
				c.Media = "n"
			}
		}
		h.Cards = append(h.Cards, c)
	}
	return execute("home."+lang, h)
}

// RenderProduct writes the first screen of product p's page in lang. ok is
// false when the page has more photos than the screens were rendered for.
func RenderProduct(lang string, s Shop, p shop.Product) (html []byte, ok bool, err error) {
	files := photos(p)
	if len(files) > shared.MaxImages {
		return nil, false, nil
	}
	ps := product{
		Shop: s, Name: p.NameLocalized.Get(lang, p.Name), Description: p.DescriptionLocalized.Get(lang, p.Description),
		Category: p.Category, Price: FormatPrice(p.PriceCents, lang),
		Media: strconv.Itoa(len(files)), Files: files,
		StockKey: stockKey(lang, p.StockQuantity), Stock: p.StockQuantity,
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
	html, err = execute("product."+lang, ps)
	return html, err == nil, err
}

// RenderNotFound writes the not-found page's first screen in lang (the
// app's page for an address none of its routes takes).
func RenderNotFound(lang string, s Shop) ([]byte, error) {
	return execute("notFound."+lang, struct{ Shop Shop }{s})
}

// photos are p's photo file names, empty ones left out.
func photos(p shop.Product) []string {
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
