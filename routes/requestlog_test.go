package routes_test

import (
	"github.com/pocketbase/pocketbase/core"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"stageshop/internal/testapp"
)

// Successful public reads (catalog, images, the app) stay out of
// PocketBase's request log, which costs a SQLite row per request; what
// shoppers and admins do (here: adding to a cart, a refused sign-in) is
// still logged, with the request id its answer carried.
func TestRequestLogKeepsActionsNotCatalogReads(t *testing.T) {
	t.Parallel()
	h := testapp.NewHarness(t)
	// test apps start with the log off; a shop has it on
	updateSettings(t, h.App, func(s *core.Settings) { s.Logs.MaxDays = 5 })
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Logged Spot", Stock: 5, PriceCents: 1000})
	c := h.Client

	quiet := []string{"/api/products", "/api/products/categories", "/api/products/" + p.Id, "/images/placeholder.jpg", "/", "/api/health"}
	for _, u := range quiet {
		if res := c.Do("GET", u, nil); res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", u, res.Status)
		}
	}
	if res := c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, "X-Session-Id", "session_1700000000000_logtest"); res.Status != http.StatusOK {
		t.Fatalf("add to cart: %d %s", res.Status, res.Body)
	}
	login := c.Do("POST", "/api/auth/login", map[string]any{"email": "nobody@example.com", "password": "Wrong123"})
	if login.Status != http.StatusUnauthorized {
		t.Fatalf("login: %d %s", login.Status, login.Body)
	}
	// Errors on the quiet routes are still logged.
	missing := c.Do("GET", "/api/products/nosuchproduct12", nil)
	badPage := c.Do("GET", "/api/products?page=abc", nil)
	if missing.Status != http.StatusNotFound || badPage.Status != http.StatusBadRequest {
		t.Fatalf("missing product %d, bad page %d", missing.Status, badPage.Status)
	}
	loginID := login.Header.Get("X-Request-Id")
	if len(loginID) < 16 {
		t.Fatalf("X-Request-Id %q", loginID)
	}

	// The log is written in batches every few seconds: wait for the actions.
	var urls []string
	deadline := time.Now().Add(10 * time.Second)
	for {
		urls = urls[:0]
		err := h.App.AuxDB().NewQuery("SELECT json_extract(data, '$.url') FROM _logs WHERE json_extract(data, '$.type') = 'request'").Column(&urls)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(urls, "/api/cart/items") && slices.Contains(urls, "/api/auth/login") &&
			slices.Contains(urls, "/api/products/nosuchproduct12") && slices.Contains(urls, "/api/products?page=abc") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cart, login and failed catalog requests never reached the log: %v", urls)
		}
		time.Sleep(200 * time.Millisecond)
	}
	for _, u := range quiet {
		if slices.Contains(urls, u) {
			t.Errorf("GET %s was logged: %v", u, urls)
		}
	}

	// The refused sign-in is in the log with the id its answer carried and
	// its error code.
	var logins []struct {
		ID    string `db:"id"`
		Error string `db:"error"`
	}
	err := h.App.AuxDB().NewQuery(`SELECT COALESCE(json_extract(data, '$.meta.requestId'), '') AS id,
		COALESCE(json_extract(data, '$.error'), '') AS error
		FROM _logs WHERE json_extract(data, '$.url') = '/api/auth/login'`).All(&logins)
	if err != nil {
		t.Fatal(err)
	}
	if len(logins) != 1 || logins[0].ID != loginID || !strings.HasPrefix(logins[0].Error, "invalid_credentials") {
		t.Errorf("log of the login: %+v, want id %s and an invalid_credentials error", logins, loginID)
	}

	// The failed read is logged with its status, its code and its request id.
	var rows []struct {
		Status int    `db:"status"`
		Error  string `db:"error"`
		ID     string `db:"id"`
	}
	err = h.App.AuxDB().NewQuery(`SELECT json_extract(data, '$.status') AS status,
		COALESCE(json_extract(data, '$.error'), '') AS error,
		COALESCE(json_extract(data, '$.meta.requestId'), '') AS id
		FROM _logs WHERE json_extract(data, '$.url') = '/api/products/nosuchproduct12'`).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	want := missing.Header.Get("X-Request-Id")
	if len(rows) != 1 || rows[0].Status != http.StatusNotFound || !strings.HasPrefix(rows[0].Error, "not_found") || rows[0].ID != want {
		t.Errorf("log of the missing product: %+v, want status 404, a not_found error and id %s", rows, want)
	}
}
