package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/routes"
	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/catalog"
)

// The bench writes its data straight into the data dir's SQLite database
// while the server is stopped: products by raw inserts in transactions (the
// same columns the product hook would write, searchText included), users as
// records sharing one password hash, with access tokens minted here, so the
// bench never meets the login rate limiter.

// openApp opens data dir dir as a PocketBase app without serving it.
func openApp(dir string) (*core.BaseApp, error) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return nil, err
	}
	return app, nil
}

func closeApp(app *core.BaseApp) { _ = app.ClearBootstrap() }

// prepareDataDir creates a data dir with the schema and the demo catalog
// (whose uploaded images the generated products reuse). With openList, it
// also opens PocketBase's list rule of products (before the seed, so the
// PRAGMA optimize that follows a collection save sees an empty table, as
// in a fresh install). Without seed the generated products have no images.
func prepareDataDir(bin, dir string, openList, seed bool) error {
	if err := runCLI(bin, dir, "migrate", "up"); err != nil {
		return err
	}
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	err = relaxOrderLimits(app)
	if err == nil && openList {
		err = openProductsListRule(app)
	}
	closeApp(app)
	if err != nil {
		return err
	}
	if !seed {
		return nil
	}
	return runCLI(bin, dir, "seed")
}

// optimize runs what PocketBase's daily cron runs on the main database
// (PRAGMA optimize: ANALYZE where the statistics have gone stale).
func optimize(app core.App) error {
	_, err := app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute()
	return err
}

// queryPlan is SQLite's plan for query, one step per "; ".
func queryPlan(app core.App, query string) string {
	var rows []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + query).All(&rows); err != nil {
		return "error: " + err.Error()
	}
	parts := make([]string, 0, len(rows))
	for _, r := range rows {
		parts = append(parts, r.Detail)
	}
	return strings.Join(parts, "; ")
}

// orderLimitLabels are the rate-limit rules of placing and cancelling
// orders, per address and per customer, and of searches per address.
var orderLimitLabels = []string{"POST /api/checkout/create-order", "POST /api/checkout/orders/",
	account.LimitPlaceOrderPerUser, account.LimitCancelOrderPerUser, routes.SearchRule}

// relaxOrderLimits lifts, in a bench data dir only, the limits meant for
// one shopper: orders per customer and per address, unpaid orders per
// customer, and searches per address (the search section measures what
// a search costs, its 32 clients standing for many shoppers). A bench customer stands for a stream of shoppers, and they all
// come from 127.0.0.1. Every other limit stays as shipped.
func relaxOrderLimits(app core.App) error {
	s := app.Settings()
	for i, r := range s.RateLimits.Rules {
		if slices.Contains(orderLimitLabels, r.Label) {
			s.RateLimits.Rules[i].MaxRequests, s.RateLimits.Rules[i].Duration = 1_000_000, 1
		}
	}
	if err := app.Save(s); err != nil {
		return err
	}
	_, err := app.DB().NewQuery("UPDATE shop_settings SET maxUnpaidOrders = {:n}").
		Bind(dbx.Params{"n": shop.MaxUnpaidOrdersLimit}).Execute()
	return err
}

// openProductsListRule lets anyone list active products through
// PocketBase's own records API; only ever done in a bench data dir.
func openProductsListRule(app core.App) error {
	c, err := app.FindCollectionByNameOrId(catalog.ProductsCollection)
	if err != nil {
		return err
	}
	rule := "isActive = true"
	c.ListRule = &rule
	return app.Save(c)
}

// imageNames returns the stored names of the uploaded product images.
func imageNames(app core.App) ([]string, error) {
	var names []string
	err := app.DB().Select("file").From(catalog.ProductImagesCollection).OrderBy("file").Column(&names)
	return names, err
}

// productCount is the number of products in the catalog.
func productCount(app core.App) (int, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(catalog.ProductsCollection).Row(&n)
	return n, err
}

// genSpec says how generated products look.
type genSpec struct {
	stock      func(r *rand.Rand) int // stock of each product
	inactivePc int                    // percentage of inactive products
	// variants per product (0 or 1: one default variant) when the schema
	// has variants (a binary from before issue 31 has none): a "Length"
	// option, prices up to 40% apart, the stock spread over them.
	variants int
}

