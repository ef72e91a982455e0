package routes_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// searchProduct is one product of the search tests' fixed catalog.
type searchProduct struct {
	key        string // the tests' name for it
	en, ru, zh string
	desc       string
	attrs      [][2]string // English key, value
	category   string
	priceCents int64
	stock      int
	inactive   bool
}

// searchCatalog is the fixed catalog the query table runs on: every kind
// of match has a product that should win and a near miss that should not.
var searchCatalog = []searchProduct{
	{key: "sm58", en: "Shure SM58 Vocal Microphone", ru: "Вокальный микрофон Shure SM58", zh: "舒尔 SM58 人声麦克风",
		desc: "Legendary cardioid dynamic microphone.", attrs: [][2]string{{"Type", "Dynamic"}}, category: "Sound", priceCents: 9900, stock: 10},
	{key: "e835", en: "Sennheiser E-835 Microphone", ru: "Микрофон Sennheiser E-835", zh: "森海塞尔 E-835 麦克风",
		desc: "Cardioid vocal microphone.", category: "Sound", priceCents: 8900, stock: 4},
	{key: "hazer", en: "Antari HZ-500 Hazer", ru: "Генератор тумана Antari HZ-500", zh: "安塔利 HZ-500 雾机",
		desc: "Fine haze for beams.", category: "Lighting", priceCents: 79900, stock: 2},
	{key: "hazel", en: "Hazel Riser Deck", ru: "Подиум Hazel", zh: "榛色 升降台",
		desc: "A riser deck in hazel finish.", category: "Stage", priceCents: 45000, stock: 3},
	{key: "profile", en: "LED Profile Projector 200W", ru: "Профильный прожектор LED 200 Вт", zh: "LED 成像灯 200W",
		desc: "Gobo projector with zoom.", category: "Lighting", priceCents: 129900, stock: 5},
	{key: "par", en: "Par 64 Wash Light", ru: "Прожектор заливки Par 64", zh: "舞台灯光 Par 64 染色灯",
		desc: "Classic wash.", category: "Lighting", priceCents: 15900, stock: 7},
	{key: "xlr10", en: "XLR Cable 10m", ru: "Кабель XLR 10 м", zh: "XLR 线缆 10米",
		desc: "Balanced audio cable.", attrs: [][2]string{{"Length", "10 m"}}, category: "Accessories", priceCents: 1900, stock: 50},
	{key: "xlr5", en: "XLR Cable 5 m", ru: "Кабель XLR 5 м", zh: "XLR 线缆 5米",
		desc: "Balanced audio cable.", attrs: [][2]string{{"Length", "5 m"}}, category: "Accessories", priceCents: 1200, stock: 50},
	{key: "stand", en: "Boom Stand", ru: "Стойка журавль", zh: "话筒支架",
		desc: "Heavy base, folding legs.", attrs: [][2]string{{"Holds", "Microphone"}}, category: "Accessories", priceCents: 3900, stock: 20},
	{key: "tape", en: "Gaffer Tape", ru: "Гаффер тейп", zh: "布基胶带",
		desc: "Keeps microphone cables flat on stage.", category: "Accessories", priceCents: 1500, stock: 40},
	{key: "monitor-ru", en: "Wedge Monitor", ru: "Монитор Sonic", zh: "返听音箱",
		desc: "A floor monitor.", category: "Sound", priceCents: 39900, stock: 3},
	{key: "sonic-en", en: "Sonic Subwoofer", ru: "Сабвуфер Соник", zh: "超低音音箱",
		desc: "Deep bass.", category: "Sound", priceCents: 59900, stock: 3},
	{key: "amp-stock", en: "Power Amplifier 2x500", ru: "Усилитель 2x500", zh: "功放 2x500",
		desc: "Two channels.", category: "Sound", priceCents: 49900, stock: 6},
	{key: "amp-sold", en: "Power Amplifier 2x500", ru: "Усилитель 2x500", zh: "功放 2x500",
		desc: "Two channels.", category: "Sound", priceCents: 49900, stock: 0},
	{key: "clone", en: "Shure SM58 Microphone Clone", ru: "Микрофон SM58 копия", zh: "SM58 麦克风",
		desc: "Withdrawn microphone.", category: "Sound", priceCents: 1000, stock: 99, inactive: true},
}

// newSearchProduct saves p through the record hooks, as the dashboard does.
func newSearchProduct(t *testing.T, app core.App, p searchProduct) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("products")
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Set("name", p.en)
	rec.Set("nameLocalized", map[string]string{"en": p.en, "ru": p.ru, "zh": p.zh})
	rec.Set("description", p.desc)
	rec.Set("category", p.category)
	rec.Set("priceCents", p.priceCents)
	rec.Set("stockQuantity", p.stock)
	rec.Set("isActive", !p.inactive)
	rec.Set("imageFileNames", []string{testapp.NewImage(t, app)})
	attrs := []map[string]string{}
	for _, a := range p.attrs {
		attrs = append(attrs, map[string]string{"key": a[0], "value": a[1]})
	}
	rec.Set("attributes", attrs)
	if err := app.Save(rec); err != nil {
		t.Fatalf("save %s: %v", p.key, err)
	}
	return rec
}

// searchHarness is an app with the fixed search catalog; ids maps each
// product's key to its id and back.
func searchHarness(t *testing.T) (testapp.Harness, map[string]string) {
	t.Helper()
	h := testapp.NewHarness(t)
	ids := map[string]string{}
	for _, p := range searchCatalog {
		rec := newSearchProduct(t, h.App, p)
		ids[p.key], ids[rec.Id] = rec.Id, p.key
		time.Sleep(2 * time.Millisecond) // distinct created times
	}
	return h, ids
}

