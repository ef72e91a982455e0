package routes_test

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

const guestSession = "session_1763800000_9f86d081884c7d65" // as the app makes them (a run like "abcdefgh" is refused for new carts)

// cartJSON is the cart object as the contract writes it.
type cartJSON struct {
	ID         string         `json:"id"`
	Items      []cartItemJSON `json:"items"`
	TotalPrice float64        `json:"totalPrice"`
	TotalItems int            `json:"totalItems"`
}

type cartItemJSON struct {
	ID             string            `json:"id"`
	ProductID      string            `json:"productId"`
	ProductName    map[string]string `json:"productName"`
	ImageFileName  string            `json:"imageFileName"`
	UnitPrice      float64           `json:"unitPrice"`
	Quantity       int               `json:"quantity"`
	TotalPrice     float64           `json:"totalPrice"`
	AvailableStock int               `json:"availableStock"`
}

// errJSON is the error envelope.
type errJSON struct {
	Status  int               `json:"status"`
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors"`
	// Available is in every insufficient_stock answer (expectErr checks).
	Available map[string]int `json:"available"`
}

func sess(id string) []string { return []string{"X-Session-Id", id} }

func decodeCart(t *testing.T, r testapp.Response) cartJSON {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("status %d, want 200: %s", r.Status, r.Body)
	}
	var c cartJSON
	r.JSON(t, &c)
	return c
}

// expectErr checks an envelope answer.
func expectErr(t *testing.T, r testapp.Response, status int, code string) errJSON {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	var e errJSON
	r.JSON(t, &e)
	if e.Status != status || (code != "" && e.Code != code) || e.Message == "" {
		t.Fatalf("envelope %+v, want status %d code %q", e, status, code)
	}
	if e.Code == "insufficient_stock" && len(e.Available) == 0 {
		t.Fatalf("insufficient_stock without available: %+v", e)
	}
	return e
}

func cartLineCount(t *testing.T, app core.App) int { return testapp.Count(t, app, "cart_items") }

func TestCartGuestBySessionAddTwiceRaisesLine(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog machine", NameLocalized: map[string]string{"ru": "Дым-машина"}, PriceCents: 12999, Stock: 5})

	empty := decodeCart(t, c.Do("GET", "/api/cart", nil, sess(guestSession)...))
	if empty.ID != "" || empty.Items == nil || len(empty.Items) != 0 || empty.TotalItems != 0 || empty.TotalPrice != 0 {
		t.Fatalf("empty cart = %+v", empty)
	}
	if !strings.Contains(string(c.Do("GET", "/api/cart", nil, sess(guestSession)...).Body), `"items":[]`) {
		t.Fatal("empty cart must have items []")
	}

	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, sess(guestSession)...))
	if cart.ID == "" || len(cart.Items) != 1 || cart.Items[0].Quantity != 2 {
		t.Fatalf("after first add: %+v", cart)
	}
	cart = decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(guestSession)...))
	if len(cart.Items) != 1 {
		t.Fatalf("adding twice made %d lines", len(cart.Items))
	}
	it := cart.Items[0]
	if it.Quantity != 3 || it.ProductID != p.Id || it.UnitPrice != 129.99 || it.TotalPrice != 389.97 ||
		it.AvailableStock != 5 || it.ProductName["en"] != "Fog machine" || it.ProductName["ru"] != "Дым-машина" || it.ImageFileName == "" {
		t.Fatalf("line = %+v", it)
	}
	if cart.TotalItems != 3 || cart.TotalPrice != 389.97 {
		t.Fatalf("totals = %d %v", cart.TotalItems, cart.TotalPrice)
	}
	// Money is written with two decimals.
	raw := string(c.Do("GET", "/api/cart", nil, sess(guestSession)...).Body)
	if !strings.Contains(raw, `"unitPrice":129.99`) || !strings.Contains(raw, `"totalPrice":389.97`) {
		t.Fatalf("money encoding: %s", raw)
	}

	sum := c.Do("GET", "/api/cart/summary", nil, sess(guestSession)...)
	if sum.Status != 200 || !strings.Contains(string(sum.Body), `"totalItems":3`) || !strings.Contains(string(sum.Body), `"totalPrice":389.97`) {
		t.Fatalf("summary: %d %s", sum.Status, sum.Body)
	}

	// Another session sees its own (empty) cart.
	other := decodeCart(t, c.Do("GET", "/api/cart", nil, sess("session_other_12345678")...))
	if len(other.Items) != 0 {
		t.Fatalf("other session sees %+v", other)
	}
}

