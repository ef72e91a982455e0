// Package firstscreen renders the home's first screen (header, hero, filters,
// count line and the first row of product cards) as HTML in the shopper's
// language, so a browser paints the shop, product photos included, before
// the app's scripts have run. The app replaces it with the same markup when
// it mounts. The texts come from the app's own translation files.
package firstscreen

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"stageshop/shop"
)

// FirstRow is how many cards the screen shows: one row of the widest grid,
// as many as the app's first render (FIRST_ROW in HomePage.tsx).
const FirstRow = 4

// fallback is the language of texts missing in another (the app's
// fallbackLng).
const fallback = "en"

// languageNames are the switcher's native names (LANGUAGE_NAMES in the app).
var languageNames = map[string]string{"en": "English", "ru": "Русский", "zh": "中文"}

// sorts are the sort select's options, in the app's order; the home starts
// with newest.
var sorts = []string{shop.SortNameAsc, shop.SortNameDesc, shop.SortPriceAsc, shop.SortPriceDesc, shop.SortNewest}

//go:embed screens.gohtml
var screensTemplate string

var tmpl = template.Must(template.New("firstscreen").Parse(screensTemplate))

// Texts are the app's translations, per language, keyed "namespace:key.path".
type Texts struct {
	byLang map[string]map[string]string
}

// LoadTexts reads the common and shop translations of every language from
// the built app (locales/{lang}/{ns}.json).
func LoadTexts(site fs.FS) (*Texts, error) {
	t := &Texts{byLang: map[string]map[string]string{}}
	for _, lang := range shop.Languages {
		flat := map[string]string{}
		for _, ns := range []string{"common", "shop"} {
			raw, err := fs.ReadFile(site, "locales/"+lang+"/"+ns+".json")
			if err != nil {
				return nil, err
			}
			var tree map[string]any
			if err := json.Unmarshal(raw, &tree); err != nil {
				return nil, fmt.Errorf("locales/%s/%s.json: %w", lang, ns, err)
			}
			flatten(flat, ns+":", tree)
		}
		t.byLang[lang] = flat
	}
	return t, nil
}

func flatten(dst map[string]string, prefix string, tree map[string]any) {
	for k, v := range tree {
		switch v := v.(type) {
		case string:
			dst[prefix+k] = v
		case map[string]any:
			flatten(dst, prefix+k+".", v)
		}
	}
}

// text is key in lang, else in English (the app's fallback), with
// {{name}} placeholders filled from vars.
func (t *Texts) text(lang, key string, vars map[string]string) string {
	s, ok := t.byLang[lang][key]
	if !ok {
		s = t.byLang[fallback][key]
	}
	return interpolate(s, vars)
}

// plural is i18next's plural lookup: key_{form} for count's plural form in
// lang, else the plain key, falling back to English the same way.
func (t *Texts) plural(lang, key string, count int64, vars map[string]string) string {
	if vars == nil {
		vars = map[string]string{}
	}
	vars["count"] = strconv.FormatInt(count, 10)
	for _, l := range []string{lang, fallback} {
		texts := t.byLang[l]
		if s, ok := texts[key+"_"+pluralForm(l, count)]; ok {
			return interpolate(s, vars)
		}
		if s, ok := texts[key]; ok {
			return interpolate(s, vars)
		}
	}
	return ""
}

// pluralForm is the CLDR plural category of n (Intl.PluralRules, as
// i18next uses it).
func pluralForm(lang string, n int64) string {
	switch lang {
	case "zh":
		return "other"
	case "ru":
		if n < 0 {
			n = -n
		}
		switch d, dd := n%10, n%100; {
		case d == 1 && dd != 11:
			return "one"
		case d >= 2 && d <= 4 && (dd < 12 || dd > 14):
			return "few"
		default:
			return "many"
		}
	default:
		if n == 1 {
			return "one"
		}
		return "other"
	}
}

var placeholder = regexp.MustCompile(`\{\{\s*(\w+)\s*\}\}`)

func interpolate(s string, vars map[string]string) string {
	if len(vars) == 0 {
		return s
	}
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vars[placeholder.FindStringSubmatch(m)[1]]; ok {
			return v
		}
		return m
	})
}

// Language picks the language the app will start in, as far as the server
// can tell: ?lng=, the i18next cookie the app keeps, Accept-Language, else
// English. (The app's own choice may also come from local storage; the
// page's start-up script drops this screen when the two differ.)
func Language(r *http.Request) string {
	if l := normalize(r.URL.Query().Get("lng")); l != "" {
		return l
	}
	if c, err := r.Cookie("i18next"); err == nil {
		if l := normalize(c.Value); l != "" {
			return l
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(part, ";")
		if l := normalize(tag); l != "" {
			return l
		}
	}
	return fallback
}

var languageTag = regexp.MustCompile(`^(?i)(en|ru|zh)(?:[-_][A-Za-z0-9]{2,8})*$`)

// normalize maps a language tag (ru, ru-RU, zh_Hans_CN) to a supported
// language, or "".
func normalize(tag string) string {
	m := languageTag.FindStringSubmatch(strings.TrimSpace(tag))
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1])
}

