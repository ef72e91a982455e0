package routes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/testapp"
	"stageshop/routes"
)

// loadOpenAPI fetches GET /api/openapi.json from h and loads it with
// kin-openapi, failing the test when it is not a valid OpenAPI 3.1
// document.
func loadOpenAPI(t *testing.T, h testapp.Harness) *openapi3.T {
	t.Helper()
	res := h.Client.Do(http.MethodGet, "/api/openapi.json", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/openapi.json: %d %s", res.Status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	doc, err := openapi3.NewLoader().LoadFromData(res.Body)
	if err != nil {
		t.Fatalf("load the document: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q, want 3.1.0 (docs/api.md)", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the document is not valid OpenAPI: %v", err)
	}
	return doc
}

// documented lists the document's operations as "METHOD /path".
func documented(doc *openapi3.T) []string {
	var out []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			out = append(out, method+" "+path)
		}
	}
	sort.Strings(out)
	return out
}

// TestOpenAPICoversEveryRoute: every shop /api route the router has is in
// the served document with a summary and apiOps line, every operation of
// the document is a registered route, admin routes name their permission
// (as routePermissions has it) and the document is valid OpenAPI 3.1.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	doc := loadOpenAPI(t, h)
	for _, gap := range routes.OpenAPIGaps(appRouter(t, testapp.New(t))) {
		t.Error(gap)
	}
	var registered []string
	for _, ri := range routes.ShopAPIRoutes(appRouter(t, testapp.New(t))) {
		registered = append(registered, ri.Pattern)
	}
	sort.Strings(registered)
	inDoc := documented(doc)
	if len(registered) < 100 {
		t.Fatalf("the route walk found %d shop routes: it no longer sees them", len(registered))
	}
	for _, p := range registered {
		if !slices.Contains(inDoc, p) {
			t.Errorf("route %s is not in the document", p)
		}
	}
	for _, p := range inDoc {
		if !slices.Contains(registered, p) {
			t.Errorf("the document has %s, which is no registered route", p)
		}
	}
	perms := routes.RoutePermissions()
	for pattern, perm := range routes.OwnGuardRoutes() {
		perms[pattern] = perm
	}
	for _, p := range inDoc {
		method, path, _ := strings.Cut(p, " ")
		op := doc.Paths.Find(path).GetOperation(method)
		if op.Summary == "" || op.Summary == p {
			t.Errorf("%s has no summary", p)
		}
		got, _ := op.Extensions["x-stageshop-permission"].(string)
		if want := string(perms[p]); got != want {
			t.Errorf("%s: x-stageshop-permission %q, want %q", p, got, want)
		}
		if op.Responses.Value("500") == nil {
			t.Errorf("%s documents no 500 envelope", p)
		}
	}
	if doc.Components.SecuritySchemes["session"] == nil || doc.Components.SecuritySchemes["apiKey"] == nil {
		t.Error("the session bearer token and API keys are not security schemes")
	}
	orders := doc.Paths.Find("/api/checkout/admin/orders").Get
	if roles, _ := orders.Extensions["x-stageshop-roles"].([]any); len(roles) != 3 {
		t.Errorf("GET /api/checkout/admin/orders: x-stageshop-roles %v, want Admin, Manager, Fulfilment", roles)
	}
	// API keys: the scopes that reach a route, none for settings.
	if sec := orders.Security; sec == nil || len(*sec) != 2 || !slices.Equal((*sec)[1]["apiKey"], []string{"orders:read"}) {
		t.Errorf("GET /api/checkout/admin/orders: security %v, want the session or an API key with orders:read", sec)
	}
	shipping := doc.Paths.Find("/api/admin/shipping").Put
	if sec := shipping.Security; sec == nil || len(*sec) != 1 || (*sec)[0]["session"] == nil {
		t.Errorf("PUT /api/admin/shipping: security %v, want the session only (no key has settings)", sec)
	}
}

// TestOpenAPIGapsNameANewRoute proves the coverage check bites: a shop
// route bound without an apiOps line is named, and is still in the
// document (with its path and guards).
func TestOpenAPIGapsNameANewRoute(t *testing.T) {
	app := testapp.New(t)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api/zz")
		g.Bind(&hook.Handler[*core.RequestEvent]{Id: "shopErrors", Func: func(e *core.RequestEvent) error { return e.Next() }})
		g.GET("/undocumented/{id}", func(e *core.RequestEvent) error { return e.NoContent(http.StatusNoContent) })
		return se.Next()
	})
	r := appRouter(t, app)
	gaps := strings.Join(routes.OpenAPIGaps(r), "\n")
	if !strings.Contains(gaps, `"GET /api/zz/undocumented/{id}" has no line in apiOps`) {
		t.Errorf("gaps do not name the new route:\n%s", gaps)
	}
	body, err := routes.OpenAPIDocument(r)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(documented(doc), "GET /api/zz/undocumented/{id}") {
		t.Error("the new route is not in the document")
	}
}

