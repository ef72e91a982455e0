package routes_test

import (
	"testing"

	"stageshop/internal/testapp"
)

// fuzzBodies sends arbitrary bodies to one route of one app and fails on
// any 5xx: no client input may produce a server error. The seed corpus runs
// with the ordinary tests.
func fuzzBodies(f *testing.F, method, url string, headers func(h testapp.Harness) []string, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	h := testapp.NewHarness(f)
	hdr := headers(h)
	f.Fuzz(func(t *testing.T, body []byte) {
		r := testapp.Client{T: t, Handler: h.Client.Handler}.Do(method, url, body, hdr...)
		if r.Status >= 500 {
			t.Fatalf("%s %s with %q: %d %s", method, url, body, r.Status, r.Body)
		}
	})
}

func FuzzCartItemBody(f *testing.F) {
	var productID string
	fuzzBodies(f, "POST", "/api/cart/items", func(h testapp.Harness) []string {
		productID = testapp.NewProduct(f, h.App, testapp.Product{PriceCents: 100, Stock: 5}).Id
		f.Add([]byte(`{"productId":"` + productID + `","quantity":1}`))
		f.Add([]byte(`{"productId":"` + productID + `","quantity":1e9}`))
		return sess("session_fuzz_12345")
	},
		`{"productId":"x","quantity":1}`, `{"quantity":-0}`, `{"quantity":1.0}`, `{"quantity":"1"}`,
		`{"quantity":null}`, `{"productId":null}`, `[]`, `null`, `"x"`, `{`, ``, `{"quantity":9223372036854775808}`,
		`{"quantity":-9223372036854775809}`, `{"quantity":1e-400}`, `{"productId":"\u0000","quantity":1}`)
}

func FuzzCheckoutBody(f *testing.F) {
	fuzzBodies(f, "POST", "/api/checkout/create-order", func(h testapp.Harness) []string {
		u := testapp.NewUser(f, h.App, false)
		p := testapp.NewProduct(f, h.App, testapp.Product{PriceCents: 100, Stock: 1_000_000})
		h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, testapp.Auth(u.Token)...)
		return testapp.Auth(u.Token)
	},
		`{"shippingInfo":{"firstName":"a","lastName":"b","address":"c","city":"d","state":"e","zipCode":"f","country":"g","phone":"h","email":"a@b.co"},"useShippingForBilling":true}`,
		`{"shippingInfo":{"firstName":"a","lastName":"b","address":"c","city":"d","state":"e","zipCode":"f","country":"us","phone":"h","email":"a@b.co"},"useShippingForBilling":true,"shippingMethod":"express","expectedTotal":20.99}`, `{"shippingMethod":7,"expectedTotal":"x"}`, `{"expectedTotal":-1e400}`,
		`{"shippingInfo":{"email":"@"},"billingInfo":null}`, `{"shippingInfo":[]}`, `{"billingInfo":{"city":{}}}`,
		`{"useShippingForBilling":null}`, `{}`, `[]`, `null`, `{`)
}

func FuzzContactSubmitBody(f *testing.F) {
	fuzzBodies(f, "POST", "/api/contact/submit", func(testapp.Harness) []string { return nil },
		`{"name":"a","email":"a@b.co","subject":"s","message":"m"}`, `{"name":"\u0000","email":"a@b","subject":" ","message":"m"}`,
		`{"email":"a@b.co\n"}`, `{"name":[]}`, `{}`, `[]`, `null`, `{`, `{"email":"`+"\xff"+`@x.y"}`)
}
