package routes_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// tableRows is every stored row of the tables, as one text.
func tableRows(t testing.TB, app core.App, tables ...string) string {
	t.Helper()
	all := map[string][]dbx.NullStringMap{}
	for _, table := range tables {
		var rows []dbx.NullStringMap
		if err := app.DB().NewQuery("SELECT * FROM " + table + " ORDER BY id").All(&rows); err != nil {
			t.Fatal(err)
		}
		all[table] = rows
	}
	b, _ := json.Marshal(all)
	return string(b)
}

// hireAnswer is the hire part of a product answer.
type hireAnswer struct {
	ID   string `json:"id"`
	Hire *struct {
		Enabled     bool    `json:"enabled"`
		SaleEnabled bool    `json:"saleEnabled"`
		Deposit     float64 `json:"deposit"`
		BufferDays  int     `json:"bufferDays"`
		MinDays     int     `json:"minDays"`
		LeadDays    int     `json:"leadDays"`
	} `json:"hire"`
	HireRates *struct {
		Day     float64  `json:"day"`
		Weekend *float64 `json:"weekend"`
		Week    *float64 `json:"week"`
	} `json:"hireRates"`
	HireQuantity *int `json:"hireQuantity"`
	Kit          []struct {
		ProductID     string            `json:"productId"`
		VariantID     string            `json:"variantId"`
		Quantity      int               `json:"quantity"`
		NameLocalized map[string]string `json:"nameLocalized"`
	} `json:"kit"`
	Variants []struct {
		ID        string `json:"id"`
		HireRates *struct {
			Day  float64  `json:"day"`
			Week *float64 `json:"week"`
		} `json:"hireRates"`
		HireQuantity *int `json:"hireQuantity"`
	} `json:"variants"`
}

// hireBody is a valid new product for hire: $50 a day, $80 a weekend, no
// week rate, six in the fleet, a $200 deposit.
func hireBody(image string) map[string]any {
	b := validProductBody(image)
	b["hire"] = map[string]any{"enabled": true, "saleEnabled": false, "deposit": 200, "bufferDays": 1, "minDays": 2, "leadDays": 3}
	b["hireRates"] = map[string]any{"day": 50, "weekend": 80, "week": nil}
	b["hireQuantity"] = 6
	return b
}

// An admin writes a product's hire terms, rates and fleet; the product's
// answer (the admin's and the shopper's) carries them, lists say it is for
// hire, and a later edit of one term keeps the others.
func TestProductHireWriteAndAnswer(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	var got hireAnswer
	wantStatus(t, h.Client.Do("POST", "/api/products", hireBody(testapp.NewImage(t, h.App)), testapp.Auth(admin)...), http.StatusCreated, &got)
	if got.Hire == nil || !got.Hire.Enabled || got.Hire.SaleEnabled || got.Hire.Deposit != 200 || got.Hire.BufferDays != 1 ||
		got.Hire.MinDays != 2 || got.Hire.LeadDays != 3 {
		t.Fatalf("hire terms %+v", got.Hire)
	}
	if got.HireRates == nil || got.HireRates.Day != 50 || got.HireRates.Weekend == nil || *got.HireRates.Weekend != 80 ||
		got.HireRates.Week != nil || got.HireQuantity == nil || *got.HireQuantity != 6 {
		t.Fatalf("rates %+v quantity %v", got.HireRates, got.HireQuantity)
	}
	if len(got.Variants) != 1 || got.Variants[0].HireRates == nil || got.Variants[0].HireRates.Day != 50 || *got.Variants[0].HireQuantity != 6 {
		t.Fatalf("variant %+v", got.Variants)
	}
	wantStatus(t, h.Client.Do("PUT", "/api/products/"+got.ID, map[string]any{"hire": map[string]any{"deposit": 150}}, testapp.Auth(admin)...), http.StatusOK, nil)
	var public hireAnswer
	wantStatus(t, h.Client.Do("GET", "/api/products/"+got.ID, nil), http.StatusOK, &public)
	if public.Hire == nil || public.Hire.Deposit != 150 || public.Hire.MinDays != 2 || public.Hire.SaleEnabled || *public.HireQuantity != 6 {
		t.Fatalf("after an edit of the deposit: %+v", public.Hire)
	}
	var list struct{ Products []hireAnswer }
	wantStatus(t, h.Client.Do("GET", "/api/products", nil), http.StatusOK, &list)
	if len(list.Products) != 1 || list.Products[0].Hire == nil || !list.Products[0].Hire.Enabled {
		t.Fatalf("the list does not say it is for hire: %+v", list.Products)
	}
}

