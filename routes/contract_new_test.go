package routes_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop/tax"
)

// shape is what an answer must hold: JSON paths ("hero.title",
// "zones.[].methods.[].rates.[].amount"; "[]" is every element of an
// array, which must not be empty) and their kinds: string, number, bool,
// object, array, null, or several joined by "|"; "time" is an RFC 3339
// string.
type shape map[string]string

// kindOf is the JSON kind of a decoded value.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case nil:
		return "null"
	}
	return "?"
}

// valuesAt are the values at a path of v ("[]" fans out over arrays).
func valuesAt(t *testing.T, v any, path string) []any {
	t.Helper()
	vals := []any{v}
	for _, seg := range strings.Split(path, ".") {
		var next []any
		for _, cur := range vals {
			if seg == "[]" {
				arr, ok := cur.([]any)
				if !ok || len(arr) == 0 {
					t.Errorf("%s: %q is not a non-empty array", path, kindOf(cur))
					return nil
				}
				next = append(next, arr...)
				continue
			}
			obj, ok := cur.(map[string]any)
			if !ok {
				t.Errorf("%s: %s is not an object", path, kindOf(cur))
				return nil
			}
			val, ok := obj[seg]
			if !ok {
				t.Errorf("%s: no %q in %v", path, seg, keysOf(obj))
				return nil
			}
			next = append(next, val)
		}
		vals = next
	}
	return vals
}

func keysOf(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// checkShape checks a JSON answer against want.
func checkShape(t *testing.T, body []byte, want shape) {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Errorf("not JSON: %.200s", body)
		return
	}
	for path, kinds := range want {
		for _, val := range valuesAt(t, v, path) {
			got := kindOf(val)
			if s, ok := val.(string); ok && strings.Contains(kinds, "time") {
				if _, err := time.Parse(time.RFC3339, s); err == nil {
					got = "time"
				}
			}
			if !strings.Contains("|"+kinds+"|", "|"+got+"|") {
				t.Errorf("%s is %s (%v), want %s", path, got, val, kinds)
			}
		}
	}
}

// contractCase is one request of the contract test: who sends it, what
// comes back (status, content type, shape).
type contractCase struct {
	name         string
	method, url  string
	body         any
	public       bool // no sign-in needed; otherwise admins only
	status       int
	contentType  string // "" is JSON
	shape        shape
	envelopeCode string   // for error answers
	errorKeys    []string // the envelope's errors: exactly these field paths
}

var (
	localized  = "object"
	categoryOf = shape{"id": "string", "slug": "string", "name": "string", "nameLocalized": localized,
		"sortOrder": "number", "imageUrl": "string", "productCount": "number"}
	taxRateOf = shape{"id": "string", "country": "string", "region": "string", "taxClass": "string", "rate": "number", "name": "string"}
)

// prefixed is s with every path under prefix.
func prefixed(prefix string, s shape) shape {
	out := shape{}
	for k, v := range s {
		out[prefix+k] = v
	}
	return out
}

