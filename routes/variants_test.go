package routes_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop/mail"
)

// productAnswer is the product object with options and variants, decoded.
type productAnswer struct {
	ID                          string
	Price, PriceFrom, PriceTo   float64
	CompareAtPrice              *float64
	StockQuantity, VariantCount int
	InStock, OnSale             bool
	DefaultVariantID            string
	Options                     []struct {
		Name          string
		NameLocalized map[string]string
		Values        []struct {
			Value          string
			ValueLocalized map[string]string
		}
	}
	Variants []struct {
		ID, SKU        string
		OptionValues   []string
		Price          float64
		CompareAtPrice *float64
		StockQuantity  int
		IsActive       bool
	}
}

// xlrBody is an XLR cable in two lengths and two colours: 5 m costs 12.50,
// 10 m 19.90 (black 10 m on sale from 24.90); each combination has its own
// SKU and stock.
func xlrBody(image string, stock map[string]int) map[string]any {
	variant := func(sku, length, colour string, price float64, compareAt any) map[string]any {
		return map[string]any{"sku": sku, "optionValues": []string{length, colour}, "price": price,
			"compareAtPrice": compareAt, "stockQuantity": stock[sku]}
	}
	return map[string]any{
		"name": "XLR Cable", "description": "Balanced microphone cable", "category": "Sound",
		"imageFileNames": []string{image}, "isActive": true,
		"options": []map[string]any{
			{"name": "Length", "nameLocalized": map[string]string{"ru": "Длина", "zh": "长度"},
				"values": []map[string]any{{"value": "5 m"}, {"value": "10 m"}}},
			{"name": "Colour", "nameLocalized": map[string]string{"ru": "Цвет"},
				"values": []map[string]any{{"value": "Black", "valueLocalized": map[string]string{"ru": "Чёрный"}}, {"value": "White"}}},
		},
		"variants": []map[string]any{
			variant("XLR-5-BLK", "5 m", "Black", 12.5, nil),
			variant("XLR-5-WHT", "5 m", "White", 12.5, nil),
			variant("XLR-10-BLK", "10 m", "Black", 19.9, 24.9),
			variant("XLR-10-WHT", "10 m", "White", 19.9, nil),
		},
	}
}

// createXLR creates the cable through the admin API and returns its answer.
func createXLR(t *testing.T, h testapp.Harness, admin testapp.User, stock map[string]int) productAnswer {
	t.Helper()
	var p productAnswer
	wantStatus(t, h.Client.Do("POST", "/api/products", xlrBody(testapp.NewImage(t, h.App), stock), testapp.Auth(admin.Token)...),
		http.StatusCreated, &p)
	return p
}

// variantID finds a variant of p by SKU.
func variantID(t *testing.T, p productAnswer, sku string) string {
	t.Helper()
	for _, v := range p.Variants {
		if v.SKU == sku {
			return v.ID
		}
	}
	t.Fatalf("no variant %s in %+v", sku, p.Variants)
	return ""
}

// variantStock reads a variant's stock from the database.
func variantStock(t *testing.T, h testapp.Harness, id string) int {
	t.Helper()
	rec, err := h.App.FindRecordById("product_variants", id)
	if err != nil {
		t.Fatal(err)
	}
	return rec.GetInt("stockQuantity")
}