var docPathParam = regexp.MustCompile(`\{[^}]+\}`)

// operationFor finds the document's operation for method and url (a real
// path): the one whose template matches, the most literal first.
func operationFor(t *testing.T, doc *openapi3.T, method, url string) *routers.Route {
	t.Helper()
	path, _, _ := strings.Cut(url, "?")
	var best *routers.Route
	bestParams := 99
	for tmpl, item := range doc.Paths.Map() {
		op := item.GetOperation(method)
		if op == nil {
			continue
		}
		segs := strings.Split(tmpl, "/")
		for i, seg := range segs {
			if docPathParam.MatchString(seg) {
				segs[i] = "[^/]+"
			} else {
				segs[i] = regexp.QuoteMeta(seg)
			}
		}
		if !regexp.MustCompile("^" + strings.Join(segs, "/") + "$").MatchString(path) {
			continue
		}
		if n := strings.Count(tmpl, "{"); n < bestParams {
			best, bestParams = &routers.Route{Spec: doc, Path: tmpl, PathItem: item, Method: method, Operation: op}, n
		}
	}
	if best == nil {
		t.Fatalf("no operation in the document for %s %s", method, url)
	}
	return best
}

// pathParamsOf are the values of route's parameters in url.
func pathParamsOf(route *routers.Route, url string) map[string]string {
	path, _, _ := strings.Cut(url, "?")
	out := map[string]string{}
	tmpl, real := strings.Split(route.Path, "/"), strings.Split(path, "/")
	for i, seg := range tmpl {
		if strings.HasPrefix(seg, "{") && i < len(real) {
			out[strings.Trim(seg, "{}")] = real[i]
		}
	}
	return out
}

// checkDocumented validates a request sent to h and its answer against the
// document: the status must be documented and the body fit its schema.
func checkDocumented(t *testing.T, doc *openapi3.T, h testapp.Harness, wantStatus int, method, url string, body any, headers ...string) testapp.Response {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	res := h.Client.Do(method, url, raw, headers...)
	if res.Status != wantStatus {
		t.Fatalf("%s %s: %d %s, want %d", method, url, res.Status, res.Body, wantStatus)
	}
	if err := validateAnswer(t, doc, method, url, raw, res.Status, res.Header, res.Body); err != nil {
		t.Errorf("%s %s (%d): %v\nbody: %.600s", method, url, res.Status, err, res.Body)
	}
	return res
}

// validateAnswer validates one request and answer with openapi3filter.
func validateAnswer(t *testing.T, doc *openapi3.T, method, url string, reqBody []byte, status int, header http.Header, body []byte) error {
	t.Helper()
	route := operationFor(t, doc, method, url)
	req := httptest.NewRequest(method, url, bytes.NewReader(reqBody))
	if reqBody != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
		// A request meant to be refused may break the body's schema (a
		// required field left out): its answer is still checked.
		ExcludeRequestBody: status >= 400}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: pathParamsOf(route, url), Route: route, Options: opts}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		return err
	}
	return openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: status, Header: header, Body: io.NopCloser(bytes.NewReader(body)), Options: opts,
	})
}