// A product with options has its rates and fleets per variant.
func TestProductHireVariants(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	body := validProductBody(testapp.NewImage(t, h.App))
	body["hire"] = map[string]any{"enabled": true}
	body["options"] = []map[string]any{{"name": "Power", "values": []map[string]any{{"value": "1 kW"}, {"value": "2 kW"}}}}
	body["variants"] = []map[string]any{
		{"sku": "PA-1", "optionValues": []string{"1 kW"}, "price": 900, "stockQuantity": 1, "hireRates": map[string]any{"day": 40, "week": 200}, "hireQuantity": 3},
		{"sku": "PA-2", "optionValues": []string{"2 kW"}, "price": 1500, "stockQuantity": 1, "hireRates": map[string]any{"day": 70}, "hireQuantity": 1},
	}
	var got hireAnswer
	wantStatus(t, h.Client.Do("POST", "/api/products", body, testapp.Auth(admin)...), http.StatusCreated, &got)
	if len(got.Variants) != 2 || got.Variants[0].HireRates.Day != 40 || *got.Variants[0].HireRates.Week != 200 ||
		*got.Variants[0].HireQuantity != 3 || got.Variants[1].HireRates.Day != 70 || got.Variants[1].HireRates.Week != nil {
		t.Fatalf("variants %+v", got.Variants)
	}
	r := h.Client.Do("PUT", "/api/products/"+got.ID, map[string]any{"hireRates": map[string]any{"day": 10}}, testapp.Auth(admin)...)
	env := wantError(t, r, http.StatusBadRequest, "validation_failed")
	if env.Errors["hireRates"] == "" {
		t.Fatalf("rates on a product with options: %+v", env)
	}
}

// A kit lists hireable components with quantities and names them in its
// answer.
func TestProductKitWrite(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	tops, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Top", Fleet: 4, DayCents: 3000})
	mixer, mixerVariant := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Mixer", Fleet: 1, DayCents: 4000})
	body := hireBody(testapp.NewImage(t, h.App))
	body["kit"] = []map[string]any{{"productId": tops.Id, "quantity": 2}, {"productId": mixer.Id, "variantId": mixerVariant, "quantity": 1}}
	var got hireAnswer
	wantStatus(t, h.Client.Do("POST", "/api/products", body, testapp.Auth(admin)...), http.StatusCreated, &got)
	if len(got.Kit) != 2 || got.Kit[0].ProductID != tops.Id || got.Kit[0].Quantity != 2 || got.Kit[0].NameLocalized["en"] != "Top" ||
		got.Kit[1].VariantID != mixerVariant {
		t.Fatalf("kit %+v", got.Kit)
	}
	var days struct {
		Days []struct{ Available int } `json:"days"`
	}
	d := hireDates(t, h)
	wantStatus(t, h.Client.Do("GET", "/api/products/"+got.ID+"/availability?from="+d(5)+"&to="+d(5), nil), http.StatusOK, &days)
	if len(days.Days) != 1 || days.Days[0].Available != 1 {
		t.Fatalf("the kit's availability is the least over its components: %+v", days)
	}
	var cleared hireAnswer
	wantStatus(t, h.Client.Do("PUT", "/api/products/"+got.ID, map[string]any{"kit": nil}, testapp.Auth(admin)...), http.StatusOK, &cleared)
	if len(cleared.Kit) != 0 || cleared.Hire == nil || !cleared.Hire.Enabled {
		t.Fatalf("kit null leaves %+v", cleared.Kit)
	}
}