func TestCartPricesAreCurrent(t *testing.T) {
	h := testapp.NewHarness(t)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1000, Stock: 5})
	decodeCart(t, h.Client.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, sess(guestSession)...))
	p.Set("priceCents", 1550)
	p.Set("stockQuantity", 4)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	cart := decodeCart(t, h.Client.Do("GET", "/api/cart", nil, sess(guestSession)...))
	if cart.Items[0].UnitPrice != 15.5 || cart.Items[0].AvailableStock != 4 || cart.TotalPrice != 31 {
		t.Fatalf("cart = %+v", cart)
	}
}

// noCartWrites are the record writes a refused cart request must not make.
var noCartWrites = map[string]int{"carts:create": 0, "cart_items:create": 0, "cart_items:update": 0, "cart_items:delete": 0}

func TestCartSessionRequiredAndBadSession(t *testing.T) {
	h := testapp.NewHarness(t)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	var scenarios []testapp.Scenario
	for _, route := range []struct{ method, url string }{
		{"GET", "/api/cart"}, {"GET", "/api/cart/summary"}, {"POST", "/api/cart/items"},
		{"PUT", "/api/cart/items/abc"}, {"DELETE", "/api/cart/items/abc"}, {"DELETE", "/api/cart"},
	} {
		body := map[string]any{"productId": p.Id, "quantity": 1}
		scenarios = append(scenarios, testapp.Scenario{Name: route.method + " " + route.url + " without a session",
			Method: route.method, URL: route.url, Body: body, ExpectedStatus: 400, ExpectedCode: "session_required", ExpectedRecords: noCartWrites})
		for _, bad := range []string{"short", "has space 12345", "semi;colon-1234", strings.Repeat("a", 129), "ünicode-12345"} {
			scenarios = append(scenarios, testapp.Scenario{Name: route.method + " " + route.url + " with session " + bad[:5],
				Method: route.method, URL: route.url, Body: body, Headers: sess(bad),
				ExpectedStatus: 400, ExpectedCode: "invalid_session_id", ExpectedRecords: noCartWrites})
		}
	}
	// The longest and shortest valid ids work.
	for _, ok := range []string{strings.Repeat("a", 128), "abc-_123"} {
		scenarios = append(scenarios, testapp.Scenario{Name: "a valid id of " + strconv.Itoa(len(ok)), Method: "GET", URL: "/api/cart",
			Headers: sess(ok), ExpectedStatus: 200, ExpectedContent: []string{`"items":[]`}})
	}
	testapp.RunScenarios(t, h, scenarios)
	if n := testapp.Count(t, h.App, "carts"); n != 0 {
		t.Fatalf("bad requests made %d carts", n)
	}
}

