package firstscreen

import (
	"strings"
	"testing"

	"stageshop/shop"
	"stageshop/shop/catalog"
)

// xlr is a cable in three lengths (no variant offers 20 m) and two colours:
// 5 m black sold out, 10 m black on sale, 10 m white inactive.
func xlr() catalog.Product {
	v := func(id, length, colour string, price, compareAt, stock int64, active bool) catalog.Variant {
		return catalog.Variant{ID: id, SKU: "XLR-" + id, OptionValues: []string{length, colour}, PriceCents: price,
			CompareAtCents: compareAt, StockQuantity: stock, IsActive: active}
	}
	return catalog.Product{
		ID: "p1", Name: "XLR Cable", Category: "Sound", PriceCents: 1250, StockQuantity: 3, IsActive: true,
		ImageFileNames: []string{"cable.jpg"}, DefaultVariantID: "5W", VariantCount: 4,
		PriceFromCents: 1250, PriceToCents: 1990, InStock: true, OnSale: true,
		Options: []catalog.Option{
			{Name: "Length", NameLocalized: shop.Localized{"ru": "Длина"},
				Values: []catalog.OptionValue{{Value: "5 m"}, {Value: "10 m"}, {Value: "20 m"}}},
			{Name: "Colour", NameLocalized: shop.Localized{"ru": "Цвет"},
				Values: []catalog.OptionValue{{Value: "Black", ValueLocalized: shop.Localized{"ru": "Чёрный"}}, {Value: "White"}}},
		},
		Variants: []catalog.Variant{
			v("5B", "5 m", "Black", 1250, 0, 0, true), v("5W", "5 m", "White", 1250, 0, 3, true),
			v("10B", "10 m", "Black", 1990, 2490, 5, true), v("10W", "10 m", "White", 1990, 0, 2, false),
		},
	}
}

func renderProduct(t *testing.T, lang string, p catalog.Product, variant string) string {
	t.Helper()
	html, ok, err := RenderProduct(lang, testStore, p, variant)
	if err != nil || !ok {
		t.Fatal(err, ok)
	}
	return string(html)
}