// The product answer carries options, variants and their summary; the list
// shows the price range, in stock and on sale.
func TestVariantsProductAnswers(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 3, "XLR-10-BLK": 5, "XLR-10-WHT": 2})
	if len(p.Options) != 2 || len(p.Variants) != 4 || p.Options[0].NameLocalized["ru"] != "Длина" ||
		p.Options[1].Values[0].ValueLocalized["ru"] != "Чёрный" || p.Options[1].Values[1].ValueLocalized["en"] != "White" {
		t.Fatalf("options and variants: %+v", p)
	}
	// The default variant is the first active one in stock: 5 m white.
	if p.DefaultVariantID != variantID(t, p, "XLR-5-WHT") || p.Price != 12.5 || p.StockQuantity != 3 ||
		p.PriceFrom != 12.5 || p.PriceTo != 19.9 || !p.InStock || !p.OnSale || p.VariantCount != 4 {
		t.Fatalf("summary: default %s price %v stock %d from %v to %v inStock %v onSale %v count %d",
			p.DefaultVariantID, p.Price, p.StockQuantity, p.PriceFrom, p.PriceTo, p.InStock, p.OnSale, p.VariantCount)
	}
	black10 := p.Variants[2]
	if black10.CompareAtPrice == nil || *black10.CompareAtPrice != 24.9 || p.Variants[0].CompareAtPrice != nil {
		t.Fatalf("compare-at prices: %+v", p.Variants)
	}

	var list struct{ Products []productAnswer }
	wantStatus(t, h.Client.Do("GET", "/api/products?onSale=1", nil), http.StatusOK, &list)
	if len(list.Products) != 1 || list.Products[0].ID != p.ID || list.Products[0].Variants != nil ||
		list.Products[0].PriceFrom != 12.5 || list.Products[0].PriceTo != 19.9 {
		t.Fatalf("on sale list: %+v", list.Products)
	}
	plain := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 500, Stock: 1})
	wantStatus(t, h.Client.Do("GET", "/api/products?onSale=true", nil), http.StatusOK, &list)
	if len(list.Products) != 1 {
		t.Fatalf("a product without a sale is on sale: %+v", list.Products)
	}
	var one productAnswer
	wantStatus(t, h.Client.Do("GET", "/api/products/"+plain.Id, nil), http.StatusOK, &one)
	if len(one.Variants) != 1 || len(one.Options) != 0 || one.Variants[0].SKU != "SS-"+strings.ToUpper(plain.Id) ||
		one.Price != 5 || one.PriceFrom != 5 || one.PriceTo != 5 || one.OnSale || one.CompareAtPrice != nil {
		t.Fatalf("a product without options: %+v", one)
	}
}

// A product without options needs no variantId anywhere: adding, alerts,
// the cart and orders work as before; a product with several refuses a
// line without one.
func TestVariantsNotNeededWithoutOptions(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	plain := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 700, Stock: 2})
	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": plain.Id, "quantity": 2}, testapp.Auth(u.Token)...))
	if len(cart.Items) != 1 || cart.Items[0].AvailableStock != 2 {
		t.Fatalf("cart: %+v", cart)
	}
	o := placeOrder(t, c, u.Token, orderBody())
	if len(o.Items) != 1 || testapp.Stock(t, h.App, plain.Id) != 0 {
		t.Fatalf("order: %+v", o)
	}
	r := c.Do("POST", "/api/products/"+plain.Id+"/stock-alerts", map[string]any{"email": "wait@example.com"})
	wantStatus(t, r, http.StatusCreated, nil)

	xlr := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 1, "XLR-5-WHT": 1, "XLR-10-BLK": 1, "XLR-10-WHT": 1})
	e := expectErr(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": xlr.ID, "quantity": 1}, testapp.Auth(u.Token)...),
		http.StatusBadRequest, "variant_required")
	if e.Errors["variantId"] == "" {
		t.Fatalf("variant_required without the field: %+v", e)
	}
	expectErr(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": xlr.ID, "variantId": cartVariantOf(t, h, plain.Id), "quantity": 1},
		testapp.Auth(u.Token)...), http.StatusNotFound, "not_found")
	expectErr(t, c.Do("POST", "/api/products/"+xlr.ID+"/stock-alerts", map[string]any{"email": "wait@example.com"}),
		http.StatusBadRequest, "variant_required")
}