// TestOpenAPIAnswersMatchSchemas sends real requests to a test app and
// validates each answer, errors too, against its documented schema.
func TestOpenAPIAnswersMatchSchemas(t *testing.T) {
	h := testapp.NewHarness(t)
	doc := loadOpenAPI(t, h)
	product := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 129990, Stock: 5})
	customer := testapp.NewUser(t, h.App, false)
	admin := testapp.NewUser(t, h.App, true)
	asCustomer, asAdmin := testapp.Auth(customer.Token), testapp.Auth(admin.Token)

	checkDocumented(t, doc, h, 200, "GET", "/api/products?page=1&pageSize=5", nil)
	checkDocumented(t, doc, h, 200, "GET", "/api/products/"+product.Id, nil)
	checkDocumented(t, doc, h, 404, "GET", "/api/products/nosuchid000001", nil)
	checkDocumented(t, doc, h, 200, "GET", "/api/categories", nil)
	checkDocumented(t, doc, h, 200, "GET", "/api/shop", nil)
	checkDocumented(t, doc, h, 200, "GET", "/api/payments/methods", nil)
	checkDocumented(t, doc, h, 200, "GET", "/api/shipping/methods?country=US", nil)
	checkDocumented(t, doc, h, 201, "POST", "/api/auth/register", map[string]any{
		"email": "openapi@example.com", "password": "Secret123", "confirmPassword": "Secret123", "firstName": "Open", "lastName": "Api"})
	checkDocumented(t, doc, h, 400, "POST", "/api/auth/register", map[string]any{"email": "not an address"})
	checkDocumented(t, doc, h, 200, "POST", "/api/auth/login", map[string]any{"email": customer.Record.Email(), "password": "Secret123"})
	checkDocumented(t, doc, h, 401, "GET", "/api/auth/profile", nil)
	checkDocumented(t, doc, h, 200, "GET", "/api/auth/profile", nil, asCustomer...)
	checkDocumented(t, doc, h, 200, "POST", "/api/cart/items", map[string]any{"productId": product.Id, "quantity": 2}, asCustomer...)
	checkDocumented(t, doc, h, 200, "GET", "/api/cart", nil, asCustomer...)
	checkDocumented(t, doc, h, 200, "GET", "/api/cart/summary", nil, asCustomer...)
	checkDocumented(t, doc, h, 403, "GET", "/api/checkout/admin/orders", nil, asCustomer...)
	checkDocumented(t, doc, h, 200, "GET", "/api/checkout/admin/orders", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/users", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/overview", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/shipping", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/settings/payments", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/tax-rates", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/categories", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/role-changes", nil, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/openapi.json", nil)

	// An order through its life: placed, listed, read by its customer and
	// by staff, noted and shipped.
	placed := checkDocumented(t, doc, h, 201, "POST", "/api/checkout/create-order", orderBody(), asCustomer...)
	var order struct {
		ID string `json:"id"`
	}
	placed.JSON(t, &order)
	checkDocumented(t, doc, h, 200, "GET", "/api/checkout/orders", nil, asCustomer...)
	checkDocumented(t, doc, h, 200, "GET", "/api/checkout/orders/"+order.ID, nil, asCustomer...)
	checkDocumented(t, doc, h, 200, "GET", "/api/checkout/orders/"+order.ID+"/returns", nil, asCustomer...)
	checkDocumented(t, doc, h, 200, "GET", "/api/checkout/admin/orders/"+order.ID, nil, asAdmin...)
	checkDocumented(t, doc, h, 201, "POST", "/api/checkout/admin/orders/"+order.ID+"/notes", map[string]any{"text": "Fragile"}, asAdmin...)
	checkDocumented(t, doc, h, 200, "PUT", "/api/checkout/admin/orders/"+order.ID+"/status", map[string]any{"status": "Shipped", "trackingNumber": "1Z999"}, asAdmin...)
	checkDocumented(t, doc, h, 200, "GET", "/api/admin/users/"+customer.ID()+"/orders", nil, asAdmin...)
	checkDocumented(t, doc, h, 404, "GET", "/api/checkout/orders/nosuchid000001", nil, asCustomer...)

	// The check bites: an answer that breaks its schema fails.
	res := h.Client.Do("GET", "/api/products/"+product.Id, nil)
	var p map[string]any
	res.JSON(t, &p)
	p["price"] = "1299.90"
	delete(p, "name")
	bad, _ := json.Marshal(p)
	if err := validateAnswer(t, doc, "GET", "/api/products/"+product.Id, nil, 200, res.Header, bad); err == nil {
		t.Error("a product with a string price and no name passed its schema")
	}
	if err := validateAnswer(t, doc, "GET", "/api/products/"+product.Id, nil, 418, res.Header, res.Body); err == nil {
		t.Error("an undocumented status passed")
	}
}

// Request bodies mark the fields their validation requires (an empty body
// refused naming them): registering needs the e-mail, names and password,
// a cart line its product and quantity, an order its shipping address; a refund
// (by lines or by amount) and a page edit (slug from the path) need none
// of those alternatives. A request missing a required field fails the
// document's request check.
func TestOpenAPIRequestBodiesListRequiredFields(t *testing.T) {
	h := testapp.NewHarness(t)
	doc := loadOpenAPI(t, h)
	requiredOf := func(method, path string) []string {
		t.Helper()
		op := doc.Paths.Find(path).GetOperation(method)
		if op == nil || op.RequestBody == nil {
			t.Fatalf("%s %s has no request body", method, path)
		}
		s := op.RequestBody.Value.Content.Get("application/json").Schema.Value
		got := append([]string(nil), s.Required...)
		sort.Strings(got)
		return got
	}
	for _, c := range []struct {
		method, path string
		want         []string
	}{
		{"POST", "/api/auth/register", []string{"email", "firstName", "lastName", "password"}},
		{"POST", "/api/cart/items", []string{"productId", "quantity"}},
		{"POST", "/api/checkout/create-order", []string{"shippingInfo"}},
		{"PUT", "/api/checkout/admin/orders/{id}/status", []string{"status"}},
		{"POST", "/api/checkout/admin/orders/{id}/refunds", nil},
		{"PUT", "/api/admin/pages/{slug}", []string{"title"}},
	} {
		if got := requiredOf(c.method, c.path); !slices.Equal(got, c.want) {
			t.Errorf("%s %s requires %v, want %v", c.method, c.path, got, c.want)
		}
	}
	if err := validateAnswer(t, doc, "POST", "/api/cart/items", []byte(`{"quantity":1}`), 200, http.Header{}, []byte(`{}`)); err == nil ||
		!strings.Contains(err.Error(), "productId") {
		t.Errorf("a cart line without productId passed the request check: %v", err)
	}
}