func TestCartBadInputChangesNothing(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	inactive := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5, Inactive: true})
	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(guestSession)...))
	itemURL := "/api/cart/items/" + cart.Items[0].ID
	bad := func(name, method, url string, body any, status int, code string, fields ...string) testapp.Scenario {
		s := testapp.Scenario{Name: name, Method: method, URL: url, Body: body, Headers: sess(guestSession),
			ExpectedStatus: status, ExpectedCode: code, ExpectedRecords: noCartWrites}
		if code == "" {
			s.ExpectedCode = "*"
		}
		if len(fields) > 0 {
			s.ExpectedErrors = fields
		}
		return s
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		bad("malformed", "POST", "/api/cart/items", `{"productId":`, 400, "invalid_json"),
		bad("empty body", "POST", "/api/cart/items", "", 400, "invalid_json"),
		bad("array body", "POST", "/api/cart/items", `[1]`, 400, ""),
		bad("trailing data", "POST", "/api/cart/items", `{"productId":"x","quantity":1} {}`, 400, "invalid_json"),
		bad("productId number", "POST", "/api/cart/items", `{"productId":5,"quantity":1}`, 400, "validation_failed", "productId"),
		bad("productId missing", "POST", "/api/cart/items", `{"quantity":1}`, 400, "validation_failed", "productId"),
		bad("quantity missing", "POST", "/api/cart/items", `{"productId":"`+p.Id+`"}`, 400, "validation_failed", "quantity"),
		bad("quantity zero", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":0}`, 400, "validation_failed", "quantity"),
		bad("quantity negative", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":-2}`, 400, "validation_failed", "quantity"),
		bad("quantity fraction", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":1.5}`, 400, "validation_failed", "quantity"),
		bad("quantity string", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":"2"}`, 400, "validation_failed", "quantity"),
		bad("quantity huge", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":1e300}`, 400, "validation_failed", "quantity"),
		bad("quantity overflow", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":99999999999999999999999}`, 400, "validation_failed", "quantity"),
		bad("quantity bool", "POST", "/api/cart/items", `{"productId":"`+p.Id+`","quantity":true}`, 400, "validation_failed", "quantity"),
		bad("oversized", "POST", "/api/cart/items", `{"productId":"`+strings.Repeat("x", 1<<20+10)+`","quantity":1}`, 413, "body_too_large"),
		bad("unknown product", "POST", "/api/cart/items", map[string]any{"productId": "nosuchproduct12", "quantity": 1}, 404, "not_found"),
		bad("inactive product", "POST", "/api/cart/items", map[string]any{"productId": inactive.Id, "quantity": 1}, 404, "not_found"),
		bad("put quantity zero", "PUT", itemURL, `{"quantity":0}`, 400, "validation_failed", "quantity"),
		bad("put malformed", "PUT", itemURL, `{"quantity":`, 400, "invalid_json"),
		bad("put unknown item", "PUT", "/api/cart/items/nosuchitem1234", `{"quantity":1}`, 404, "not_found"),
		bad("delete unknown item", "DELETE", "/api/cart/items/nosuchitem1234", nil, 404, "not_found"),
		{Name: "the cart is as it was", Method: "GET", URL: "/api/cart", Headers: sess(guestSession), ExpectedStatus: 200,
			After: func(t testing.TB, r testapp.Response) {
				var after cartJSON
				r.JSON(t, &after)
				if len(after.Items) != 1 || after.Items[0].Quantity != 1 {
					t.Fatalf("bad input changed the cart: %+v", after)
				}
			}},
	})
}

func TestCartOverStock(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 3})
	sold := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 0})
	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, sess(guestSession)...))
	line := "/api/cart/items/" + cart.Items[0].ID
	short := func(name, method, url string, body any, left int) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: method, URL: url, Body: body, Headers: sess(guestSession),
			ExpectedStatus: 409, ExpectedCode: "insufficient_stock", ExpectedRecords: noCartWrites,
			ExpectedContent: []string{`"message":"Only ` + strconv.Itoa(left) + ` left in stock"`, `"available":{`}}
	}
	lineIs := func(name string, n int) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "GET", URL: "/api/cart", Headers: sess(guestSession), ExpectedStatus: 200,
			ExpectedContent: []string{`"quantity":` + strconv.Itoa(n) + `,`}}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		short("adding past the stock", "POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, 3),
		short("raising past the stock", "PUT", line, map[string]any{"quantity": 4}, 3),
		lineIs("the line is as it was", 2),
		// Exactly the stock is fine.
		{Name: "raising to the stock", Method: "PUT", URL: line, Body: map[string]any{"quantity": 3}, Headers: sess(guestSession),
			ExpectedStatus: 200, ExpectedContent: []string{`"quantity":3,`}, ExpectedRecords: map[string]int{"cart_items:update": 1}},
		// Sold out: even one is too many.
		short("sold out", "POST", "/api/cart/items", map[string]any{"productId": sold.Id, "quantity": 1}, 0),
		// Any whole number above the stock is a stock conflict, however large.
		short("adding 2,000,000", "POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2_000_000}, 3),
		short("raising to 2,000,000", "PUT", line, map[string]any{"productId": p.Id, "quantity": 2_000_000}, 3),
	})
}

func TestCartLineOfDeactivatedProduct(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 5})
	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, sess(guestSession)...))
	p.Set("isActive", false)
	if err := h.App.Save(p); err != nil {
		t.Fatal(err)
	}
	// The contract: inactive products are 404 for cart writes.
	expectErr(t, c.Do("PUT", "/api/cart/items/"+cart.Items[0].ID, map[string]any{"quantity": 1}, sess(guestSession)...), 404, "not_found")
	after := decodeCart(t, c.Do("GET", "/api/cart", nil, sess(guestSession)...))
	if len(after.Items) != 1 || after.Items[0].Quantity != 2 || after.Items[0].AvailableStock != 0 {
		t.Fatalf("line of a deactivated product: %+v", after)
	}
	// It can still be removed.
	after = decodeCart(t, c.Do("DELETE", "/api/cart/items/"+cart.Items[0].ID, nil, sess(guestSession)...))
	if len(after.Items) != 0 {
		t.Fatalf("remove: %+v", after)
	}
}

