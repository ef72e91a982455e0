package firstscreen

import (
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"stageshop/shop"
	"stageshop/shop/catalog"
	"stageshop/shop/locale"
)

// Prices read as the app's formatPrice writes them, in the page's language.
func TestFormatPrice(t *testing.T) {
	for cents, want := range map[int64]string{0: "$0.00", 5: "$0.05", 129900: "$1,299.00", 123456789: "$1,234,567.89", -250: "-$2.50"} {
		if got := FormatPrice(cents, "en"); got != want {
			t.Errorf("FormatPrice(%d) = %q, want %q", cents, got, want)
		}
	}
	if got := FormatPrice(129900, "ru"); got != "1\u00a0299,00\u00a0$" {
		t.Errorf("ru: %q", got)
	}
	if got := FormatPrice(129900, "zh"); got != "US$1,299.00" {
		t.Errorf("zh: %q", got)
	}
}

// Plural keys follow CLDR as i18next does (Intl.PluralRules); one is rendered exactly.
func TestPluralKey(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int64
		want string
	}{
		{"en", 0, "other"}, {"en", 1, "1"}, {"en", 2, "other"}, {"en", 1000001, "other"},
		{"ru", 1, "1"}, {"ru", 21, "one"}, {"ru", 2, "few"}, {"ru", 24, "few"},
		{"ru", 5, "many"}, {"ru", 11, "many"}, {"ru", 12, "many"}, {"ru", 111, "many"}, {"ru", 0, "many"},
		{"zh", 1, "1"}, {"zh", 2, "other"},
	} {
		if got := pluralKey(c.lang, c.n); got != c.want {
			t.Errorf("pluralKey(%s, %d) = %s, want %s", c.lang, c.n, got, c.want)
		}
	}
}

// The language as the app would pick it: ?lng=, the i18next cookie,
// Accept-Language by preference, else English; unknown tags are skipped.
func TestLanguage(t *testing.T) {
	for _, c := range []struct{ url, cookie, accept, want string }{
		{"/?lng=ru-RU", "", "", "ru"},
		{"/?lng=<script>", "zh", "", "zh"},
		{"/", "", "de-DE,zh-CN;q=0.8,en;q=0.5", "zh"},
		{"/", "", "en;q=0.2,ru;q=0.9", "ru"},
		{"/", "", "zh_Hans_CN", "zh"},
		{"/", "de", "fr", "en"},
	} {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", "i18next="+c.cookie)
		}
		r.Header.Set("Accept-Language", c.accept)
		if got := Language(r); got != c.want {
			t.Errorf("%s cookie %q Accept-Language %q: %s, want %s", c.url, c.cookie, c.accept, got, c.want)
		}
	}
}

var stockBadge = regexp.MustCompile(`data-accent-color="green" class="rt-reset rt-Badge[^"]*">([^<]*)</span>`)

// Every stock level reads with its own number in every language's plural
// form, and no number the components were rendered with is left in the page.
func TestStockInEveryPluralForm(t *testing.T) {
	want := map[string]func(n int) string{
		"en": func(n int) string { return strconv.Itoa(n) + " in stock" },
		"ru": func(n int) string { return "В наличии: " + strconv.Itoa(n) },
		"zh": func(n int) string { return "库存 " + strconv.Itoa(n) + " 件" },
	}
	for lang, text := range want {
		for n := 1; n <= 130; n++ {
			p := catalog.Product{ID: "p1", Name: "Clamp", PriceCents: 1250, StockQuantity: int64(n), ImageFileNames: []string{"a.jpg", "b.jpg"}}
			html, err := Render(lang, testStore, nil, []catalog.Product{p}, n)
			if err != nil {
				t.Fatal(err)
			}
			m := stockBadge.FindSubmatch(html)
			if m == nil || string(m[1]) != text(n) {
				t.Fatalf("%s, %d in stock: badge %q, want %q", lang, n, m, text(n))
			}
			if s := string(html); strings.Contains(s, "qzq") || strings.Contains(s, "700000") || strings.Contains(s, "800000") || strings.Contains(s, "6000007") {
				t.Fatalf("%s, %d in stock: a render marker is left in the page", lang, n)
			}
			if !strings.Contains(string(html), `max="`+strconv.Itoa(n)+`"`) {
				t.Errorf("%s: the stepper's maximum is not the stock %d", lang, n)
			}
		}
	}
}