// Bad hire input is a 400 in the envelope under the member's path, and
// nothing is written: not the product, not its variant.
func TestProductHireBadInput(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	product, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "PA", Fleet: 2, DayCents: 5000})
	sale := testapp.NewProduct(t, h.App, testapp.Product{Name: "Cable"})
	top, topVariant := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Top", Fleet: 2, DayCents: 3000})
	kit, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Kit", DayCents: 9000, Kit: []map[string]any{{"productId": top.Id, "quantity": 2}}})
	_, otherVariant := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Sub", Fleet: 2, DayCents: 3000})
	url := "/api/products/" + product.Id
	kitOf := func(rows ...map[string]any) map[string]any { return map[string]any{"kit": rows} }
	// The fixtures' variant saves announce their products later (live
	// events count as updates), so "nothing changed" is the tables' rows.
	unchanged := map[string]int{"product_variants:update": 0, "products:create": 0}
	before := tableRows(t, h.App, "products", "product_variants")
	same := func(t testing.TB, _ testapp.Response) {
		if tableRows(t, h.App, "products", "product_variants") != before {
			t.Error("a refused write changed the stored products or variants")
		}
	}
	cases := []struct {
		name   string
		url    string
		body   map[string]any
		errors []string
	}{
		{"hire not an object", url, map[string]any{"hire": "yes"}, []string{"hire"}},
		{"bad terms", url, map[string]any{"hire": map[string]any{"enabled": "on", "deposit": -1, "bufferDays": 31, "minDays": 1.5, "leadDays": "3"}},
			[]string{"hire.enabled", "hire.deposit", "hire.bufferDays", "hire.minDays", "hire.leadDays"}},
		{"deposit with three decimals", url, map[string]any{"hire": map[string]any{"deposit": 1.005}}, []string{"hire.deposit"}},
		{"bad rates", url, map[string]any{"hireRates": map[string]any{"day": "x", "week": -5}, "hireQuantity": -1},
			[]string{"hireRates.day", "hireRates.week", "hireQuantity"}},
		{"fleet too large", url, map[string]any{"hireQuantity": 100001}, []string{"hireQuantity"}},
		{"neither for sale nor for hire", url, map[string]any{"hire": map[string]any{"enabled": false, "saleEnabled": false}}, []string{"hire.saleEnabled"}},
		{"for hire without a day rate", "/api/products/" + sale.Id, map[string]any{"hire": map[string]any{"enabled": true}}, []string{"hireRates.day"}},
		{"day rate taken away", url, map[string]any{"hireRates": map[string]any{"day": 0}}, []string{"hireRates.day"}},
		{"kit not a list", url, map[string]any{"kit": map[string]any{"productId": top.Id}}, []string{"kit"}},
		{"kit of itself", url, kitOf(map[string]any{"productId": product.Id, "quantity": 1}), []string{"kit.0.productId"}},
		{"unknown component", url, kitOf(map[string]any{"productId": "nope", "quantity": 1}), []string{"kit.0.productId"}},
		{"component without a product", url, kitOf(map[string]any{"quantity": 1}), []string{"kit.0.productId"}},
		{"component not for hire", url, kitOf(map[string]any{"productId": sale.Id, "quantity": 1}), []string{"kit.0.productId"}},
		{"kit of kits", url, kitOf(map[string]any{"productId": kit.Id, "quantity": 1}), []string{"kit.0.productId"}},
		{"another product's variant", url, kitOf(map[string]any{"productId": top.Id, "variantId": otherVariant, "quantity": 1}), []string{"kit.0.variantId"}},
		{"no units", url, kitOf(map[string]any{"productId": top.Id, "quantity": 0}), []string{"kit.0.quantity"}},
		{"component twice", url, kitOf(map[string]any{"productId": top.Id, "quantity": 1}, map[string]any{"productId": top.Id, "variantId": topVariant, "quantity": 1}),
			[]string{"kit.1.productId"}},
		{"a component becomes a kit", "/api/products/" + top.Id, kitOf(map[string]any{"productId": product.Id, "quantity": 1}), []string{"kit"}},
		{"kit not for hire", "/api/products/" + sale.Id, kitOf(map[string]any{"productId": top.Id, "quantity": 1}), []string{"kit"}},
		{"bad variant rates", url, map[string]any{"variants": []map[string]any{{"sku": "PA-1", "price": 1, "stockQuantity": 1, "hireRates": map[string]any{"day": true}}}},
			[]string{"variants.0.hireRates.day"}},
	}
	scenarios := make([]testapp.Scenario, 0, len(cases)+1)
	for _, c := range cases {
		scenarios = append(scenarios, testapp.Scenario{Name: c.name, Method: "PUT", URL: c.url, Body: c.body, Token: admin,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: c.errors, ExpectedRecords: unchanged, After: same})
	}
	bad := hireBody(testapp.NewImage(t, h.App))
	bad["kit"] = []map[string]any{{"productId": "nope", "quantity": 1}}
	scenarios = append(scenarios, testapp.Scenario{Name: "new kit with an unknown component", Method: "POST", URL: "/api/products", Body: bad, Token: admin,
		ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"kit.0.productId"}, ExpectedRecords: unchanged, After: same})
	testapp.RunScenarios(t, h, scenarios)
	var after hireAnswer
	wantStatus(t, h.Client.Do("GET", url, nil), http.StatusOK, &after)
	if !after.Hire.Enabled || !after.Hire.SaleEnabled || after.HireRates.Day != 50 || *after.HireQuantity != 2 || len(after.Kit) != 0 {
		t.Fatalf("a refused write changed the product: %+v %+v", after.Hire, after.HireRates)
	}
}