// renderedMails are the queued e-mails (of kind, "" for all) as the worker
// sends them.
func renderedMails(t *testing.T, h testapp.Harness, kind string) []mail.Email {
	t.Helper()
	var ids []string
	q := h.App.DB().Select("id").From(mail.Collection).OrderBy("created")
	if kind != "" {
		q = q.Where(dbx.HashExp{"kind": kind})
	}
	if err := q.Column(&ids); err != nil || (kind == "" && len(ids) == 0) {
		t.Fatalf("e-mails: %v %v", ids, err)
	}
	out := make([]mail.Email, 0, len(ids))
	for _, id := range ids {
		e, err := mail.Get(h.App, id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, *e)
	}
	return out
}

func cartVariantOf(t *testing.T, h testapp.Harness, productID string) string {
	return testapp.DefaultVariant(t, h.App, productID)
}

// Cart lines, orders, order e-mails and the CSV name the variant: "XLR
// Cable - 10 m, Black" and its SKU; the order keeps the price paid.
func TestVariantsLinesNameTheVariant(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 4, "XLR-5-WHT": 4, "XLR-10-BLK": 4, "XLR-10-WHT": 4})
	black10, white5 := variantID(t, p, "XLR-10-BLK"), variantID(t, p, "XLR-5-WHT")
	add := func(variant string, qty int) {
		r := c.Do("POST", "/api/cart/items", map[string]any{"productId": p.ID, "variantId": variant, "quantity": qty}, testapp.Auth(u.Token)...)
		wantStatus(t, r, http.StatusOK, nil)
	}
	add(black10, 2)
	add(white5, 1)
	add(black10, 1)
	var cart struct {
		Items []struct {
			ProductID, VariantID, SKU, VariantLabel string
			VariantLabelLocalized                   map[string]string
			UnitPrice                               float64
			Quantity, AvailableStock                int
		}
		TotalPrice float64
	}
	wantStatus(t, c.Do("GET", "/api/cart", nil, testapp.Auth(u.Token)...), http.StatusOK, &cart)
	if len(cart.Items) != 2 || cart.Items[0].VariantID != black10 || cart.Items[0].Quantity != 3 || cart.Items[0].SKU != "XLR-10-BLK" ||
		cart.Items[0].VariantLabel != "10 m, Black" || cart.Items[0].VariantLabelLocalized["ru"] != "10 m, Чёрный" ||
		cart.Items[0].UnitPrice != 19.9 || cart.Items[1].VariantLabel != "5 m, White" || cart.TotalPrice != 72.2 {
		t.Fatalf("cart: %+v", cart)
	}
	expectErr(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.ID, "variantId": black10, "quantity": 2},
		testapp.Auth(u.Token)...), http.StatusConflict, "insufficient_stock")

	o := placeOrder(t, c, u.Token, orderBody())
	var detail struct {
		Items []struct {
			VariantID, SKU, VariantLabel string
			UnitPrice                    float64
		}
	}
	wantStatus(t, c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...), http.StatusOK, &detail)
	if len(detail.Items) != 2 || detail.Items[0].SKU != "XLR-10-BLK" || detail.Items[0].VariantLabel != "10 m, Black" ||
		detail.Items[0].VariantID != black10 || detail.Items[0].UnitPrice != 19.9 {
		t.Fatalf("order lines: %+v", detail.Items)
	}
	if variantStock(t, h, black10) != 1 || variantStock(t, h, white5) != 3 || variantStock(t, h, variantID(t, p, "XLR-10-WHT")) != 4 {
		t.Fatal("stock was not taken per variant")
	}
	for _, m := range renderedMails(t, h, "") {
		if !strings.Contains(m.Text, "XLR Cable - 10 m, Black") || !strings.Contains(m.Text, "XLR-10-BLK") ||
			!strings.Contains(m.HTML, "XLR Cable - 10 m, Black") {
			t.Errorf("%s e-mail does not name the variant:\n%s", m.Kind, m.Text)
		}
	}
	// The invoice names the variant and its SKU too (issue 44: it dropped both).
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/payments", map[string]any{"amount": o.TotalAmount},
		testapp.Auth(admin.Token)...), http.StatusCreated, nil)
	inv := c.Do("GET", "/api/checkout/orders/"+o.ID+"/invoice", nil, testapp.Auth(u.Token)...)
	for _, want := range []string{"XLR Cable - 10 m, Black", "SKU XLR-10-BLK", "XLR Cable - 5 m, White", "SKU XLR-5-WHT"} {
		if inv.Status != http.StatusOK || !strings.Contains(string(inv.Body), want) {
			t.Errorf("invoice (%d) lacks %q", inv.Status, want)
		}
	}
	csv := c.Do("GET", "/api/checkout/admin/orders/export.csv", nil, testapp.Auth(admin.Token)...)
	if csv.Status != http.StatusOK || !strings.Contains(string(csv.Body), "XLR-10-BLK,XLR Cable - 10 m, Black") &&
		!strings.Contains(string(csv.Body), `XLR-10-BLK,"XLR Cable - 10 m, Black"`) {
		t.Fatalf("CSV: %s", csv.Body)
	}
}