// An out-of-stock product says so beside its price, as the app's product page
// does (issue 16); one in stock shows the price alone.
func TestRenderProductOutOfStockBesidePrice(t *testing.T) {
	beside := `<p class="rt-Text rt-r-size-7 rt-r-weight-bold">$12.50</p></div><span data-accent-color="red" data-testid="out-of-stock"`
	for _, c := range []struct {
		stock int64
		want  bool
	}{{0, true}, {3, false}} {
		p := catalog.Product{ID: "p1", Name: "Clamp", PriceCents: 1250, StockQuantity: c.stock}
		html, ok, err := RenderProduct("en", testStore, p, "")
		if err != nil || !ok {
			t.Fatal(err, ok)
		}
		if got := strings.Contains(string(html), beside); got != c.want {
			t.Errorf("stock %d: out of stock beside the price = %v, want %v", c.stock, got, c.want)
		}
	}
}

// A product page shows each photo (escaped into its URL), a thumbnail per
// photo with its position, and the specifications in the language.
func TestRenderProductGallery(t *testing.T) {
	p := catalog.Product{ID: "p1", Name: "Clamp", PriceCents: 1250, StockQuantity: 2, Category: "Sound",
		ImageFileNames: []string{"a.jpg", "b c.jpg", "c.jpg"},
		Attributes:     []catalog.Attribute{{Key: "Weight", KeyLocalized: shop.Localized{"ru": "Вес"}, Value: "2 kg"}, {Key: "", Value: "dropped"}}}
	html, ok, err := RenderProduct("ru", testStore, p, "")
	if err != nil || !ok {
		t.Fatal(err, ok)
	}
	s := string(html)
	for _, want := range []string{
		`src="/images/products/a.jpg"`, `src="/images/products/b%20c.jpg?thumb=120x120"`, `alt="Clamp (1 / 3)"`,
		`aria-label="Показать изображение 3 из 3"`, `>1 / 3</span>`, `class="rt-DataListLabel rt-r-min-w">Вес</dt>`, `>2 kg</dd>`, ">Звук<",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the product page lacks %q", want)
		}
	}
	if strings.Contains(s, "dropped") {
		t.Error("a specification without a name is shown")
	}
	p.ImageFileNames = make([]string, shared.MaxImages+1)
	for i := range p.ImageFileNames {
		p.ImageFileNames[i] = "x.jpg"
	}
	if _, ok, _ := RenderProduct("en", testStore, p, ""); ok {
		t.Error("more photos than the screens were rendered for must fall back to the plain page")
	}
}

// The shared constants agree with the shop's own rules: the screens are
// rendered for as many photos as a product may have, in the shop's languages.
func TestConstantsAgreeWithShop(t *testing.T) {
	if shared.MaxImages != catalog.MaxImages {
		t.Errorf("constants.json maxImages %d, shop.MaxImages %d", shared.MaxImages, catalog.MaxImages)
	}
	if !slices.Equal(shared.Languages, locale.Languages()) || shared.FallbackLanguage != "en" {
		t.Errorf("constants.json languages %v (fallback %s), locale.Languages() %v", shared.Languages, shared.FallbackLanguage, locale.Languages())
	}
	if FirstRow < 1 {
		t.Errorf("first row of %d cards", FirstRow)
	}
}

// testStore is the demo shop's store details as the first screens show them.
var testStore = Store{Name: "StageShop", Logo: "/favicon.svg", HeroTitle: "Stage equipment", HeroText: "Lighting, sound and staging."}