// searchKeys runs a list query and returns the keys of the products found.
func searchKeys(t *testing.T, c testapp.Client, ids map[string]string, query string) []string {
	t.Helper()
	page := listPage(t, c, query)
	keys := make([]string, 0, len(page.Products))
	for _, p := range page.Products {
		keys = append(keys, ids[p.ID])
	}
	return keys
}

func q(search string, extra ...string) string {
	return "?search=" + url.QueryEscape(search) + strings.Join(extra, "")
}

// TestSearchQueryTable: each query finds its product among the first 3,
// and never an inactive one.
func TestSearchQueryTable(t *testing.T) {
	h, ids := searchHarness(t)
	for _, tc := range []struct {
		query, want string
	}{
		// Typos: one edit in 4-7 letters, two from 8; a swap is one.
		{q("microphne"), "sm58"},
		{q("projecter"), "profile"},
		{q("hazr"), "hazer"},
		{q("sennhiezer"), "e835"},
		{q("amplfiier"), "amp-stock"},
		{q("stnad"), "stand"},
		// Model numbers and units: case, hyphens, spaces, joins.
		{q("SM58"), "sm58"},
		{q("sm-58"), "sm58"},
		{q("sm 58"), "sm58"},
		{q("e835"), "e835"},
		{q("E 835"), "e835"},
		{q("hz500"), "hazer"},
		{q("10m"), "xlr10"},
		{q("10 m"), "xlr10"},
		{q("xlr 5m"), "xlr5"},
		// Russian word forms, English plurals.
		{q("прожектор"), "profile"},
		{q("прожекторы"), "profile"},
		{q("прожектора"), "profile"},
		{q("микрофоны"), "sm58"},
		{q("microphones"), "sm58"},
		{q("cables"), "xlr10"},
		// Chinese without spaces, and mixed languages.
		{q("舞台灯"), "par"},
		{q("麦克风"), "sm58"},
		{q("人声麦克风"), "sm58"},
		{q("Shure микрофон"), "sm58"},
		{q("кабель xlr"), "xlr10"},
		// Stop words do not exclude ("stand for microphone").
		{q("stand for microphone"), "stand"},
		// Filters.
		{q("cable", "&maxPrice=15"), "xlr5"},
		{q("microphone", "&category=Accessories"), "stand"},
		{q("amplifier", "&inStock=true"), "amp-stock"},
		{q("xlr", "&minPrice=15.50"), "xlr10"},
	} {
		keys := searchKeys(t, h.Client, ids, tc.query)
		top := keys[:min(3, len(keys))]
		found := false
		for _, k := range top {
			found = found || k == tc.want
		}
		if !found {
			t.Errorf("%s: want %s in the top 3, got %v", tc.query, tc.want, keys)
		}
		for _, k := range keys {
			if k == "clone" || k == "" {
				t.Errorf("%s: an inactive or unknown product in %v", tc.query, keys)
			}
		}
	}
}

// TestSearchRanking: exact words before typos, names before attributes
// before descriptions, the interface language first, in stock before sold
// out at equal relevance, and a chosen sort over relevance.
func TestSearchRanking(t *testing.T) {
	h, ids := searchHarness(t)
	c := h.Client
	first := func(query string) string {
		keys := searchKeys(t, c, ids, query)
		if len(keys) == 0 {
			return ""
		}
		return keys[0]
	}
	if got := first(q("hazer")); got != "hazer" {
		t.Errorf("hazer: the exact word first, got %s", got)
	}
	if got := first(q("hazel")); got != "hazel" {
		t.Errorf("hazel: the exact word first, got %s", got)
	}
	keys := searchKeys(t, c, ids, q("microphone"))
	pos := map[string]int{}
	for i, k := range keys {
		pos[k] = i
	}
	for _, k := range []string{"sm58", "e835", "stand", "tape"} {
		if _, ok := pos[k]; !ok {
			t.Fatalf("microphone: %s missing from %v", k, keys)
		}
	}
	if !(pos["sm58"] < pos["stand"] && pos["e835"] < pos["stand"] && pos["stand"] < pos["tape"]) {
		t.Errorf("microphone: want names, then the attribute, then the description: %v", keys)
	}
	if got := first(q("sonic", "&lang=ru")); got != "monitor-ru" {
		t.Errorf("sonic in Russian: want the Russian name first, got %s", got)
	}
	if got := first(q("sonic", "&lang=en")); got != "sonic-en" {
		t.Errorf("sonic in English: want the English name first, got %s", got)
	}
	keys = searchKeys(t, c, ids, q("power amplifier"))
	if len(keys) != 2 || keys[0] != "amp-stock" {
		t.Errorf("equal relevance: want the in-stock twin first (the sold-out one is newer): %v", keys)
	}
	keys = searchKeys(t, c, ids, q("xlr", "&sort=price_desc"))
	if strings.Join(keys, ",") != "xlr10,xlr5" {
		t.Errorf("xlr by price, highest first: %v", keys)
	}
	keys = searchKeys(t, c, ids, q("xlr", "&sort=price_asc"))
	if strings.Join(keys, ",") != "xlr5,xlr10" {
		t.Errorf("xlr by price, lowest first: %v", keys)
	}
}
