package routes_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

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
	urls := waitForLoggedURLs(t, h.App, "/api/cart/items", "/api/auth/login",
		"/api/products/nosuchproduct12", "/api/products?page=abc")
	for _, u := range quiet {
		if slices.Contains(urls, u) {
			t.Errorf("GET %s was logged: %v", u, urls)
		}
	}

	// The refused sign-in is in the log with the id its answer carried and
	// its error code; the failed read with its status, code and id.
	if rows := loggedRequests(t, h.App, "/api/auth/login"); len(rows) != 1 || rows[0].ID != loginID ||
		!strings.HasPrefix(rows[0].Error, "invalid_credentials") {
		t.Errorf("log of the login: %+v, want id %s and an invalid_credentials error", rows, loginID)
	}
	want := missing.Header.Get("X-Request-Id")
	if rows := loggedRequests(t, h.App, "/api/products/nosuchproduct12"); len(rows) != 1 || rows[0].Status != http.StatusNotFound ||
		!strings.HasPrefix(rows[0].Error, "not_found") || rows[0].ID != want {
		t.Errorf("log of the missing product: %+v, want status 404, a not_found error and id %s", rows, want)
	}
}

// loggedRequest is a request as the request log keeps it.
type loggedRequest struct {
	Status int    `db:"status"`
	Error  string `db:"error"`
	ID     string `db:"id"`
}

// loggedRequests reads the request log's rows of url.
func loggedRequests(t *testing.T, app core.App, url string) []loggedRequest {
	t.Helper()
	var rows []loggedRequest
	err := app.AuxDB().NewQuery(`SELECT json_extract(data, '$.status') AS status,
		COALESCE(json_extract(data, '$.error'), '') AS error,
		COALESCE(json_extract(data, '$.meta.requestId'), '') AS id
		FROM _logs WHERE json_extract(data, '$.url') = {:url}`).Bind(dbx.Params{"url": url}).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// waitForLoggedURLs waits (at most 10 s) until every one of want is in the
// request log, and returns the logged URLs.
func waitForLoggedURLs(t *testing.T, app core.App, want ...string) []string {
	t.Helper()
	var urls []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		urls = urls[:0]
		err := app.AuxDB().NewQuery("SELECT json_extract(data, '$.url') FROM _logs WHERE json_extract(data, '$.type') = 'request'").Column(&urls)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(want, func(u string) bool { return !slices.Contains(urls, u) }) {
			return urls
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v never all reached the log: %v", want, urls)
		}
	}
}