// Twenty buyers race for the five units of one variant: exactly five get
// one, the variant ends at 0, and the other variants of the product are
// untouched.
func TestVariantsOversellRace(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 7, "XLR-5-WHT": 7, "XLR-10-BLK": 5, "XLR-10-WHT": 7})
	black10 := variantID(t, p, "XLR-10-BLK")
	const buyers = 20
	tokens := make([]string, buyers)
	for i := range tokens {
		tokens[i] = testapp.NewUser(t, h.App, false).Token
	}
	// Everyone holds the unit in their cart (a line may never exceed the
	// stock, so each holds one), then all check out at once.
	for _, tok := range tokens {
		r := c.Do("POST", "/api/cart/items", map[string]any{"productId": p.ID, "variantId": black10, "quantity": 1}, testapp.Auth(tok)...)
		wantStatus(t, r, http.StatusOK, nil)
	}
	codes := make([]int, buyers)
	var wg sync.WaitGroup
	for i, tok := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = c.Do("POST", "/api/checkout/create-order", orderBody(), testapp.Auth(tok)...).Status
		}()
	}
	wg.Wait()
	placed := 0
	for _, code := range codes {
		switch code {
		case http.StatusCreated:
			placed++
		case http.StatusConflict:
		default:
			t.Errorf("unexpected status %d", code)
		}
	}
	if placed != 5 || variantStock(t, h, black10) != 0 {
		t.Fatalf("%d orders placed, stock %d (want 5 and 0)", placed, variantStock(t, h, black10))
	}
	for _, sku := range []string{"XLR-5-BLK", "XLR-5-WHT", "XLR-10-WHT"} {
		if n := variantStock(t, h, variantID(t, p, sku)); n != 7 {
			t.Errorf("%s stock %d, want 7 (untouched)", sku, n)
		}
	}
	var after productAnswer
	wantStatus(t, c.Do("GET", "/api/products/"+p.ID, nil), http.StatusOK, &after)
	if !after.InStock || after.OnSale {
		t.Fatalf("summary after the sold-out sale variant: inStock %v onSale %v", after.InStock, after.OnSale)
	}
	// The last unit of a variant cannot be added once sold.
	late := testapp.NewUser(t, h.App, false)
	e := expectErr(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.ID, "variantId": black10, "quantity": 1},
		testapp.Auth(late.Token)...), http.StatusConflict, "insufficient_stock")
	if n, ok := e.Available[black10]; !ok || n != 0 || e.Available[p.ID] != 0 {
		t.Fatalf("available: %+v", e.Available)
	}
}

