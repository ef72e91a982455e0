package routes_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// checkAnswer fails on a 5xx or on an error answer that is not the
// envelope with the same status.
func checkAnswer(t *testing.T, what string, r testapp.Response) {
	t.Helper()
	if r.Status >= 500 {
		t.Fatalf("%s: %d %s", what, r.Status, r.Body)
	}
	if r.Status >= 400 {
		var env envelope
		if err := json.Unmarshal(r.Body, &env); err != nil || env.Status != r.Status || env.Code == "" || env.Message == "" {
			t.Fatalf("%s: %d answered outside the envelope: %s", what, r.Status, r.Body)
		}
	}
}

// FuzzDecodeProductRequest sends arbitrary bodies to the admin product
// routes (create and update): every answer is a success or a 4xx envelope.
func FuzzDecodeProductRequest(f *testing.F) {
	h := testapp.NewHarness(f)
	admin := testapp.NewUser(f, h.App, true)
	image := testapp.NewImage(f, h.App)
	existing := testapp.NewProduct(f, h.App, testapp.Product{Name: "Fuzzed"})
	valid, _ := json.Marshal(validProductBody(image))
	for _, seed := range []string{
		string(valid), ``, `{}`, `null`, `[]`, `"x"`, `{"price": 1e400}`, `{"price": -0.0}`,
		`{"price": 0.1e1, "stockQuantity": 1E2}`, `{"price": "12.5"}`, `{"stockQuantity": 9223372036854775808}`,
		`{"name": {"en": 1}}`, `{"nameLocalized": "{\"en\": \"x\"}"}`, `{"nameLocalized": [1]}`,
		`{"attributes": [null, 1, "x", {"key": {"ru": "к"}, "value": ["v"]}]}`,
		`{"attributes": {"key": "v"}}`, `{"imageFileNames": [null]}`, `{"imageFileNames": [1, 2]}`,
		`{"category": null, "isActive": null}`, `{"isActive": "true"}`, `{"name": "\u0000\ud800"}`,
		`{"price": 12, "price": -1}`, `{"a":` + `[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]` + `}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		c := testapp.Client{T: t, Handler: h.Client.Handler}
		checkAnswer(t, "create "+body, c.Do("POST", "/api/products", body, testapp.Auth(admin.Token)...))
		checkAnswer(t, "update "+body, c.Do("PUT", "/api/products/"+existing.Id, body, testapp.Auth(admin.Token)...))
	})
}

// FuzzDecodeAuthRequest sends arbitrary bodies to every auth route that
// reads one: register, login, refresh, logout and the profile update.
func FuzzDecodeAuthRequest(f *testing.F) {
	h := testapp.NewHarness(f)
	register(f, h.Client, "fuzz@example.com")
	s := login(f, h.Client, "fuzz@example.com", testPassword)
	for _, seed := range []string{
		``, `{}`, `null`, `[]`, `{"email": null}`, `{"email": 1, "password": true}`,
		`{"email": "fuzz@example.com", "password": "Secret123"}`, `{"email": "FUZZ@EXAMPLE.COM ", "password": "x"}`,
		`{"refreshToken": "` + s.RefreshToken + `"}`, `{"refreshToken": ["a"]}`,
		`{"email": "a@b.co", "password": "Aa1aaa", "confirmPassword": "Aa1aaa", "firstName": "A", "lastName": "B"}`,
		`{"firstName": "A", "lastName": "B", "email": "fuzz@example.com", "newPassword": "\u0000Aa1", "confirmPassword": "\u0000Aa1", "currentPassword": "Secret123"}`,
		`{"email": "\u00e9@\u00e9.fr", "password": "\ud83d\ude00Aa1"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		c := testapp.Client{T: t, Handler: h.Client.Handler}
		for _, route := range []struct{ method, path string }{
			{"POST", "/api/auth/register"}, {"POST", "/api/auth/login"}, {"POST", "/api/auth/refresh"},
			{"PUT", "/api/auth/profile"}, {"POST", "/api/auth/logout"},
		} {
			checkAnswer(t, route.path+" "+body, c.Do(route.method, route.path, body, testapp.Auth(s.Token)...))
		}
	})
}

// FuzzDecodeListQuery sends arbitrary query strings to the product list.
func FuzzDecodeListQuery(f *testing.F) {
	h := testapp.NewHarness(f)
	testapp.NewProduct(f, h.App, testapp.Product{Name: "Listed"})
	for _, seed := range []string{
		"", "page=2", "page=-1&pageSize=1000", "sort=price_asc&category=Sound", "search=%25%5F%5C",
		"search=%ff%fe", "page=1e3", "pageSize=00000000000000000000000001", "includeInactive=true",
		"category=&sort=&page=", "search=" + "'; DROP TABLE products; --", "%zz",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, query string) {
		for _, b := range []byte(query) {
			if b <= ' ' || b == 0x7f || b == '#' {
				t.Skip("not a valid request target")
			}
		}
		c := testapp.Client{T: t, Handler: h.Client.Handler}
		r := c.Do("GET", "/api/products?"+query, nil)
		checkAnswer(t, query, r)
		if r.Status != http.StatusOK && r.Status != http.StatusBadRequest {
			t.Fatalf("%q: status %d", query, r.Status)
		}
	})
}
