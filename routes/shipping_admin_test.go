package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/tax"
)

// zonesBody is the owner's settings of the journey: home US with standard
// by weight (up to 30 kg) free over $500, express for any weight; Europe
// as a group; the rest of the world.
func zonesBody() map[string]any {
	return map[string]any{"homeCountry": "US", "zones": []any{
		map[string]any{"id": "home", "name": "Domestic", "countries": []string{"US"}, "methods": []any{
			map[string]any{"code": "standard", "name": map[string]string{"en": "Standard", "ru": "Стандартная", "zh": "标准配送"}, "deliveryDays": "5-7",
				"rates": []any{map[string]any{"upToKg": 5, "amount": 9.99}, map[string]any{"upToKg": 30, "amount": 24.99}}, "freeOver": 500},
			map[string]any{"code": "express", "name": "Express", "deliveryDays": "2-3", "rates": []any{map[string]any{"upToKg": nil, "amount": 39.99}}},
		}},
		map[string]any{"id": "eu", "name": "Europe", "countries": []string{"DE", "France"}, "methods": []any{
			map[string]any{"code": "eu_post", "name": "EU post", "deliveryDays": "6-9", "rates": []any{map[string]any{"upToKg": 20, "amount": 29.99}}},
		}},
		map[string]any{"id": "world", "name": "Rest of the world", "countries": []string{}, "methods": []any{
			map[string]any{"code": "intl_standard", "name": "International", "deliveryDays": "10-15", "rates": []any{map[string]any{"upToKg": nil, "amount": 49.99}}},
		}},
	}}
}

type settingsJSON struct {
	HomeCountry string `json:"homeCountry"`
	Zones       []struct {
		ID        string   `json:"id"`
		Countries []string `json:"countries"`
		Methods   []struct {
			Code     string   `json:"code"`
			FreeOver *float64 `json:"freeOver"`
			Rates    []struct {
				UpToKg *float64 `json:"upToKg"`
				Amount float64  `json:"amount"`
			} `json:"rates"`
		} `json:"methods"`
	} `json:"zones"`
}