// A guest cart merges per variant: two variants of one product stay two
// lines, the same variant adds up and is capped at its stock, a sold-out
// variant is dropped, naming the variant.
func TestVariantsMerge(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 3, "XLR-5-WHT": 2, "XLR-10-BLK": 1, "XLR-10-WHT": 5})
	black5, white5, black10 := variantID(t, p, "XLR-5-BLK"), variantID(t, p, "XLR-5-WHT"), variantID(t, p, "XLR-10-BLK")
	add := func(headers []string, variant string, qty int) {
		t.Helper()
		wantStatus(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.ID, "variantId": variant, "quantity": qty}, headers...),
			http.StatusOK, nil)
	}
	add(testapp.Auth(u.Token), black5, 2)
	add(sess(guestSession), black5, 2)
	add(sess(guestSession), white5, 1)
	add(sess(guestSession), black10, 1)
	if _, err := h.App.DB().Update("product_variants", dbx.Params{"stockQuantity": 0}, dbx.HashExp{"id": black10}).Execute(); err != nil {
		t.Fatal(err)
	}
	var merged struct {
		Items []struct {
			VariantID string
			Quantity  int
		}
		MergeReport struct {
			AddedLines, AddedUnits int
			Capped                 []struct{ VariantID, VariantLabel string }
			Dropped                []struct{ VariantID, VariantLabel, Reason string }
		}
	}
	wantStatus(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, testapp.Auth(u.Token)...), http.StatusOK, &merged)
	got := map[string]int{}
	for _, it := range merged.Items {
		got[it.VariantID] = it.Quantity
	}
	r := merged.MergeReport
	if len(merged.Items) != 2 || got[black5] != 3 || got[white5] != 1 || r.AddedLines != 2 || r.AddedUnits != 2 ||
		len(r.Capped) != 1 || r.Capped[0].VariantID != black5 || r.Capped[0].VariantLabel != "5 m, Black" ||
		len(r.Dropped) != 1 || r.Dropped[0].VariantID != black10 || r.Dropped[0].Reason != "out_of_stock" {
		t.Fatalf("merged: %+v", merged)
	}
}

