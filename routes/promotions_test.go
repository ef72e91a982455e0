package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// venue10 is the promotion: 10 % off Lighting from $200.
func venue10(lighting string) map[string]any {
	return map[string]any{
		"code": "venue10", "name": map[string]string{"en": "Venues: 10 % off lighting", "ru": "Площадкам: −10 % на свет"},
		"kind": "percentage", "value": 10, "target": "categories", "categoryIds": []string{lighting},
		"minSubtotal": 200, "startsAt": "2026-01-01T00:00:00Z", "usageLimit": 100, "perCustomerLimit": 1, "combinable": true,
	}
}

func with(base map[string]any, changes map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range changes {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}

// Admins list, add, change, pause and delete promotions; everyone else is
// refused; bad input is a field error in the envelope and writes nothing.
func TestPromotionsAdmin(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	shopper := testapp.NewUser(t, h.App, false).Token
	lighting, err := h.App.FindFirstRecordByData("categories", "slug", "lighting")
	if err != nil {
		t.Fatal(err)
	}
	spot := testapp.NewProduct(t, h.App, testapp.Product{Name: "Spot", Category: "Lighting"})
	body := venue10(lighting.Id)
	var id string
	testapp.RunScenarios(t, h, append(append([]testapp.Scenario{
		{Name: "signed out", Method: "GET", URL: "/api/admin/promotions", ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*"},
		{Name: "shopper", Method: "POST", URL: "/api/admin/promotions", Token: shopper, Body: body,
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "*", ExpectedRecords: map[string]int{"promotions:create": 0}},
	}, refusedPromotions(admin, body)...), []testapp.Scenario{
		{Name: "wrong type", Method: "POST", URL: "/api/admin/promotions", Token: admin, Body: with(body, map[string]any{"value": "ten"}),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "*", ExpectedRecords: map[string]int{"promotions:create": 0}},
		{Name: "create", Method: "POST", URL: "/api/admin/promotions", Token: admin, Body: body, ExpectedStatus: http.StatusCreated,
			ExpectedContent: []string{`"code":"VENUE10"`, `"value":10.00`, `"minSubtotal":200.00`, `"isActive":true`,
				`"startsAt":"2026-01-01T00:00:00Z"`, `"endsAt":null`, `"timesUsed":0`, `"revenue":0.00`},
			ExpectedRecords: map[string]int{"promotions:create": 1},
			After:           func(t testing.TB, r testapp.Response) { id = r.Map(t)["id"].(string) }},
		{Name: "code taken in any case", Method: "POST", URL: "/api/admin/promotions", Token: admin, Body: with(body, map[string]any{"code": "Venue10"}),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"code"}},
		{Name: "pause", Method: "PUT", URL: "/api/admin/promotions/{id}", Token: admin, Body: with(body, map[string]any{"isActive": false}),
			Before:         func(_ testing.TB, s *testapp.Scenario) { s.URL = strings.Replace(s.URL, "{id}", id, 1) },
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"isActive":false`, `"code":"VENUE10"`}},
		{Name: "list", Method: "GET", URL: "/api/admin/promotions", Token: admin, ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"code":"VENUE10"`, `"ru":"Площадкам: −10 % на свет"`}},
		{Name: "touching the product", Method: "GET", URL: "/api/admin/promotions?productId=" + spot.Id + "&categoryId=" + lighting.Id,
			Token: admin, ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"code":"VENUE10"`}},
		{Name: "touching another", Method: "GET", URL: "/api/admin/promotions?productId=" + spot.Id, Token: admin,
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`[]`}},
		{Name: "unknown", Method: "PUT", URL: "/api/admin/promotions/nope", Token: admin, Body: body,
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "delete", Method: "DELETE", URL: "/api/admin/promotions/{id}", Token: admin,
			Before:         func(_ testing.TB, s *testapp.Scenario) { s.URL = strings.Replace(s.URL, "{id}", id, 1) },
			ExpectedStatus: http.StatusNoContent, ExpectedRecords: map[string]int{"promotions:delete": 1}},
		{Name: "deleted", Method: "DELETE", URL: "/api/admin/promotions/" + "nope", Token: admin,
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
	}...))
}

// refusedPromotions are bad bodies: each a field error that writes nothing.
func refusedPromotions(admin string, body map[string]any) []testapp.Scenario {
	bad := func(name string, changes map[string]any, fields ...string) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: "/api/admin/promotions", Token: admin, Body: with(body, changes),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: fields,
			ExpectedRecords: map[string]int{"promotions:create": 0}}
	}
	return []testapp.Scenario{
		bad("no name", map[string]any{"name": " "}, "name"),
		bad("bad code", map[string]any{"code": "10% OFF"}, "code"),
		bad("short code", map[string]any{"code": "ab"}, "code"),
		bad("code on an automatic", map[string]any{"automatic": true}, "code"),
		bad("no code", map[string]any{"code": nil}, "code"),
		bad("unknown kind", map[string]any{"kind": "bogo"}, "kind"),
		bad("percent over 100", map[string]any{"value": 100.5}, "value"),
		bad("percent of three decimals", map[string]any{"value": 10.125}, "value"),
		bad("fixed of nothing", map[string]any{"kind": "fixed", "value": 0}, "value"),
		bad("unknown target", map[string]any{"target": "brands"}, "target"),
		bad("no categories", map[string]any{"categoryIds": []string{}}, "categoryIds"),
		bad("unknown category", map[string]any{"categoryIds": []string{"aaaaaaaaaaaaaaa"}}, "categoryIds"),
		bad("unknown product", map[string]any{"target": "products", "productIds": []string{"zzzzzzzzzzzzzzz"}}, "productIds"),
		bad("negative minimum", map[string]any{"minSubtotal": -1}, "minSubtotal"),
		bad("end before start", map[string]any{"endsAt": "2025-12-31T00:00:00Z"}, "endsAt"),
		bad("not a date", map[string]any{"startsAt": "tomorrow"}, "startsAt"),
		bad("negative limit", map[string]any{"usageLimit": -1, "perCustomerLimit": -2}, "usageLimit", "perCustomerLimit"),
	}
}

// An automatic free-shipping promotion needs no code and no value; a
// fixed one on products keeps its dollars.
func TestPromotionKinds(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Cable"})
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "free shipping", Method: "POST", URL: "/api/admin/promotions", Token: admin,
			Body:           map[string]any{"automatic": true, "name": "Free shipping this week", "kind": "free_shipping", "target": "order"},
			ExpectedStatus: http.StatusCreated, ExpectedContent: []string{`"code":""`, `"automatic":true`, `"value":0.00`, `"name":{"en":"Free shipping this week"}`}},
		{Name: "fixed on products", Method: "POST", URL: "/api/admin/promotions", Token: admin,
			Body: map[string]any{"code": "CABLE-5", "name": "$5 off cables", "kind": "fixed", "value": 5, "target": "products",
				"productIds": []string{p.Id, p.Id}, "categoryIds": []string{"ignored"}},
			ExpectedStatus: http.StatusCreated, ExpectedContent: []string{`"value":5.00`, `"productIds":["` + p.Id + `"]`, `"categoryIds":[]`}},
	})
}

// A promotion's id that is no record's is 404 in the envelope, even with
// a body that would be valid, and changes nothing.
func TestUnknownPromotionsAre404(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	lighting, err := h.App.FindFirstRecordByData("categories", "slug", "lighting")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"nope", "%00", strings.Repeat("z", 3000), "..%2f.."} {
		expectErr(t, h.Client.Do("PUT", "/api/admin/promotions/"+id, venue10(lighting.Id), admin...), http.StatusNotFound, "not_found")
	}
	if n := testapp.Count(t, h.App, "promotions"); n != 0 {
		t.Fatalf("%d promotions written", n)
	}
}