// A component of a kit cannot be deleted while the kit names it (409
// product_in_kit, nothing deleted, the kit whole); out of the kit, it can.
func TestKitComponentDelete(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	tops, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Top", Fleet: 4, DayCents: 3000})
	kit, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "PA", DayCents: 9000, Kit: []map[string]any{{"productId": tops.Id, "quantity": 2}}})
	r := h.Client.Do("DELETE", "/api/products/"+tops.Id, nil, testapp.Auth(admin)...)
	wantError(t, r, http.StatusConflict, "product_in_kit")
	if _, err := h.App.FindRecordById("products", tops.Id); err != nil {
		t.Fatal("the component was deleted")
	}
	wantStatus(t, h.Client.Do("PUT", "/api/products/"+kit.Id, map[string]any{"kit": nil}, testapp.Auth(admin)...), http.StatusOK, nil)
	wantStatus(t, h.Client.Do("DELETE", "/api/products/"+tops.Id, nil, testapp.Auth(admin)...), http.StatusOK, nil)
}

// A variant a kit names cannot be deleted (409 variant_in_kit, nothing
// changed): not by leaving it out of its product's variants, nor in the
// dashboard. Out of the kit, it can.
func TestKitVariantDelete(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	body := validProductBody(testapp.NewImage(t, h.App))
	body["hire"] = map[string]any{"enabled": true}
	body["options"] = []map[string]any{{"name": "Power", "values": []map[string]any{{"value": "1 kW"}, {"value": "2 kW"}}}}
	body["variants"] = []map[string]any{
		{"sku": "SUB-1", "optionValues": []string{"1 kW"}, "price": 900, "stockQuantity": 1, "hireRates": map[string]any{"day": 40}, "hireQuantity": 3},
		{"sku": "SUB-2", "optionValues": []string{"2 kW"}, "price": 1500, "stockQuantity": 1, "hireRates": map[string]any{"day": 70}, "hireQuantity": 2},
	}
	var sub hireAnswer
	wantStatus(t, h.Client.Do("POST", "/api/products", body, testapp.Auth(admin)...), http.StatusCreated, &sub)
	named := sub.Variants[1].ID
	kit, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "PA", DayCents: 9000,
		Kit: []map[string]any{{"productId": sub.ID, "variantId": named, "quantity": 2}}})

	before := tableRows(t, h.App, "products", "product_variants")
	fewer := map[string]any{"options": []map[string]any{{"name": "Power", "values": []map[string]any{{"value": "1 kW"}}}},
		"variants": []map[string]any{body["variants"].([]map[string]any)[0]}}
	r := h.Client.Do("PUT", "/api/products/"+sub.ID, fewer, testapp.Auth(admin)...)
	if env := wantError(t, r, http.StatusConflict, "variant_in_kit"); !strings.Contains(env.Message, "SUB-2") || !strings.Contains(env.Message, "PA") {
		t.Fatalf("the refusal does not say which variant and kit: %+v", env)
	}
	su := superuserToken(t, h.App)
	if r := h.Client.Do("DELETE", "/api/collections/product_variants/records/"+named, nil, "Authorization", su); r.Status < 400 {
		t.Fatalf("the dashboard deleted a kit's variant: %d %s", r.Status, r.Body)
	}
	if tableRows(t, h.App, "products", "product_variants") != before {
		t.Fatal("a refused delete changed the products or variants")
	}

	wantStatus(t, h.Client.Do("PUT", "/api/products/"+kit.Id, map[string]any{"kit": nil}, testapp.Auth(admin)...), http.StatusOK, nil)
	wantStatus(t, h.Client.Do("PUT", "/api/products/"+sub.ID, fewer, testapp.Auth(admin)...), http.StatusOK, nil)
	if _, err := h.App.FindRecordById("product_variants", named); err == nil {
		t.Fatal("the variant out of the kit was kept")
	}
}