// Back-in-stock alerts wait for one variant: restocking another variant of
// the product sends nothing; restocking theirs (from the admin's form)
// sends one e-mail naming it, and closes the alert.
func TestVariantsAlerts(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 0, "XLR-10-BLK": 2, "XLR-10-WHT": 0})
	black5, white5 := variantID(t, p, "XLR-5-BLK"), variantID(t, p, "XLR-5-WHT")
	alert := func(variant string) int {
		return c.Do("POST", "/api/products/"+p.ID+"/stock-alerts", map[string]any{"email": "fan@example.com", "variantId": variant}).Status
	}
	if alert(black5) != http.StatusCreated || alert(black5) != http.StatusOK || alert(white5) != http.StatusCreated {
		t.Fatal("subscribing per variant")
	}
	expectErr(t, c.Do("POST", "/api/products/"+p.ID+"/stock-alerts", map[string]any{"email": "fan@example.com",
		"variantId": variantID(t, p, "XLR-10-BLK")}), http.StatusConflict, "in_stock")

	restock := func(sku string, n int) {
		t.Helper()
		body := xlrBody("", nil)
		variants := body["variants"].([]map[string]any)
		for _, v := range variants {
			v["id"] = variantID(t, p, v["sku"].(string))
			v["stockQuantity"] = variantStock(t, h, v["id"].(string))
			if v["sku"] == sku {
				v["stockQuantity"] = n
			}
		}
		delete(body, "imageFileNames")
		wantStatus(t, c.Do("PUT", "/api/products/"+p.ID, body, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	}
	sent := func() []string {
		var texts []string
		for _, m := range renderedMails(t, h, "back_in_stock") {
			texts = append(texts, m.Text)
		}
		return texts
	}
	restock("XLR-10-WHT", 4)
	if n := len(sent()); n != 0 {
		t.Fatalf("restocking another variant sent %d e-mails", n)
	}
	restock("XLR-5-BLK", 3)
	mails := sent()
	if len(mails) != 1 || !strings.Contains(mails[0], "XLR Cable - 5 m, Black") || !strings.Contains(mails[0], "?variant="+black5) {
		t.Fatalf("back in stock: %q", mails)
	}
	var open int
	_ = h.App.DB().Select("COUNT(*)").From("stock_alerts").Where(dbx.HashExp{"status": "open"}).Row(&open)
	if open != 1 {
		t.Fatalf("%d alerts open, want the white one's", open)
	}
}

// Two admins saving the same SKU at once: one wins, the others are told the
// SKU is taken (409 sku_taken, the field named), never a 500; a SKU is
// unique regardless of case, on create and on update.
func TestVariantsSKUUniqueUnderConcurrency(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	image := testapp.NewImage(t, h.App)
	const writers = 12
	codes := make([]int, writers)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := map[string]any{"name": fmt.Sprintf("Clamp %d", i), "category": "Stage", "imageFileNames": []string{image},
				"variants": []map[string]any{{"sku": "CLAMP-50", "price": 9.5, "stockQuantity": 3}}}
			r := c.Do("POST", "/api/products", body, testapp.Auth(admin.Token)...)
			codes[i] = r.Status
			if r.Status == http.StatusConflict {
				var e envelope
				_ = json.Unmarshal(r.Body, &e)
				if e.Code != "sku_taken" || e.Errors["variants.0.sku"] == "" {
					t.Errorf("conflict answer: %s", r.Body)
				}
			}
		}()
	}
	wg.Wait()
	created := 0
	for _, code := range codes {
		switch code {
		case http.StatusCreated:
			created++
		case http.StatusConflict:
		default:
			t.Errorf("status %d", code)
		}
	}
	var n int
	_ = h.App.DB().Select("COUNT(*)").From("product_variants").Where(dbx.NewExp("sku = 'CLAMP-50' COLLATE NOCASE")).Row(&n)
	if created != 1 || n != 1 {
		t.Fatalf("%d created, %d variants with the SKU", created, n)
	}
	p := createXLR(t, h, admin, nil)
	body := xlrBody(image, nil)
	body["variants"].([]map[string]any)[3]["sku"] = "clamp-50"
	e := wantError(t, c.Do("PUT", "/api/products/"+p.ID, body, testapp.Auth(admin.Token)...), http.StatusConflict, "sku_taken")
	if !strings.Contains(e.Errors["variants.3.sku"], "Clamp") {
		t.Fatalf("the taken SKU's product is not named: %+v", e)
	}
	body["variants"].([]map[string]any)[3]["sku"] = "XLR-5-BLK"
	e = wantError(t, c.Do("PUT", "/api/products/"+p.ID, body, testapp.Auth(admin.Token)...), http.StatusBadRequest, "validation_failed")
	if e.Errors["variants.3.sku"] == "" {
		t.Fatalf("a SKU twice in one product: %+v", e)
	}
}

// The search finds a product by the SKU of any of its variants, in any
// case, and suggests it as the SKU is typed.
func TestVariantsSearchFindsSKU(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-10-BLK": 1})
	testapp.NewProduct(t, h.App, testapp.Product{Name: "XLR Splitter", PriceCents: 900, Stock: 1})
	for _, text := range []string{"XLR-10-BLK", "xlr-10-wht"} {
		var list struct{ Products []productAnswer }
		wantStatus(t, h.Client.Do("GET", "/api/products?search="+text, nil), http.StatusOK, &list)
		if len(list.Products) == 0 || list.Products[0].ID != p.ID {
			t.Fatalf("search %q: %+v", text, list.Products)
		}
	}
	var s struct{ Products []struct{ ID string } }
	wantStatus(t, h.Client.Do("GET", "/api/products/suggest?q=XLR-10-B", nil), http.StatusOK, &s)
	if len(s.Products) == 0 || s.Products[0].ID != p.ID {
		t.Fatalf("suggest by SKU: %+v", s.Products)
	}
}