func TestCartUpdateRemoveClear(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	auth := testapp.Auth(u.Token)
	p1 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 250, Stock: 10})
	p2 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 10})
	decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p1.Id, "quantity": 1}, auth...))
	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p2.Id, "quantity": 1}, auth...))
	if len(cart.Items) != 2 || cart.Items[0].ProductID != p1.Id {
		t.Fatalf("lines in adding order: %+v", cart)
	}
	cart = decodeCart(t, c.Do("PUT", "/api/cart/items/"+cart.Items[0].ID, map[string]any{"quantity": 4}, auth...))
	if cart.Items[0].Quantity != 4 || cart.TotalItems != 5 || cart.TotalPrice != 11 {
		t.Fatalf("after update: %+v", cart)
	}
	cart = decodeCart(t, c.Do("DELETE", "/api/cart/items/"+cart.Items[1].ID, nil, auth...))
	if len(cart.Items) != 1 || cart.TotalItems != 4 || cart.TotalPrice != 10 {
		t.Fatalf("after remove: %+v", cart)
	}
	r := c.Do("DELETE", "/api/cart", nil, auth...)
	if r.Status != 200 || r.Map(t)["message"] == "" {
		t.Fatalf("clear: %d %s", r.Status, r.Body)
	}
	cart = decodeCart(t, c.Do("GET", "/api/cart", nil, auth...))
	if len(cart.Items) != 0 || cart.TotalItems != 0 || cartLineCount(t, h.App) != 0 {
		t.Fatalf("after clear: %+v", cart)
	}
	// Clearing an absent cart is fine too.
	if r := c.Do("DELETE", "/api/cart", nil, auth...); r.Status != 200 {
		t.Fatalf("clear again: %d", r.Status)
	}
}

func TestCartOtherOwnersItemIsNotFound(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	alice := testapp.NewUser(t, h.App, false)
	bob := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 10})
	cart := decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, testapp.Auth(alice.Token)...))
	item := "/api/cart/items/" + cart.Items[0].ID
	// Bob has a cart too, so the check is not just "no cart".
	decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, testapp.Auth(bob.Token)...))
	expectErr(t, c.Do("PUT", item, map[string]any{"quantity": 1}, testapp.Auth(bob.Token)...), 404, "not_found")
	expectErr(t, c.Do("DELETE", item, nil, testapp.Auth(bob.Token)...), 404, "not_found")
	expectErr(t, c.Do("PUT", item, map[string]any{"quantity": 1}, sess(guestSession)...), 404, "not_found")
	expectErr(t, c.Do("DELETE", item, nil, sess(guestSession)...), 404, "not_found")
	after := decodeCart(t, c.Do("GET", "/api/cart", nil, testapp.Auth(alice.Token)...))
	if len(after.Items) != 1 || after.Items[0].Quantity != 2 {
		t.Fatalf("alice's cart changed: %+v", after)
	}
}

func TestCartTokenWinsOverSessionAndBadTokenIs401(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 10})
	decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 2}, sess(guestSession)...))
	// With a valid token the (even malformed) session header is ignored.
	headers := append(testapp.Auth(u.Token), "X-Session-Id", "bad")
	cart := decodeCart(t, c.Do("GET", "/api/cart", nil, headers...))
	if len(cart.Items) != 0 {
		t.Fatalf("user sees the guest cart: %+v", cart)
	}
	headers = append(testapp.Auth(u.Token), sess(guestSession)...)
	decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, headers...))
	guest := decodeCart(t, c.Do("GET", "/api/cart", nil, sess(guestSession)...))
	if guest.Items[0].Quantity != 2 {
		t.Fatalf("user's add went to the guest cart: %+v", guest)
	}
	expectErr(t, c.Do("GET", "/api/cart", nil, "Authorization", "Bearer not-a-token"), 401, "")
}