// screenTexts are the fixed texts of the screen in one language.
type screenTexts struct {
	SkipToContent, OpenMenu, BrandHome, MainNav, Products, LanguageLabel, LanguageName,
	Cart, Login, HeroTitle, HeroDescription, Category, SortBy, Search, SearchPlaceholder,
	PreviousImage, NextImage, OutOfStock, Decrease, Increase, AddToCart, NotifyMe string
	// The product page's.
	Back, Breadcrumb, Home, Gallery, Primary, NoImage, Quantity, Specifications string
}

type option struct {
	Value, Label string
	Selected     bool
}

// stockView is what a card and a product page show of the stock: the
// badge, and the stepper's range for a signed-out shopper (nothing in cart).
type stockView struct {
	Stock                string // the in-stock badge
	InStock, CanIncrease bool
	Max                  int64
}

func (t *Texts) stockView(lang string, stock int64) stockView {
	v := stockView{InStock: stock > 0, CanIncrease: stock > 1, Max: max(1, stock)}
	if v.InStock {
		v.Stock = t.plural(lang, "shop:inStock", stock, nil)
	}
	return v
}

type card struct {
	stockView
	T                                            *screenTexts
	ID, Href, Image, Name, Description, Category string
	Price, QuantityLabel                         string
	Images                                       int // shown when more than one
}

type screen struct {
	T          *screenTexts
	Home       bool // the header's Products link is the current page
	Categories []option
	Sorts      []option
	Count      string
	Cards      []card
}

// screenTexts returns the fixed texts of the screens in lang.
func (t *Texts) screenTexts(lang string) *screenTexts {
	tx := func(key string) string { return t.text(lang, key, nil) }
	return &screenTexts{
		SkipToContent: tx("common:skipToContent"), OpenMenu: tx("common:nav.openMenu"),
		BrandHome: tx("common:brand.home"), MainNav: tx("common:nav.main"), Products: tx("common:nav.products"),
		LanguageLabel: t.text(lang, "common:language.label", map[string]string{"language": languageNames[lang]}),
		LanguageName:  languageNames[lang],
		Cart:          t.plural(lang, "common:cart.open", 0, nil),
		Login:         tx("common:nav.login"),
		HeroTitle:     tx("shop:hero.title"), HeroDescription: tx("shop:hero.description"),
		Category: tx("shop:filters.category"), SortBy: tx("shop:filters.sortBy"),
		Search: tx("shop:filters.search"), SearchPlaceholder: tx("shop:filters.searchPlaceholder"),
		PreviousImage: tx("shop:gallery.previous"), NextImage: tx("shop:gallery.next"),
		OutOfStock: tx("shop:outOfStock"), Decrease: tx("common:cart.decrease"),
		Increase: tx("common:cart.increase"), AddToCart: tx("shop:addToCart"),
		NotifyMe: tx("shop:notify.button"),
		Back:     tx("shop:back"), Breadcrumb: tx("shop:breadcrumb"), Home: tx("common:nav.home"),
		Gallery: tx("shop:gallery.label"), Primary: tx("shop:gallery.primary"), NoImage: tx("shop:gallery.noImage"),
		Quantity: tx("shop:quantity"), Specifications: tx("shop:specifications"),
	}
}

// category is a category's name in lang.
func (t *Texts) category(lang, c string) string {
	for _, l := range []string{lang, fallback} {
		if s, ok := t.byLang[l]["shop:categories."+c]; ok {
			return s
		}
	}
	return c
}