// growCatalog inserts generated products until the catalog holds total
// products, 1000 per transaction. It returns the ids it added.
func growCatalog(app core.App, total int, spec genSpec, seed uint64) ([]string, error) {
	have, err := productCount(app)
	if err != nil {
		return nil, err
	}
	images, err := imageNames(app)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, uint64(have)))
	now := time.Now().UTC()
	var ids []string
	withVariants := hasTable(app, "product_variants")
	for have < total {
		n := min(1000, total-have)
		start := len(ids)
		err := db.Write(app, func(tx core.App) error {
			ids = ids[:start] // a busy retry starts the batch again
			q := tx.DB().NewQuery(`INSERT INTO products (id, name, nameLocalized, description, descriptionLocalized,
				category, priceCents, stockQuantity, isActive, imageFileNames, attributes, searchText, created, updated)
				VALUES ({:id}, {:name}, {:nameLocalized}, {:description}, {:descriptionLocalized},
				{:category}, {:priceCents}, {:stockQuantity}, {:isActive}, {:imageFileNames}, {:attributes}, {:searchText}, {:created}, {:updated})`).Prepare()
			defer q.Close()
			for i := 0; i < n; i++ {
				p := genProduct(r, have+i, images, spec)
				// Spread creation times over the past year so "newest" sorts real data.
				created, _ := types.ParseDateTime(now.Add(-time.Duration(r.Int64N(int64(365 * 24 * time.Hour)))))
				params := dbx.Params{
					"id": p.id, "name": p.name.en, "nameLocalized": p.name.json(),
					"description": p.desc.en, "descriptionLocalized": p.desc.json(),
					"category": p.category, "priceCents": p.priceCents, "stockQuantity": p.stock,
					"isActive": p.active, "imageFileNames": mustJSON(p.images), "attributes": mustJSON(p.attrs),
					"searchText": catalog.SearchText(p.name.localized(), p.desc.localized()),
					"created":    created.String(), "updated": created.String(),
				}
				if _, err := q.Bind(params).Execute(); err != nil {
					return err
				}
				if withVariants {
					if err := insertVariants(tx, p, spec.variants); err != nil {
						return err
					}
				}
				ids = append(ids, p.id)
			}
			return nil
		})
		if err != nil {
			return ids, err
		}
		have += n
	}
	return ids, nil
}

// hasTable reports whether the data dir's schema has the table.
func hasTable(app core.App, name string) bool {
	var n int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = {:n}").
		Bind(dbx.Params{"n": name}).Row(&n)
	return err == nil && n > 0
}

// insertVariants gives a generated product n variants (n < 2: its one
// default variant), as the shop's triggers then summarize on the product.
func insertVariants(tx core.App, p genProductData, n int) error {
	opts := []catalog.Option{}
	if n > 1 {
		length := catalog.Option{Name: "Length", NameLocalized: shop.Localized{"en": "Length", "ru": "Длина", "zh": "长度"}}
		for i := 0; i < n; i++ {
			v := fmt.Sprintf("%d m", []int{1, 3, 5, 10, 20, 30, 50}[i%7]*(1+i/7))
			length.Values = append(length.Values, catalog.OptionValue{Value: v, ValueLocalized: shop.Localized{"en": v}})
		}
		opts = append(opts, length)
		if _, err := tx.DB().Update(catalog.ProductsCollection, dbx.Params{"options": mustJSON(opts)}, dbx.HashExp{"id": p.id}).Execute(); err != nil {
			return err
		}
	}
	now := types.NowDateTime().String()
	for i := 0; i < max(n, 1); i++ {
		values, price, stock := []string{}, p.priceCents, p.stock
		if n > 1 {
			values = []string{opts[0].Values[i].Value}
			price = p.priceCents + p.priceCents*i/(n*3)
			stock = p.stock / n
			if i == 0 {
				stock += p.stock % n
			}
		}
		_, err := tx.DB().Insert(catalog.VariantsCollection, dbx.Params{
			"id": security.RandomStringWithAlphabet(core.DefaultIdLength, core.DefaultIdAlphabet), "product": p.id,
			"sku": fmt.Sprintf("%s-%d", catalog.DefaultSKU(p.id), i), "optionValues": mustJSON(values),
			"priceCents": price, "compareAtCents": 0, "stockQuantity": stock, "isActive": true,
			"imageFileNames": "[]", "position": i, "created": now, "updated": now,
		}).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}

// addProduct inserts one active product with the given stock (for the race).
func addProduct(app core.App, name string, stock int) (string, error) {
	images, err := imageNames(app)
	if err != nil {
		return "", err
	}
	r := rand.New(rand.NewPCG(uint64(stock), uint64(len(name))))
	p := genProduct(r, 0, images, genSpec{stock: func(*rand.Rand) int { return stock }})
	p.name = text3{name, name, name}
	now := types.NowDateTime().String()
	_, err = app.DB().Insert(catalog.ProductsCollection, dbx.Params{
		"id": p.id, "name": p.name.en, "nameLocalized": p.name.json(),
		"description": p.desc.en, "descriptionLocalized": p.desc.json(),
		"category": p.category, "priceCents": p.priceCents, "stockQuantity": stock,
		"isActive": true, "imageFileNames": mustJSON(p.images), "attributes": mustJSON(p.attrs),
		"searchText": catalog.SearchText(p.name.localized(), p.desc.localized()),
		"created":    now, "updated": now,
	}).Execute()
	if err == nil && hasTable(app, "product_variants") {
		err = insertVariants(app, p, 1)
	}
	return p.id, err
}

// stockLevels reads every product's stock.
func stockLevels(app core.App) (map[string]int, error) {
	var rows []struct {
		ID    string `db:"id"`
		Stock int    `db:"stockQuantity"`
	}
	if err := app.DB().Select("id", "stockQuantity").From(catalog.ProductsCollection).All(&rows); err != nil {
		return nil, err
	}
	m := make(map[string]int, len(rows))
	for _, r := range rows {
		m[r.ID] = r.Stock
	}
	return m, nil
}

// customer is a shop user with a ready access token.
type customer struct {
	ID, Email, Token string
}

// benchPassword is the password of every bench customer.
const benchPassword = "BenchPass123"

// createCustomers adds n customers (prefix0@bench.local, ...) and mints an
// access token for each. One password is hashed once and shared.
func createCustomers(app core.App, prefix string, n int) ([]customer, error) {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return nil, err
	}
	var hash string
	out := make([]customer, 0, n)
	err = db.Write(app, func(tx core.App) error {
		out = out[:0] // a busy retry starts again
		for i := 0; i < n; i++ {
			u := core.NewRecord(users)
			u.SetEmail(fmt.Sprintf("%s%d@bench.local", prefix, i))
			if hash == "" {
				u.SetPassword(benchPassword)
			} else {
				u.SetRaw("password", &core.PasswordFieldValue{Hash: hash})
			}
			u.Set("firstName", "Bench")
			u.Set("lastName", fmt.Sprintf("Customer %d", i))
			u.Set("roles", []string{"Customer"})
			if err := tx.Save(u); err != nil {
				return err
			}
			if hash == "" {
				if pv, ok := u.GetRaw("password").(*core.PasswordFieldValue); ok {
					hash = pv.Hash
				}
			}
			// A shop session, as a login makes: tokens without one are refused.
			family, _, err := account.StartSession(tx, u.Id)
			if err != nil {
				return err
			}
			tok, err := account.AccessToken(u, family, 3*time.Hour)
			if err != nil {
				return err
			}
			out = append(out, customer{ID: u.Id, Email: u.Email(), Token: tok})
		}
		return nil
	})
	return out, err
}