func wantIn(t *testing.T, what, html string, want []string, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(html, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
	for _, n := range not {
		if strings.Contains(html, n) {
			t.Errorf("%s shows %q", what, n)
		}
	}
}

// pressed is a picker's button for value, chosen or not.
func pressed(value string, on bool) string {
	if on {
		return `aria-pressed="true" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-solid rt-Button"><span>` + value + `</span>`
	}
	return `aria-pressed="false" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-outline rt-Button"><span>` + value + `</span>`
}

// A product page with options arrives with its pickers, the default variant
// chosen: its values pressed, its price, stock, SKU and label; values no
// active variant offers left out; a value that would give a sold-out variant
// said so (issue 31: the layout does not move when the app takes over).
func TestRenderProductWithOptionsShowsTheDefaultVariant(t *testing.T) {
	html := renderProduct(t, "en", xlr(), "")
	wantIn(t, "the default variant's page", html, []string{
		`data-testid="variant-picker"`, "Length: 5 m</span></legend>", "Colour: White</span></legend>",
		pressed("5 m", true), pressed("10 m", false), pressed("White", true),
		`aria-pressed="false" aria-label="Black (sold out)"`, `<span class="sold-out-value">Black</span>`,
		`data-testid="sku" class="rt-Text rt-r-size-2">SKU: XLR-5W</p>`, ">$12.50</p>", "3 in stock",
		`alt="XLR Cable - 5 m, White (1 / 1)"`, `src="/images/products/cable.jpg"`,
	}, []string{"20 m", "Was ", "Choose options"})
}

// ?variant= picks the variant the page arrives with (a shared link); an
// inactive or unknown one falls back to the default.
func TestRenderProductWithOptionsFollowsTheURL(t *testing.T) {
	p := xlr()
	p.Variants[2].ImageFileNames = []string{"black.jpg"}
	html := renderProduct(t, "en", p, "10B")
	wantIn(t, "10 m black's page", html, []string{
		"Length: 10 m</span></legend>", "Colour: Black</span></legend>", pressed("10 m", true), `aria-pressed="false" aria-label="5 m (sold out)"`,
		"SKU: XLR-10B</p>", ">$19.90</p>", `<s class="was-price" data-was="Was">$24.90</s>`, ">Sale</span>", "5 in stock",
		`src="/images/products/black.jpg"`, `alt="XLR Cable - 10 m, Black (1 / 1)"`,
	}, []string{"cable.jpg", "SKU: XLR-5W"})
	for _, id := range []string{"10W", "nope"} {
		wantIn(t, "the page of "+id, renderProduct(t, "en", p, id), []string{"SKU: XLR-5W</p>", pressed("5 m", true)}, []string{"SKU: XLR-10"})
	}
	ru := renderProduct(t, "ru", p, "5B")
	wantIn(t, "the Russian page", ru, []string{"Длина: 5 m</span>", "Цвет: Чёрный</span>", "Нет в наличии"}, nil)
}

// An option with more values than a row of buttons is a select showing the
// chosen value; a product with options and one variant shows no SKU line.
func TestRenderProductWithManyValues(t *testing.T) {
	p := xlr()
	p.Options = []catalog.Option{{Name: "Voltage"}}
	p.Variants = nil
	for _, v := range []string{"100 V", "110 V", "120 V", "220 V", "230 V", "240 V", "12 V"} {
		p.Options[0].Values = append(p.Options[0].Values, catalog.OptionValue{Value: v})
		p.Variants = append(p.Variants, catalog.Variant{ID: v, SKU: "FOG-" + v, OptionValues: []string{v}, PriceCents: 9900, StockQuantity: 1, IsActive: true})
	}
	p.DefaultVariantID = "230 V"
	html := renderProduct(t, "en", p, "")
	wantIn(t, "the voltage select", html, []string{
		`<span id="option-0" class="rt-Text rt-r-size-2 rt-r-weight-medium">Voltage</span>`,
		`aria-labelledby="option-0"`, `role="combobox"`, `<span style="pointer-events:none">230 V</span>`,
	}, []string{"<fieldset"})
	p.Variants, p.VariantCount = p.Variants[4:5], 1
	wantIn(t, "a product with one variant", renderProduct(t, "en", p, ""), []string{"Voltage: 230 V"}, []string{`data-testid="sku"`})
	p.Variants[0].IsActive = false
	if _, ok, err := RenderProduct("en", testStore, p, ""); ok || err != nil {
		t.Errorf("options but no active variant: ok %v, err %v; want the plain page", ok, err)
	}
}

// The home's card of a product with several variants says "from" the
// cheapest when their prices differ and "Choose options" (a link to the
// product) instead of a quantity and Add to cart; in stock when any is.
func TestRenderCardOfSeveralVariants(t *testing.T) {
	p := xlr()
	single := catalog.Product{ID: "p2", Name: "Clamp", PriceCents: 500, CompareAtCents: 700, StockQuantity: 4, VariantCount: 1, InStock: true, OnSale: true}
	html, err := Render("en", testStore, nil, []catalog.Product{p, single}, 2)
	if err != nil {
		t.Fatal(err)
	}
	cards := strings.SplitAfter(string(html), "</article>")
	wantIn(t, "the cable's card", cards[0], []string{
		">from $12.50</p>", ">Sale</span>", ">In stock</span>", `aria-label="Choose options of XLR Cable"`,
		`rt-variant-solid rt-Button" href="/products/p1" data-discover="true">Choose options</a>`,
	}, []string{"Add to Cart", "in stock<", "Out of Stock"})
	wantIn(t, "the clamp's card", cards[1], []string{">$5.00</p>", `<s class="was-price" data-was="Was">$7.00</s>`, "4 in stock", "Add to Cart"},
		[]string{"Choose options", "from "})

	p.PriceToCents, p.OnSale, p.InStock = p.PriceFromCents, false, false
	html, err = Render("ru", testStore, nil, []catalog.Product{p}, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "a sold-out card of one price", string(html), []string{
		">12,50\u00a0$</p>", "Нет в наличии", `rt-variant-soft rt-Button" href="/ru/products/p1"`,
	}, []string{"от ", "Скидка"})
}

// A product for hire only (issue 46: the demo's Small PA Kit in Sound's
// first page) gets the app's hire card: "For hire" and "Choose dates",
// never "Out of Stock" and Notify me for its empty sale stock.
func TestRenderCardForHireOnly(t *testing.T) {
	kit := catalog.Product{ID: "k1", Name: "PA Kit", Category: "Sound", PriceCents: 10000, VariantCount: 1, IsActive: true,
		ImageFileNames: []string{"kit.jpg"}, Hire: catalog.HireTerms{Enabled: true}}
	both := kit
	both.ID, both.Name, both.StockQuantity, both.InStock, both.Hire.SaleEnabled = "s1", "PA Speaker", 6, true, true
	html, err := RenderCategory("en", testStore, nil, "Sound", "Sound", []catalog.Product{kit, both}, 2)
	if err != nil {
		t.Fatal(err)
	}
	cards := strings.SplitAfter(string(html), "</article>")
	wantIn(t, "the kit's card", cards[0], []string{">For hire</span>", ">$100.00</p>", `aria-label="Choose dates for PA Kit"`, `href="/products/k1"`},
		[]string{"Out of Stock", "Notify me", "Add to Cart", "in stock"})
	wantIn(t, "the speaker's card (for sale too)", cards[1], []string{"6 in stock", "Add to Cart"}, []string{"For hire", "Choose dates"})
}