// Render writes the home's first screen in lang for the home's first page
// of products (newest first) and the total count of active products.
func (t *Texts) Render(lang string, products []shop.Product, total int) ([]byte, error) {
	tx := func(key string) string { return t.text(lang, key, nil) }
	st := t.screenTexts(lang)
	category := func(c string) string { return t.category(lang, c) }
	sc := screen{T: st, Home: true, Count: t.plural(lang, "shop:count", int64(total), nil)}
	sc.Categories = append(sc.Categories, option{Value: "", Label: tx("shop:filters.allCategories")})
	for _, c := range shop.Categories {
		sc.Categories = append(sc.Categories, option{Value: c, Label: category(c)})
	}
	for _, s := range sorts {
		sc.Sorts = append(sc.Sorts, option{Value: s, Label: tx("shop:sort." + s), Selected: s == shop.SortNewest})
	}
	for i, p := range products {
		if i == FirstRow {
			break
		}
		name := resolve(p.NameLocalized, lang, p.Name)
		c := card{
			stockView: t.stockView(lang, p.StockQuantity),
			T:         st, ID: p.ID, Href: "/products/" + encodeURIComponent(p.ID),
			Image: imageURL(p.ImageFileNames), Name: name,
			Description:   resolve(p.DescriptionLocalized, lang, p.Description),
			Category:      category(p.Category),
			Price:         FormatPrice(p.PriceCents),
			QuantityLabel: t.text(lang, "shop:quantityFor", map[string]string{"name": name}),
		}
		if n := len(p.ImageFileNames); n > 1 {
			c.Images = n
		}
		sc.Cards = append(sc.Cards, c)
	}
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, "home", sc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type thumb struct{ URL, Label string }

type attribute struct{ Key, Value string }

type productScreen struct {
	stockView
	T                                  *screenTexts
	Home                               bool
	Name, Description, Category, Price string
	Images                             []string // full-size photo URLs
	Thumbs                             []thumb
	Attributes                         []attribute
}

// RenderProduct writes the first screen of product p's page in lang.
func (t *Texts) RenderProduct(lang string, p shop.Product) ([]byte, error) {
	name := resolve(p.NameLocalized, lang, p.Name)
	ps := productScreen{
		stockView: t.stockView(lang, p.StockQuantity),
		T:         t.screenTexts(lang), Name: name,
		Description: resolve(p.DescriptionLocalized, lang, p.Description),
		Category:    t.category(lang, p.Category),
		Price:       FormatPrice(p.PriceCents),
	}
	for i, f := range p.ImageFileNames {
		if f == "" {
			continue
		}
		ps.Images = append(ps.Images, photoURL(f, ""))
		ps.Thumbs = append(ps.Thumbs, thumb{
			URL: photoURL(f, "120x120"),
			Label: t.text(lang, "shop:gallery.show", map[string]string{
				"index": strconv.Itoa(i + 1), "total": strconv.Itoa(len(p.ImageFileNames))}),
		})
	}
	for _, a := range p.Attributes {
		k := strings.TrimSpace(resolve(a.KeyLocalized, lang, a.Key))
		v := strings.TrimSpace(resolve(a.ValueLocalized, lang, a.Value))
		if k != "" && v != "" {
			ps.Attributes = append(ps.Attributes, attribute{Key: k, Value: v})
		}
	}
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, "product", ps); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// resolve is the app's resolveLocalized: shop.Localized.Get (the
// language's text, else English, else the plain field), else any text.
func resolve(l shop.Localized, lang, plain string) string {
	if s := l.Get(lang, plain); s != "" {
		return s
	}
	for _, lang := range shop.Languages {
		if l[lang] != "" {
			return l[lang]
		}
	}
	return ""
}

// imageURL is a card's thumbnail, the placeholder when there is no photo.
func imageURL(files []string) string {
	if len(files) == 0 || files[0] == "" {
		return "/images/placeholder.jpg"
	}
	return photoURL(files[0], "400x300")
}

// photoURL is productImageUrl in the app: a product photo, or its server
// thumbnail of size thumb.
func photoURL(file, thumb string) string {
	url := "/images/products/" + encodeURIComponent(file)
	if thumb != "" {
		url += "?thumb=" + thumb
	}
	return url
}

// encodeURIComponent escapes s as JavaScript's function of that name does.
func encodeURIComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// FormatPrice writes cents as the app's formatPrice does: $1,234.50.
func FormatPrice(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return fmt.Sprintf("%s$%s.%02d", sign, b.String(), cents%100)
}

// Page puts screen into the app's index.html: into #root, marked with its
// language (the page's start-up script and styles show either it or the
// plain boot header), and lang on <html>. ok is false when index.html has
// not the expected shape; it is then to be served unchanged.
func Page(index []byte, lang string, screen []byte) (page []byte, ok bool) {
	const root = `<div id="root">`
	const htmlTag = `<html lang="en">`
	i := bytes.Index(index, []byte(root))
	h := bytes.Index(index, []byte(htmlTag))
	if i < 0 || h < 0 || h > i {
		return nil, false
	}
	var b bytes.Buffer
	b.Grow(len(index) + len(screen) + 64)
	b.Write(index[:h])
	fmt.Fprintf(&b, `<html lang="%s">`, lang)
	b.Write(index[h+len(htmlTag) : i])
	fmt.Fprintf(&b, `<div id="root" data-first-screen="%s">`, lang)
	b.Write(screen)
	b.Write(index[i+len(root):])
	return b.Bytes(), true
}
