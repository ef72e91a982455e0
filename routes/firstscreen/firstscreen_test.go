package firstscreen

import (
	"strings"
	"testing"

	"stageshop/shop"
)

// Prices read as the app's formatPrice writes them.
func TestFormatPrice(t *testing.T) {
	for cents, want := range map[int64]string{0: "$0.00", 5: "$0.05", 129900: "$1,299.00", 123456789: "$1,234,567.89", -250: "-$2.50"} {
		if got := FormatPrice(cents); got != want {
			t.Errorf("FormatPrice(%d) = %q, want %q", cents, got, want)
		}
	}
}

// Plural forms follow CLDR as i18next does (Intl.PluralRules).
func TestPluralForm(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int64
		want string
	}{
		{"en", 0, "other"}, {"en", 1, "one"}, {"en", 2, "other"},
		{"ru", 1, "one"}, {"ru", 21, "one"}, {"ru", 2, "few"}, {"ru", 24, "few"},
		{"ru", 5, "many"}, {"ru", 11, "many"}, {"ru", 12, "many"}, {"ru", 111, "many"},
		{"zh", 1, "other"},
	} {
		if got := pluralForm(c.lang, c.n); got != c.want {
			t.Errorf("pluralForm(%s, %d) = %s, want %s", c.lang, c.n, got, c.want)
		}
	}
}

// Texts missing in a language fall back to English, with placeholders filled.
func TestTextsFallBackToEnglish(t *testing.T) {
	tx := &Texts{byLang: map[string]map[string]string{
		"en": {"shop:count_one": "{{count}} product found", "shop:count_other": "{{count}} products found", "shop:only": "English only"},
		"ru": {"shop:count": "Найдено товаров: {{count}}"},
		"zh": {},
	}}
	for _, c := range []struct{ got, want string }{
		{tx.plural("en", "shop:count", 1, nil), "1 product found"},
		{tx.plural("en", "shop:count", 3, nil), "3 products found"},
		{tx.plural("ru", "shop:count", 3, nil), "Найдено товаров: 3"},
		{tx.plural("zh", "shop:count", 3, nil), "3 products found"},
		{tx.text("ru", "shop:only", nil), "English only"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// The screen goes into #root and the language onto <html>; an index.html
// of another shape is left alone.
func TestPage(t *testing.T) {
	index := []byte(`<!doctype html><html lang="en"><head></head><body><div id="root"><div class="boot-header"></div></div></body></html>`)
	page, ok := Page(index, "ru", []byte(`<div class="first-screen"></div>`))
	want := `<!doctype html><html lang="ru"><head></head><body><div id="root" data-first-screen="ru"><div class="first-screen"></div><div class="boot-header"></div></div></body></html>`
	if !ok || string(page) != want {
		t.Errorf("Page = %s, %v", page, ok)
	}
	if _, ok := Page([]byte(`<html><div id=root></div></html>`), "en", nil); ok {
		t.Error("an index.html without the expected tags must be served as it is")
	}
}

// Product links and photo names are encoded as the app encodes them.
func TestURLs(t *testing.T) {
	if got := imageURL([]string{"a b&c.jpg"}); got != "/images/products/a%20b%26c.jpg?thumb=400x300" {
		t.Errorf("imageURL = %s", got)
	}
	if got := imageURL(nil); got != "/images/placeholder.jpg" {
		t.Errorf("no photo: %s", got)
	}
	if got := resolve(map[string]string{"en": "Stand", "ru": ""}, "ru", "plain"); got != "Stand" {
		t.Errorf("resolve = %s", got)
	}
	if !strings.Contains(encodeURIComponent("é/?"), "%C3%A9%2F%3F") {
		t.Error("encodeURIComponent")
	}
}

// An out-of-stock product says so beside its price, as the app's product page
// does (issue 16); one in stock shows the price alone.
func TestRenderProductOutOfStockBesidePrice(t *testing.T) {
	tx := &Texts{byLang: map[string]map[string]string{
		"en": {"shop:outOfStock": "Out of Stock"}, "ru": {}, "zh": {},
	}}
	beside := `<p class="rt-Text rt-r-size-7 rt-r-weight-bold">$12.50</p><span data-accent-color="red" data-testid="out-of-stock"`
	for _, c := range []struct {
		stock int64
		want  bool
	}{{0, true}, {3, false}} {
		p := shop.Product{ID: "p1", Name: "Clamp", PriceCents: 1250, StockQuantity: c.stock}
		html, err := tx.RenderProduct("en", p)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(html), beside); got != c.want {
			t.Errorf("stock %d: out of stock beside the price = %v, want %v", c.stock, got, c.want)
		}
	}
}