// A product sent back as read (the list's answer has its options but no
// variants) saves like an edit of those fields: an old client that restocks
// a product by echoing it keeps working, and the variants stay; changing
// the options still needs the variants.
func TestVariantsProductEchoedWithoutVariants(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	plain := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 700, Stock: 2})
	xlr := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 1, "XLR-5-WHT": 2, "XLR-10-BLK": 3, "XLR-10-WHT": 4})
	var list struct{ Products []map[string]any }
	wantStatus(t, c.Do("GET", "/api/products?perPage=50", nil), http.StatusOK, &list)
	byID := map[string]map[string]any{}
	for _, p := range list.Products {
		byID[p["id"].(string)] = p
	}
	echo := byID[plain.Id]
	echo["stockQuantity"] = 9
	wantStatus(t, c.Do("PUT", "/api/products/"+plain.Id, echo, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	if got := testapp.Stock(t, h.App, plain.Id); got != 9 {
		t.Fatalf("the echoed restock: stock %d, want 9", got)
	}
	echo = byID[xlr.ID]
	echo["name"] = "XLR Cable Pro"
	wantStatus(t, c.Do("PUT", "/api/products/"+xlr.ID, echo, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	for sku, want := range map[string]int{"XLR-5-BLK": 1, "XLR-5-WHT": 2, "XLR-10-BLK": 3, "XLR-10-WHT": 4} {
		if got := variantStock(t, h, variantID(t, xlr, sku)); got != want {
			t.Fatalf("%s after the echoed rename: stock %d, want %d", sku, got, want)
		}
	}
	echo["options"] = []map[string]any{{"name": "Length", "values": []map[string]any{{"value": "20 m"}}}}
	e := expectErr(t, c.Do("PUT", "/api/products/"+xlr.ID, echo, testapp.Auth(admin.Token)...), http.StatusBadRequest, "validation_failed")
	if e.Errors["variants"] == "" {
		t.Fatalf("new options without variants: %+v", e)
	}
}

// The admin's product list carries each product's stock summed over its
// active variants and how many of them are sold out, in the plain list and
// in a search; shoppers' lists do not (issue 31).
func TestVariantsAdminListStock(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	p := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 3, "XLR-10-BLK": 5, "XLR-10-WHT": 2})
	plain := testapp.NewProduct(t, h.App, testapp.Product{Name: "XLR Adapter", PriceCents: 500, Stock: 4})
	// An inactive variant's stock is not for sale: left out.
	rec, err := h.App.FindRecordById("product_variants", variantID(t, p, "XLR-10-WHT"))
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("isActive", false)
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}

	type row struct {
		ID              string
		StockTotal      *int64
		VariantsSoldOut *int
	}
	for _, url := range []string{"/api/products?includeInactive=true", "/api/products?includeInactive=true&search=xlr"} {
		var list struct{ Products []row }
		wantStatus(t, h.Client.Do("GET", url, nil, testapp.Auth(admin.Token)...), http.StatusOK, &list)
		got := map[string]string{}
		for _, r := range list.Products {
			if r.StockTotal != nil && r.VariantsSoldOut != nil {
				got[r.ID] = fmt.Sprintf("%d/%d", *r.StockTotal, *r.VariantsSoldOut)
			}
		}
		if got[p.ID] != "8/1" || got[plain.Id] != "4/0" {
			t.Errorf("%s: stock/sold out %v, want the cable 8/1 and the adapter 4/0", url, got)
		}
	}
	var shopper struct{ Products []row }
	wantStatus(t, h.Client.Do("GET", "/api/products", nil), http.StatusOK, &shopper)
	if len(shopper.Products) != 2 || shopper.Products[0].StockTotal != nil {
		t.Errorf("a shopper's list carries the admin's stock: %+v", shopper.Products)
	}
}