// The admin reads today's five methods as two zones (the migration's demo
// configuration with the shop's own rates), saves new zones, and reads
// them back; bad settings are one 400 with every field path and change
// nothing; shoppers and guests may not touch them.
func TestAdminShippingSettings(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	shopper := testapp.NewUser(t, h.App, false)
	var before settingsJSON
	c.Do("GET", "/api/admin/shipping", nil, testapp.Auth(admin.Token)...).JSON(t, &before)
	if len(before.Zones) != 2 || before.Zones[0].Countries[0] != "US" || len(before.Zones[0].Methods) != 3 ||
		before.Zones[0].Methods[1].Rates[0].Amount != 19.99 || *before.Zones[0].Methods[0].FreeOver != 500 ||
		len(before.Zones[1].Countries) != 0 || before.Zones[1].Methods[1].Rates[0].Amount != 79.99 {
		t.Fatalf("demo configuration %+v", before)
	}
	bad := zonesBody()
	bad["zones"].([]any)[1].(map[string]any)["countries"] = []string{"US"}
	bad["zones"].([]any)[0].(map[string]any)["methods"].([]any)[0].(map[string]any)["rates"] = []any{map[string]any{"upToKg": 30, "amount": 1}, map[string]any{"upToKg": 5, "amount": 2}}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "signed out", Method: "GET", URL: "/api/admin/shipping", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*"},
		{Name: "a shopper", Method: "PUT", URL: "/api/admin/shipping", Body: zonesBody(), Token: shopper.Token, ExpectedStatus: http.StatusForbidden, ExpectedCode: "*",
			ExpectedRecords: map[string]int{"shop_settings:update": 0}},
		{Name: "bad settings", Method: "PUT", URL: "/api/admin/shipping", Body: bad, Token: admin.Token, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"zones.1.countries.0", "zones.0.methods.0.rates.1.upToKg"},
			ExpectedRecords: map[string]int{"shop_settings:update": 0}},
		{Name: "a wrong type", Method: "PUT", URL: "/api/admin/shipping", Body: `{"homeCountry":"US","zones":[{"methods":[{"rates":[{"amount":"cheap"}]}]}]}`,
			Token: admin.Token, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "*", ExpectedRecords: map[string]int{"shop_settings:update": 0}},
		{Name: "good settings", Method: "PUT", URL: "/api/admin/shipping", Body: zonesBody(), Token: admin.Token, ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"countries":["DE","FR"]`, `"upToKg":30`, `"freeOver":500.00`}, ExpectedRecords: map[string]int{"shop_settings:update": 1}},
	})
	var after settingsJSON
	c.Do("GET", "/api/admin/shipping", nil, testapp.Auth(admin.Token)...).JSON(t, &after)
	if len(after.Zones) != 3 || after.Zones[1].Countries[1] != "FR" || *after.Zones[0].Methods[0].Rates[1].UpToKg != 30 {
		t.Fatalf("read back %+v", after)
	}
}

type cartMethodsJSON struct {
	FreeShippingThreshold float64 `json:"freeShippingThreshold"`
	WeightKg              float64 `json:"weightKg"`
	Freight               bool    `json:"freight"`
	Methods               []struct {
		Code    string  `json:"code"`
		Amount  float64 `json:"amount"`
		Freight bool    `json:"freight"`
	} `json:"methods"`
}

func saveZones(t *testing.T, h testapp.Harness, admin testapp.User) {
	t.Helper()
	if r := h.Client.Do("PUT", "/api/admin/shipping", zonesBody(), testapp.Auth(admin.Token)...); r.Status != http.StatusOK {
		t.Fatalf("save zones: %d %s", r.Status, r.Body)
	}
}

func setWeight(t *testing.T, h testapp.Harness, admin testapp.User, productID string, kg float64, freight bool) {
	t.Helper()
	r := h.Client.Do("PUT", "/api/products/"+productID, map[string]any{"weightKg": kg, "freightOnly": freight}, testapp.Auth(admin.Token)...)
	if r.Status != http.StatusOK {
		t.Fatalf("set weight: %d %s", r.Status, r.Body)
	}
}

// The cart's weight picks the band in the methods answer, the estimate and
// the order alike (shipping taxed with taxShipping); a rate changed between
// the review and Place order is total_changed.
func TestShippingByWeightThroughCheckout(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	saveZones(t, h, admin)
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 10, "Texas sales tax")
	testapp.SetTaxSettings(t, h.App, false, true)
	amp := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 10})
	setWeight(t, h, admin, amp.Id, 2.5, false)
	r := c.Do("PUT", "/api/products/"+amp.Id, map[string]any{"weightKg": -1}, testapp.Auth(admin.Token)...)
	expectErr(t, r, http.StatusBadRequest, "validation_failed")
	addLine(t, c, u.Token, amp.Id, 3) // 7.5 kg: the second band

	var m cartMethodsJSON
	c.Do("GET", "/api/shipping/methods?country=US&cart=1", nil, testapp.Auth(u.Token)...).JSON(t, &m)
	if m.WeightKg != 7.5 || len(m.Methods) != 2 || m.Methods[0].Amount != 24.99 || m.Methods[1].Amount != 39.99 || m.FreeShippingThreshold != 500 {
		t.Fatalf("methods for 7.5 kg: %+v", m)
	}
	var est estimateJSON
	c.Do("GET", "/api/cart?country=US&state=TX&shippingMethod=standard", nil, testapp.Auth(u.Token)...).JSON(t, &est)
	// $300 + $24.99 shipping, both taxed at 10 %: $32.50.
	if est.TaxEstimate == nil || est.TaxEstimate.ShippingAmount != 24.99 || est.TaxEstimate.TaxAmount != 32.5 || est.TaxEstimate.TotalAmount != 357.49 {
		t.Fatalf("estimate %+v", est.TaxEstimate)
	}
	body := texasBody("standard")
	body["expectedTotal"] = est.TaxEstimate.TotalAmount
	// The owner raises the band after the review: the shopper must see the new total first.
	changed := zonesBody()
	changed["zones"].([]any)[0].(map[string]any)["methods"].([]any)[0].(map[string]any)["rates"].([]any)[1].(map[string]any)["amount"] = 26.99
	if r := c.Do("PUT", "/api/admin/shipping", changed, testapp.Auth(admin.Token)...); r.Status != http.StatusOK {
		t.Fatal(r.Status)
	}
	var e conflictJSON
	r = c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	r.JSON(t, &e)
	if r.Status != http.StatusConflict || e.Code != "total_changed" || e.Total != 359.69 || testapp.Count(t, h.App, "orders") != 0 {
		t.Fatalf("after the rate change: %d %s", r.Status, r.Body)
	}
	body["expectedTotal"] = e.Total
	var o taxedOrderJSON
	r = c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	r.JSON(t, &o)
	if r.Status != http.StatusCreated || o.ShippingAmount != 26.99 || o.TaxAmount != 32.7 || o.TotalAmount != 359.69 {
		t.Fatalf("order %d %s", r.Status, r.Body)
	}
}

type quoteOrderJSON struct {
	taxedOrderJSON
	ShippingQuote string  `json:"shippingQuote"`
	WeightKg      float64 `json:"weightKg"`
	CheckoutURL   string  `json:"checkoutUrl"`
	Payment       struct {
		Method    string  `json:"method"`
		Status    string  `json:"status"`
		AmountDue float64 `json:"amountDue"`
	} `json:"payment"`
}

// A freight-only product leaves one method, freight quoted separately: the
// order is placed with no shipping and nothing due, nothing is charged (no
// card page is opened); the admin's quote sets shipping, its tax, the total
// and the amount due, e-mails the customer, and only once.
func TestFreightQuotedSeparately(t *testing.T) {
	testapp.UseStripe(t, "http://127.0.0.1:1") // a card page would fail: none must be asked for
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	saveZones(t, h, admin)
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 10, "Texas sales tax")
	testapp.SetTaxSettings(t, h.App, false, true)
	hoist := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 150000, Stock: 5})
	setWeight(t, h, admin, hoist.Id, 520, true)
	addLine(t, c, u.Token, hoist.Id, 1)

	var m cartMethodsJSON
	c.Do("GET", "/api/shipping/methods?country=US&cart=1", nil, testapp.Auth(u.Token)...).JSON(t, &m)
	if !m.Freight || len(m.Methods) != 1 || m.Methods[0].Code != "freight" || !m.Methods[0].Freight || m.Methods[0].Amount != 0 {
		t.Fatalf("methods for the hoist: %+v", m)
	}
	body := texasBody("standard")
	body["paymentMethod"] = "card"
	expectErr(t, c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...), http.StatusBadRequest, "validation_failed")
	body["shippingMethod"] = "freight"
	var o quoteOrderJSON
	r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	r.JSON(t, &o)
	if r.Status != http.StatusCreated || o.ShippingQuote != "pending" || o.ShippingAmount != 0 || o.Payment.AmountDue != 0 ||
		o.CheckoutURL != "" || o.TotalAmount != 1650 || o.WeightKg != 520 || testapp.Count(t, h.App, "payment_attempts") != 0 {
		t.Fatalf("freight order %d %s", r.Status, r.Body)
	}
	expectErr(t, c.Do("POST", "/api/checkout/orders/"+o.ID+"/pay", nil, testapp.Auth(u.Token)...), http.StatusConflict, "not_payable")
	url := "/api/checkout/admin/orders/" + o.ID + "/shipping-quote"
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "a shopper", Method: "POST", URL: url, Body: map[string]any{"amount": 1}, Token: u.Token, ExpectedStatus: http.StatusForbidden, ExpectedCode: "*"},
		{Name: "no amount", Method: "POST", URL: url, Body: map[string]any{}, Token: admin.Token, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"amount"}, ExpectedRecords: map[string]int{"orders:update": 0}},
		{Name: "the quote", Method: "POST", URL: url, Body: map[string]any{"amount": 350}, Token: admin.Token, ExpectedStatus: http.StatusOK,
			// $1,500 + $350 freight, both taxed at 10 %.
			ExpectedContent: []string{`"shippingQuote":"quoted"`, `"shippingAmount":350.00`, `"taxAmount":185.00`, `"totalAmount":2035.00`, `"amountDue":2035.00`},
			ExpectedRecords: map[string]int{"orders:update": 1, "emails:create": 1}},
		{Name: "a second quote", Method: "POST", URL: url, Body: map[string]any{"amount": 1}, Token: admin.Token, ExpectedStatus: http.StatusConflict,
			ExpectedCode: "not_awaiting_quote", ExpectedRecords: map[string]int{"orders:update": 0}},
	})
}

// The public shipping page gets every zone with all its methods' weight
// bands and free-shipping amounts (?zones=1), as the owner saved them;
// checkout's answers (a country, a cart) stay without them.
func TestShippingMethodsZonesForThePage(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	wantStatus(t, c.Do("PUT", "/api/admin/shipping", zonesBody(), testapp.Auth(admin.Token)...), http.StatusOK, nil)
	var page settingsJSON
	wantStatus(t, c.Do("GET", "/api/shipping/methods?zones=1", nil), http.StatusOK, &page)
	if len(page.Zones) != 3 || page.Zones[1].ID != "eu" || len(page.Zones[1].Countries) != 2 {
		t.Fatalf("zones %+v", page.Zones)
	}
	std := page.Zones[0].Methods[0]
	if std.Code != "standard" || len(std.Rates) != 2 || *std.Rates[0].UpToKg != 5 || std.Rates[0].Amount != 9.99 ||
		*std.Rates[1].UpToKg != 30 || std.Rates[1].Amount != 24.99 || std.FreeOver == nil || *std.FreeOver != 500 {
		t.Errorf("standard's bands %+v", std)
	}
	if express := page.Zones[0].Methods[1]; express.Rates[0].UpToKg != nil || express.FreeOver != nil {
		t.Errorf("express: any weight, never free: %+v", express)
	}
	for _, q := range []string{"?country=US", "?country=US&zones=0", ""} {
		var plain map[string]any
		wantStatus(t, c.Do("GET", "/api/shipping/methods"+q, nil), http.StatusOK, &plain)
		if _, ok := plain["zones"]; ok || plain["methods"] == nil {
			t.Errorf("%s: %v", q, plain)
		}
	}
}

// An order placed with a method the owner made keeps its name as it was
// (issue 35): renamed, then deleted, the order's answers, its invoice and
// the admin's list still name it in every language; the order e-mail named
// it too (not by its code).
func TestOrderKeepsItsMethodName(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	u := testapp.NewUser(t, h.App, false)
	courier := map[string]any{"code": "courier", "name": map[string]string{"en": "City courier", "ru": "Курьер по городу", "zh": "同城快递"},
		"deliveryDays": "1", "rates": []any{map[string]any{"upToKg": nil, "amount": 15}}}
	zones := zonesBody()
	home := zones["zones"].([]any)[0].(map[string]any)
	home["methods"] = append(home["methods"].([]any), courier)
	wantStatus(t, c.Do("PUT", "/api/admin/shipping", zones, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 5})
	addLine(t, c, u.Token, p.Id, 1)
	var o struct {
		ID                 string            `json:"id"`
		TotalAmount        float64           `json:"totalAmount"`
		ShippingMethodName map[string]string `json:"shippingMethodName"`
	}
	wantStatus(t, c.Do("POST", "/api/checkout/create-order", texasBody("courier"), testapp.Auth(u.Token)...), http.StatusCreated, &o)
	if o.ShippingMethodName["en"] != "City courier" || o.ShippingMethodName["zh"] != "同城快递" {
		t.Fatalf("the new order's method name %v", o.ShippingMethodName)
	}
	var mailed []struct {
		Body string `db:"body"`
	}
	if err := h.App.DB().NewQuery("SELECT view || text AS body FROM emails").All(&mailed); err != nil || !strings.Contains(fmt.Sprint(mailed), "City courier") {
		t.Errorf("the order e-mail does not name the method (%v): %v", err, mailed)
	}
	// Renamed, then deleted: the order keeps its name.
	courier["name"] = map[string]string{"en": "Bike courier"}
	wantStatus(t, c.Do("PUT", "/api/admin/shipping", zones, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	home["methods"] = home["methods"].([]any)[:2]
	wantStatus(t, c.Do("PUT", "/api/admin/shipping", zones, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	o.ShippingMethodName = nil
	wantStatus(t, c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...), http.StatusOK, &o)
	if o.ShippingMethodName["en"] != "City courier" || o.ShippingMethodName["ru"] != "Курьер по городу" {
		t.Errorf("after the rename and delete: %v", o.ShippingMethodName)
	}
	var list []struct {
		ShippingMethodName map[string]string `json:"shippingMethodName"`
	}
	wantStatus(t, c.Do("GET", "/api/checkout/admin/orders", nil, testapp.Auth(admin.Token)...), http.StatusOK, &list)
	if len(list) != 1 || list[0].ShippingMethodName["en"] != "City courier" {
		t.Errorf("the admin's list: %+v", list)
	}
	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/payments", map[string]any{"amount": o.TotalAmount}, testapp.Auth(admin.Token)...), http.StatusCreated, nil)
	r := c.Do("GET", "/api/checkout/orders/"+o.ID+"/invoice", nil, testapp.Auth(u.Token)...)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), "City courier") || strings.Contains(string(r.Body), "Bike courier") {
		t.Errorf("the invoice: %d, names the method as at the order: %v", r.Status, strings.Contains(string(r.Body), "City courier"))
	}
}