func TestCartMerge(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	auth := testapp.Auth(u.Token)
	p1 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 10})
	p2 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 200, Stock: 4})
	p3 := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 300, Stock: 5})
	for _, add := range []struct {
		id  string
		qty int
	}{{p1.Id, 2}, {p2.Id, 3}, {p3.Id, 1}} {
		decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": add.id, "quantity": add.qty}, sess(guestSession)...))
	}
	decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p2.Id, "quantity": 2}, auth...))
	// p3 is sold out before the merge: its guest line has nothing to give.
	p3.Set("stockQuantity", 0)
	if err := h.App.Save(p3); err != nil {
		t.Fatal(err)
	}

	cart := decodeCart(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, auth...))
	got := map[string]int{}
	for _, it := range cart.Items {
		got[it.ProductID] = it.Quantity
	}
	if len(got) != 2 || got[p1.Id] != 2 || got[p2.Id] != 4 {
		t.Fatalf("merged = %v, want p1 2 and p2 4 (capped)", got)
	}
	if cart.TotalItems != 6 || cart.TotalPrice != 10 {
		t.Fatalf("merged totals %+v", cart)
	}
	if _, err := h.App.FindFirstRecordByData("carts", "sessionId", guestSession); err == nil {
		t.Fatal("guest cart still exists")
	}
	guest := decodeCart(t, c.Do("GET", "/api/cart", nil, sess(guestSession)...))
	if guest.ID != "" || len(guest.Items) != 0 {
		t.Fatalf("guest cart after merge: %+v", guest)
	}

	// Unknown and empty sessions merge nothing and return the user's cart.
	for _, body := range []any{map[string]any{"sessionId": "session_unknown_1234"}, map[string]any{"sessionId": ""}, map[string]any{}} {
		again := decodeCart(t, c.Do("POST", "/api/cart/merge", body, auth...))
		if again.ID != cart.ID || again.TotalItems != 6 {
			t.Fatalf("merge of nothing changed the cart: %+v", again)
		}
	}
}

func TestCartMergeIntoNewUserCartAndErrors(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	other := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 10})
	decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 3}, sess(guestSession)...))

	expectErr(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}), 401, "unauthorized")
	expectErr(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, sess(guestSession)...), 401, "unauthorized")
	expectErr(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": 12}, testapp.Auth(u.Token)...), 400, "validation_failed")
	expectErr(t, c.Do("POST", "/api/cart/merge", `{"sessionId":`, testapp.Auth(u.Token)...), 400, "invalid_json")
	if testapp.Count(t, h.App, "carts") != 1 {
		t.Fatal("failed merges changed carts")
	}
	// A malformed session id names no cart: like an unknown one it merges
	// nothing and answers the user's (still empty) cart.
	empty := decodeCart(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": "bad id"}, testapp.Auth(u.Token)...))
	if empty.ID != "" || len(empty.Items) != 0 || testapp.Count(t, h.App, "carts") != 1 {
		t.Fatalf("merge of a malformed session id: %+v", empty)
	}

	cart := decodeCart(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, testapp.Auth(u.Token)...))
	if cart.ID == "" || len(cart.Items) != 1 || cart.Items[0].Quantity != 3 {
		t.Fatalf("merge into a new cart: %+v", cart)
	}
	// The guest cart is gone: a second user cannot take it again.
	again := decodeCart(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, testapp.Auth(other.Token)...))
	if len(again.Items) != 0 {
		t.Fatalf("second merge got %+v", again)
	}
}

// countQueries counts the SQL statements the app runs while fn runs.
func countQueries(app core.App, fn func()) int64 {
	var n atomic.Int64
	for _, b := range []dbx.Builder{app.ConcurrentDB(), app.NonconcurrentDB()} {
		db := b.(*dbx.DB)
		prevQ, prevE := db.QueryLogFunc, db.ExecLogFunc
		db.QueryLogFunc = func(ctx context.Context, t time.Duration, s string, rows *sql.Rows, err error) { n.Add(1) }
		db.ExecLogFunc = func(ctx context.Context, t time.Duration, s string, res sql.Result, err error) { n.Add(1) }
		defer func() { db.QueryLogFunc, db.ExecLogFunc = prevQ, prevE }()
	}
	fn()
	return n.Load()
}

func TestCartReadIsAFixedNumberOfQueries(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	small, large := "session_small_cart_1", "session_large_cart_1"
	for i := 0; i < 30; i++ {
		p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 100, Stock: 10})
		if i == 0 {
			decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(small)...))
		}
		decodeCart(t, c.Do("POST", "/api/cart/items", map[string]any{"productId": p.Id, "quantity": 1}, sess(large)...))
	}
	var big cartJSON
	nSmall := countQueries(h.App, func() { decodeCart(t, c.Do("GET", "/api/cart", nil, sess(small)...)) })
	nLarge := countQueries(h.App, func() { big = decodeCart(t, c.Do("GET", "/api/cart", nil, sess(large)...)) })
	if len(big.Items) != 30 {
		t.Fatalf("large cart has %d lines", len(big.Items))
	}
	if nSmall != nLarge || nLarge > 3 {
		t.Fatalf("queries: 1 line %d, 30 lines %d; want the same small number", nSmall, nLarge)
	}
}