// ---- generated texts ----

type text3 struct{ en, ru, zh string }

func (t text3) localized() shop.Localized {
	return shop.Localized{"en": t.en, "ru": t.ru, "zh": t.zh}
}

func (t text3) json() string { return mustJSON(map[string]string{"en": t.en, "ru": t.ru, "zh": t.zh}) }

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

type genProductData struct {
	id         string
	name, desc text3
	category   string
	priceCents int
	stock      int
	active     bool
	images     []string
	attrs      []catalog.Attribute
}

var (
	brands = []string{"Aurora", "Helix", "Nova", "Titan", "Vertex", "Orbit", "Pulse", "Echo", "Sonic", "Prism",
		"Atlas", "Quasar", "Zenith", "Falcon", "Cobalt", "Lumen", "Radiant", "Vortex", "Apex", "Stellar"}
	kinds = map[string][]text3{
		"Lighting": {
			{"LED Moving Head", "Вращающаяся голова LED", "LED 摇头灯"},
			{"RGBW Batten", "Светодиодная панель RGBW", "RGBW 洗墙灯"},
			{"Profile Spot", "Профильный прожектор", "成像灯"},
			{"Fog Machine", "Генератор тумана", "烟雾机"},
			{"Par Wash", "Прожектор заливки Par", "Par 染色灯"},
			{"Strobe Blinder", "Стробоскоп-блайндер", "频闪观众灯"},
		},
		"Sound": {
			{"Line Array Speaker", "Линейный массив", "线阵音箱"},
			{"Stage Monitor", "Сценический монитор", "舞台返听音箱"},
			{"Digital Mixer", "Цифровой микшер", "数字调音台"},
			{"Wireless Microphone", "Беспроводной микрофон", "无线麦克风"},
			{"Subwoofer", "Сабвуфер", "超低音音箱"},
			{"Power Amplifier", "Усилитель мощности", "功率放大器"},
		},
		"Stage": {
			{"Stage Platform", "Сценический подиум", "舞台平台"},
			{"Truss Segment", "Секция фермы", "桁架段"},
			{"Chain Hoist", "Цепная лебёдка", "电动葫芦"},
			{"Drape Kit", "Комплект кулис", "幕布套件"},
			{"Riser Deck", "Подиум для музыкантов", "乐手升降台"},
		},
		"Accessories": {
			{"DMX Cable", "Кабель DMX", "DMX 线缆"},
			{"Flight Case", "Кейс для перевозки", "航空箱"},
			{"Safety Cable", "Страховочный трос", "安全钢丝绳"},
			{"Clamp Set", "Набор струбцин", "挂钩套装"},
			{"Power Distro", "Распределитель питания", "电源分配器"},
		},
	}
	adjectives = []text3{
		{"compact", "компактный", "紧凑型"}, {"touring-grade", "гастрольный", "巡演级"},
		{"silent", "бесшумный", "静音"}, {"weatherproof", "всепогодный", "防风雨"},
		{"lightweight", "лёгкий", "轻量化"}, {"high-output", "мощный", "高输出"},
	}
	uses = []text3{
		{"theatres and concert halls", "театров и концертных залов", "剧院和音乐厅"},
		{"festival stages", "фестивальных сцен", "音乐节舞台"},
		{"houses of worship", "храмов и молитвенных залов", "礼拜场所"},
		{"rental companies", "прокатных компаний", "租赁公司"},
		{"clubs and small venues", "клубов и небольших площадок", "俱乐部和小型场地"},
	}
	features = []text3{
		{"It sets up in minutes and survives years of touring.", "Устанавливается за минуты и выдерживает годы гастролей.", "几分钟即可完成安装，经得起多年巡演。"},
		{"Every unit is tested at the factory before it ships.", "Каждое устройство проверяется на заводе перед отправкой.", "每台设备出厂前均经过测试。"},
		{"Firmware updates are free for the life of the product.", "Обновления прошивки бесплатны на весь срок службы.", "产品终身免费固件升级。"},
		{"The rugged housing shrugs off knocks and dust.", "Прочный корпус не боится ударов и пыли.", "坚固外壳防撞防尘。"},
		{"Comes with a two-year warranty and a rain cover.", "Поставляется с двухлетней гарантией и чехлом от дождя.", "附带两年保修和防雨罩。"},
	}
	attrKeys = []text3{
		{"Power", "Мощность", "功率"}, {"Weight", "Вес", "重量"}, {"Control", "Управление", "控制"},
		{"Warranty", "Гарантия", "保修"}, {"Dimensions", "Размеры", "尺寸"},
	}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func genProduct(r *rand.Rand, n int, images []string, spec genSpec) genProductData {
	cat := catalog.SeedCategories[r.IntN(len(catalog.SeedCategories))]
	kind := pick(r, kinds[cat])
	brand := pick(r, brands)
	model := fmt.Sprintf("%d%s", 100+r.IntN(900), pick(r, []string{"", " Pro", " XL", " Mini", " II"}))
	adj, use, f1, f2 := pick(r, adjectives), pick(r, uses), pick(r, features), pick(r, features)
	p := genProductData{
		id:       security.RandomStringWithAlphabet(core.DefaultIdLength, core.DefaultIdAlphabet),
		category: cat,
		name: text3{
			fmt.Sprintf("%s %s %s", brand, model, kind.en),
			fmt.Sprintf("%s %s %s", kind.ru, brand, model),
			fmt.Sprintf("%s %s %s", brand, model, kind.zh),
		},
		priceCents: (99 + r.IntN(50000)) * 10,
		stock:      spec.stock(r),
		active:     r.IntN(100) >= spec.inactivePc,
	}
	p.desc = text3{
		fmt.Sprintf("A %s %s for %s. %s %s (item %d)", adj.en, strings.ToLower(kind.en), use.en, f1.en, f2.en, n),
		fmt.Sprintf("Этот %s %s для %s. %s %s (артикул %d)", adj.ru, strings.ToLower(kind.ru), use.ru, f1.ru, f2.ru, n),
		fmt.Sprintf("适用于%s的%s%s。%s%s（编号 %d）", use.zh, adj.zh, kind.zh, f1.zh, f2.zh, n),
	}
	if len(images) > 0 {
		k := 1 + r.IntN(3)
		for i := 0; i < k; i++ {
			p.images = append(p.images, pick(r, images))
		}
	} else {
		p.images = []string{}
	}
	p.attrs = []catalog.Attribute{}
	for _, i := range r.Perm(len(attrKeys))[:2+r.IntN(3)] {
		k := attrKeys[i]
		v := fmt.Sprintf("%d", 1+r.IntN(900))
		p.attrs = append(p.attrs, catalog.Attribute{Key: k.en, KeyLocalized: k.localized(), Value: v, ValueLocalized: shop.Localized{"en": v}})
	}
	return p
}