// The endpoints issue 35 added, against api.md field by field: names and
// JSON types of every field the contract lists, status codes, the error
// envelope with its field paths, 401 signed out and 403 for customers on
// every admin route (nothing written), and the admin orders list's
// pagination. Where api.md is silent (payments and tax settings, tax rates,
// fulfilment, freight quotes, what admins send for a page) the test
// holds the shapes the app uses, noted per case.
func TestNewEndpointsContract(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 5})
	h, c, admin, u, p := s.h, s.c, s.admin, s.user, s.product
	o := s.place(t, 1, orderBody())
	rate := testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 6.25, "Texas sales tax")
	var cats []struct {
		ID, Name string
	}
	c.Do("GET", "/api/categories", nil).JSON(t, &cats)
	var store map[string]any
	c.Do("GET", "/api/shop", nil).JSON(t, &store)
	store["email"], store["phone"] = "hello@stageshop.example", "+1 512 555 0100"
	store["social"] = []any{map[string]any{"kind": "instagram", "url": "https://instagram.com/stageshop"}}
	var shipping map[string]any
	c.Do("GET", "/api/admin/shipping", nil, testapp.Auth(admin.Token)...).JSON(t, &shipping)
	var payments map[string]any
	c.Do("GET", "/api/admin/settings/payments", nil, testapp.Auth(admin.Token)...).JSON(t, &payments)
	header := "id,name,category,price"

	storeShape := shape{"name": "string", "logoUrl": "string", "email": "string", "phone": "string", "address": "string",
		"hours": localized, "hero.title": localized, "hero.text": localized, "social": "array"}
	zonesShape := shape{"homeCountry": "string", "zones.[].id": "string", "zones.[].name": "string", "zones.[].countries": "array",
		"zones.[].methods.[].code": "string", "zones.[].methods.[].name": localized, "zones.[].methods.[].deliveryDays": "string",
		"zones.[].methods.[].rates.[].upToKg": "number|null", "zones.[].methods.[].rates.[].amount": "number",
		"zones.[].methods.[].freeOver": "number|null"}
	orderShape := shape{"id": "string", "status": "string", "trackingNumber": "string", "history.[].status": "string",
		"history.[].at": "time", "totalAmount": "number", "shippingAmount": "number", "taxAmount": "number"}
	importShape := shape{"rows": "number", "created": "number", "updated": "number", "errors": "array"}
	cases := []contractCase{
		{name: "store details", method: "GET", url: "/api/shop", public: true, status: 200, shape: storeShape},
		{name: "store details saved", method: "PUT", url: "/api/admin/shop", body: store, status: 200,
			shape: merge(storeShape, shape{"social.[].kind": "string", "social.[].url": "string"})},
		{name: "store details invalid", method: "PUT", url: "/api/admin/shop", body: map[string]any{"name": "X", "email": "nope"},
			status: 400, envelopeCode: "validation_failed", errorKeys: []string{"email", "hero.title.en"}},
		{name: "pages", method: "GET", url: "/api/pages", public: true, status: 200, shape: shape{"[].slug": "string", "[].title": localized}},
		{name: "a page", method: "GET", url: "/api/pages/faq", public: true, status: 200,
			shape: shape{"slug": "string", "title": localized, "body": localized, "body.en": "string"}},
		{name: "an unknown page", method: "GET", url: "/api/pages/no-such-page", public: true, status: 404, envelopeCode: "not_found"},
		{name: "admin pages", method: "GET", url: "/api/admin/pages", status: 200, shape: shape{"[].slug": "string", "[].title": localized, "[].body": localized}},
		// api.md is silent on what admins send: the shape they read
		// ({slug, title, body}) works like the app's {slug, title, source}.
		{name: "a page added as read", method: "POST", url: "/api/admin/pages", status: 201,
			body:  map[string]any{"slug": "rental-terms", "title": map[string]string{"en": "Rental terms"}, "body": map[string]string{"en": "<p>Daily <b>rates</b></p>"}},
			shape: shape{"slug": "string", "title": localized, "body.en": "string"}},
		{name: "a page added", method: "POST", url: "/api/admin/pages", status: 201,
			body:  map[string]any{"slug": "tour-support", "title": "Tour support", "source": "We **support** tours."},
			shape: shape{"slug": "string", "title": localized, "body.en": "string"}},
		{name: "a page invalid", method: "POST", url: "/api/admin/pages", body: map[string]any{"slug": "Bad Slug!"}, status: 400,
			envelopeCode: "validation_failed", errorKeys: []string{"slug", "title.en", "source.en"}},
		{name: "a page edited", method: "PUT", url: "/api/admin/pages/tour-support", status: 200,
			body: map[string]any{"slug": "tour-support", "title": "Tour support", "source": "Now *more*."}, shape: shape{"slug": "string", "body.en": "string"}},
		{name: "a page deleted", method: "DELETE", url: "/api/admin/pages/tour-support", status: 200, shape: shape{"message": "string"}},
		{name: "an unknown page deleted", method: "DELETE", url: "/api/admin/pages/tour-support", status: 404, envelopeCode: "not_found"},
		{name: "categories", method: "GET", url: "/api/categories", public: true, status: 200, shape: prefixed("[].", categoryOf)},
		{name: "admin categories", method: "GET", url: "/api/admin/categories", status: 200, shape: prefixed("[].", categoryOf)},
		{name: "a category added", method: "POST", url: "/api/admin/categories", body: map[string]any{"name": "Rigging"}, status: 201, shape: categoryOf},
		{name: "a category invalid", method: "POST", url: "/api/admin/categories", body: map[string]any{"name": ""}, status: 400,
			envelopeCode: "validation_failed", errorKeys: []string{"name", "slug"}}, // the slug comes from the name
		{name: "a category renamed", method: "PUT", url: "/api/admin/categories/" + cats[0].ID,
			body: map[string]any{"name": cats[0].Name, "nameLocalized": map[string]string{"en": cats[0].Name, "ru": "Свет"}}, status: 200, shape: categoryOf},
		{name: "a category with products deleted", method: "DELETE", url: "/api/admin/categories/" + categoryIDOf(t, h, p.Id), status: 409,
			envelopeCode: "category_not_empty"},
		{name: "shipping settings", method: "GET", url: "/api/admin/shipping", status: 200, shape: zonesShape},
		{name: "shipping settings saved", method: "PUT", url: "/api/admin/shipping", body: shipping, status: 200, shape: zonesShape},
		{name: "shipping methods", method: "GET", url: "/api/shipping/methods?country=US", public: true, status: 200,
			shape: shape{"homeCountry": "string", "freeShippingThreshold": "number", "methods.[].code": "string", "methods.[].name": localized,
				"methods.[].region": "string", "methods.[].amount": "number", "methods.[].deliveryDays": "string"}},
		{name: "product export", method: "GET", url: "/api/admin/products/export.csv", status: 200, contentType: "text/csv"},
		{name: "product import dry run", method: "POST", url: "/api/admin/products/import?dryRun=1", body: header + "\n", status: 200, shape: importShape},
		{name: "product import with errors", method: "POST", url: "/api/admin/products/import", body: header + "\n,Amp,No such,1\n", status: 200,
			shape: merge(importShape, shape{"errors.[].row": "number", "errors.[].field": "string", "errors.[].message": "string"})},
		// Payments and tax settings, tax rates, fulfilment and freight
		// quotes are not in api.md: their shapes are the app's types.
		{name: "payment and tax settings", method: "GET", url: "/api/admin/settings/payments", status: 200,
			shape: shape{"pricesIncludeTax": "bool", "taxShipping": "bool", "bankDetails": "string", "invoiceTermsDays": "number", "holdMinutes": "number", "cardReady": "bool", "stripeKeys": "string"}},
		{name: "payment and tax settings saved", method: "PUT", url: "/api/admin/settings/payments", body: payments, status: 200,
			shape: shape{"pricesIncludeTax": "bool", "holdMinutes": "number"}},
		{name: "tax rates", method: "GET", url: "/api/admin/tax-rates", status: 200, shape: prefixed("[].", taxRateOf)},
		{name: "a tax rate added", method: "POST", url: "/api/admin/tax-rates", status: 201, shape: taxRateOf,
			body: map[string]any{"country": "DE", "region": "", "taxClass": "standard", "rate": 19, "name": "MwSt"}},
		{name: "a tax rate invalid", method: "POST", url: "/api/admin/tax-rates", body: map[string]any{"country": "US", "taxClass": "luxury", "rate": 1, "name": "X"},
			status: 400, envelopeCode: "validation_failed", errorKeys: []string{"taxClass"}},
		{name: "a tax rate edited", method: "PUT", url: "/api/admin/tax-rates/" + rate.Id, status: 200, shape: taxRateOf,
			body: map[string]any{"country": "US", "region": "TX", "taxClass": "standard", "rate": 6.5, "name": "Texas sales tax"}},
		{name: "an order shipped", method: "PUT", url: "/api/checkout/admin/orders/" + o.ID + "/status", status: 200,
			body:  map[string]any{"status": "Shipped", "carrier": "ups", "trackingNumber": "1Z999AA10123456784"},
			shape: merge(orderShape, shape{"carrier": "string", "trackingUrl": "string"})},
		{name: "an unknown status", method: "PUT", url: "/api/checkout/admin/orders/" + o.ID + "/status", body: map[string]any{"status": "Lost"},
			status: 400, envelopeCode: "validation_failed", errorKeys: []string{"status"}},
		{name: "a note", method: "POST", url: "/api/checkout/admin/orders/" + o.ID + "/notes", body: map[string]any{"text": "Fragile"}, status: 201,
			shape: merge(orderShape, shape{"internalNotes.[].text": "string", "internalNotes.[].by": "string", "internalNotes.[].at": "time"})},
		{name: "the admin's order", method: "GET", url: "/api/checkout/admin/orders/" + o.ID, status: 200, shape: orderShape},
		{name: "a packing slip", method: "GET", url: "/api/checkout/admin/packing-slips/" + o.ID, status: 200, contentType: "text/html"},
		{name: "the shipping partner's CSV", method: "GET", url: "/api/checkout/admin/orders/shipping.csv", status: 200, contentType: "text/csv"},
		{name: "a quote for an order not waiting", method: "POST", url: "/api/checkout/admin/orders/" + o.ID + "/shipping-quote",
			body: map[string]any{"amount": 10}, status: 409, envelopeCode: "not_awaiting_quote"},
		{name: "a tax rate deleted", method: "DELETE", url: "/api/admin/tax-rates/" + rate.Id, status: 200},
	}
	for _, cc := range cases {
		t.Run(cc.name, func(t *testing.T) {
			if !cc.public {
				checkRefused(t, h, cc, "", http.StatusUnauthorized)
				checkRefused(t, h, cc, u.Token, http.StatusForbidden)
			}
			token := admin.Token
			if cc.public {
				token = ""
			}
			r := c.Do(cc.method, cc.url, cc.body, testapp.Auth(token)...)
			if r.Status != cc.status {
				t.Fatalf("%s %s: %d %.400s, want %d", cc.method, cc.url, r.Status, r.Body, cc.status)
			}
			ct := r.Header.Get("Content-Type")
			want := cc.contentType
			if want == "" {
				want = "application/json"
			}
			if !strings.HasPrefix(ct, want) {
				t.Errorf("Content-Type %q, want %s", ct, want)
			}
			if cc.envelopeCode != "" {
				e := expectErr(t, r, cc.status, cc.envelopeCode)
				if e.Message == "" || len(e.Errors) != len(cc.errorKeys) {
					t.Errorf("envelope %+v, want errors at %v", e, cc.errorKeys)
				}
				for _, k := range cc.errorKeys {
					if e.Errors[k] == "" {
						t.Errorf("no errors[%q] in %v", k, e.Errors)
					}
				}
			}
			if cc.shape != nil {
				checkShape(t, r.Body, cc.shape)
			}
		})
	}
	t.Run("internal notes and who changed a status stay with admins", func(t *testing.T) {
		r := c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...)
		checkShape(t, r.Body, orderShape)
		if s := string(r.Body); strings.Contains(s, "internalNotes") || strings.Contains(s, "Fragile") || strings.Contains(s, `"by"`) {
			t.Errorf("the customer's answer: %s", s)
		}
	})
	t.Run("admin orders list pages", func(t *testing.T) {
		for range 2 {
			s.place(t, 1, orderBody())
		}
		r := c.Do("GET", "/api/checkout/admin/orders?page=2&pageSize=2", nil, testapp.Auth(admin.Token)...)
		var list []map[string]any
		r.JSON(t, &list)
		if r.Status != 200 || len(list) != 1 || r.Header.Get("X-Total-Count") != strconv.Itoa(3) {
			t.Errorf("page 2 of 2: %d, %d orders, X-Total-Count %q", r.Status, len(list), r.Header.Get("X-Total-Count"))
		}
		r = c.Do("GET", "/api/checkout/admin/orders?page=1&pageSize=101", nil, testapp.Auth(admin.Token)...)
		if r.Status != http.StatusBadRequest {
			r.JSON(t, &list)
			if len(list) > 100 {
				t.Errorf("pageSize 101: %d %d orders", r.Status, len(list))
			}
		} else {
			expectEnvelope(t, r)
		}
	})
}

// checkRefused sends an admin case signed out (token "") or as a
// customer: status in the envelope, and nothing written.
func checkRefused(t *testing.T, h testapp.Harness, cc contractCase, token string, status int) {
	t.Helper()
	before := dbFingerprint(t, h)
	r := h.Client.Do(cc.method, cc.url, cc.body, testapp.Auth(token)...)
	if r.Status != status {
		t.Errorf("%s %s by %q: %d %.200s, want %d", cc.method, cc.url, map[bool]string{true: "a guest", false: "a customer"}[token == ""], r.Status, r.Body, status)
		return
	}
	expectEnvelope(t, r)
	if after := dbFingerprint(t, h); after != before {
		t.Errorf("%s %s refused but the database changed", cc.method, cc.url)
	}
}

func merge(a, b shape) shape {
	out := shape{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// categoryIDOf is the category id of a product.
func categoryIDOf(t *testing.T, h testapp.Harness, productID string) string {
	t.Helper()
	rec, err := h.App.FindRecordById("products", productID)
	if err != nil {
		t.Fatal(err)
	}
	return rec.GetString("categoryId")
}
