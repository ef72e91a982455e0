package routes

import (
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/internal/openapi"
	"stageshop/shop/account"
	"stageshop/shop/apikey"
	"stageshop/shop/wire"
)

// registerOpenAPI binds GET /api/openapi.json: the OpenAPI 3.1 document of
// the shop's /api routes, made from the router itself (the route walk:
// paths, methods, guards), the permission table and apiOps (summaries and
// the Go types of bodies and answers), so it cannot drift from the code.
// It is built once, on its first request, when every route is bound.
func registerOpenAPI(se *core.ServeEvent) {
	r := se.Router
	var (
		once sync.Once
		doc  []byte
		err  error
	)
	shopGroup(se, "/api").GET("/openapi.json", func(e *core.RequestEvent) error {
		once.Do(func() { doc, err = OpenAPIDocument(r) })
		if err != nil {
			return err
		}
		e.Response.Header().Set("Cache-Control", "public, max-age=300")
		return e.Blob(http.StatusOK, "application/json", doc)
	}).Bind(quietRead())
}

// ShopAPIRoutes are the routes of r that the document covers: the shop's
// own /api routes (those whose errors leave through shopErrors), not
// PocketBase's and not the catch-all that answers unknown /api paths 404.
func ShopAPIRoutes(r *router.Router[*core.RequestEvent]) []RouteInfo {
	var out []RouteInfo
	for _, ri := range WalkRoutes(r) {
		_, path, _ := strings.Cut(ri.Pattern, " ")
		if strings.HasPrefix(path, "/api/") && !strings.Contains(path, "...}") &&
			slices.Contains(ri.Middlewares, errorsMiddlewareID) {
			out = append(out, ri)
		}
	}
	return out
}

// OpenAPIGaps lists what the document lacks: each shop route without a
// line in apiOps (and so without a summary and types), and each line that
// names no route.
func OpenAPIGaps(r *router.Router[*core.RequestEvent]) []string {
	var gaps []string
	seen := map[string]bool{}
	for _, ri := range ShopAPIRoutes(r) {
		seen[ri.Pattern] = true
		if op, ok := apiOps[ri.Pattern]; !ok || op.summary == "" {
			gaps = append(gaps, fmt.Sprintf("route %q has no line in apiOps (routes/openapi_ops.go): add its summary, body and answer types", ri.Pattern))
		}
	}
	for pattern := range apiOps {
		if !seen[pattern] {
			gaps = append(gaps, fmt.Sprintf("apiOps line %q names no registered shop route: remove it or fix its METHOD /path", pattern))
		}
	}
	sort.Strings(gaps)
	return gaps
}

// staffRoles are the roles of the document's permission notes, in order.
var staffRoles = []string{account.RoleAdmin, account.RoleManager, account.RoleFulfilment, account.RoleCatalog}

var pathParams = regexp.MustCompile(`\{[^}]+\}`)

// OpenAPIDocument builds the document of r's shop routes (see
// registerOpenAPI). A route without a line in apiOps is still in it, with
// its path, guards and errors only (OpenAPIGaps names it).
func OpenAPIDocument(r *router.Router[*core.RequestEvent]) ([]byte, error) {
	var ops []openapi.Operation
	for _, ri := range ShopAPIRoutes(r) {
		method, path, _ := strings.Cut(ri.Pattern, " ")
		ops = append(ops, operationOf(method, path, ri.Middlewares))
	}
	return openapi.Build(openapi.Document{
		Title:       "StageShop API",
		Version:     "1.0.0",
		Description: docDescription,
		Operations:  ops,
		Problem:     wire.Problem{},
		Specials: []openapi.Special{
			{Type: reflect.TypeFor[wire.Amount](), Name: "Amount", Schema: map[string]any{"type": "number",
				"description": "Dollars with at most two decimals (1299.9); the server computes every total from stored cents"}},
			{Type: reflect.TypeFor[wire.Rate](), Name: "Rate", Schema: map[string]any{"type": "number", "description": "A percentage (6.25)"}},
			{Type: reflect.TypeFor[wire.Grams](), Name: "Weight", Schema: map[string]any{"type": "number", "description": "Kilograms (12.5)"}},
			{Type: reflect.TypeFor[wire.Localized](), Name: "Localized", Schema: map[string]any{"type": []string{"object", "null"},
				"additionalProperties": map[string]any{"type": "string"},
				"description":          "A text by language code (en, ru, zh)"}},
		},
		SecuritySchemes: securitySchemes,
		Required:        requiredOf,
	})
}

// operationOf is the operation of method on path with the middlewares ids
// of its chain: what apiOps says of it, with the security, permission and
// error statuses its guards give.
func operationOf(method, path string, mws []string) openapi.Operation {
	pattern := method + " " + path
	a := apiOps[pattern]
	op := openapi.Operation{
		Method: method, Path: path, Summary: a.summary, Tag: tagOf(path),
		Body: a.body, BodyOptional: a.optBody, RawBody: a.rawBody,
		Status: a.status, Answer: a.answer, RawAnswer: a.raw, Query: a.query,
	}
	if op.Summary == "" {
		op.Summary = pattern
	}
	errs := append([]int{}, a.errs...)
	add := func(codes ...int) {
		for _, c := range codes {
			if !slices.Contains(errs, c) {
				errs = append(errs, c)
			}
		}
	}
	if a.body != nil || a.rawBody != nil {
		add(http.StatusBadRequest, http.StatusRequestEntityTooLarge)
	}
	if len(a.query) > 0 {
		add(http.StatusBadRequest)
	}
	if pathParams.MatchString(path) {
		add(http.StatusNotFound)
	}
	add(guardOf(&op, pattern, mws)...)
	add(http.StatusInternalServerError)
	op.Errors = errs
	return op
}

// guardOf sets op's security (and, for a staff route, its permission
// notes) from the guards of pattern's chain, and returns the statuses they
// may answer.
func guardOf(op *openapi.Operation, pattern string, mws []string) []int {
	perm, staff := routePermissions[pattern]
	if p, own := ownGuardRoutes[pattern]; own {
		perm, staff = p, true
	}
	switch {
	case staff:
		describeStaff(op, perm)
		return []int{http.StatusUnauthorized, http.StatusForbidden}
	case slices.Contains(mws, "shopSignedIn"):
		op.Security = []map[string][]string{{"session": {}}}
		return []int{http.StatusUnauthorized}
	case op.Path == "/api/metrics":
		op.Security = []map[string][]string{{"metricsToken": {}}}
		return []int{http.StatusUnauthorized}
	case strings.HasPrefix(op.Path, "/api/cart") || op.Path == "/api/shipping/methods":
		op.Security = []map[string][]string{{"session": {}}, {"guestCart": {}}, {}}
		return []int{http.StatusBadRequest}
	}
	op.Security = []map[string][]string{{}, {"session": {}}}
	return nil
}

// describeStaff notes on op the permission perm, the roles that have it
// and the API key scopes that grant it, and its security: a session, or a
// key of one of those scopes.
func describeStaff(op *openapi.Operation, perm Permission) {
	var roles []string
	for _, role := range staffRoles {
		if slices.Contains(RolePermissions(role), perm) {
			roles = append(roles, role)
		}
	}
	scopes := []string{}
	for _, scope := range apikey.Scopes {
		if slices.Contains(scopePermissions[scope], perm) {
			scopes = append(scopes, scope)
		}
	}
	op.Extensions = map[string]any{"x-stageshop-permission": string(perm), "x-stageshop-roles": roles, "x-stageshop-scopes": scopes}
	op.Security = []map[string][]string{{"session": {}}}
	keys := "no API key reaches it"
	if len(scopes) > 0 {
		op.Security = append(op.Security, map[string][]string{"apiKey": scopes})
		keys = "or an API key with the scope " + strings.Join(scopes, " or ")
	}
	op.Description = fmt.Sprintf("Staff only: needs the permission `%s` (roles: %s); %s. Else 403.",
		perm, strings.Join(roles, ", "), keys)
}

// tagOf groups an operation: admin for staff paths, else the first word
// after /api.
func tagOf(path string) string {
	if strings.Contains(path, "/admin/") || strings.HasSuffix(path, "/admin") {
		return "admin"
	}
	word, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/"), "/")
	return strings.TrimSuffix(word, ".json")
}

var securitySchemes = map[string]any{
	"session": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
		"description": "The access token of POST /api/auth/login or /api/auth/refresh (short-lived; refresh for a new pair)."},
	"apiKey": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "ssk_...",
		"description": "An API key made by an Admin (POST /api/admin/api-keys), sent as Authorization: Bearer ssk_.... " +
			"Scopes orders:read, orders:write, products:read, products:write, customers:read; a key reaches only the admin routes its scopes cover (else 403)."},
	"guestCart": map[string]any{"type": "apiKey", "in": "header", "name": "X-Session-Id",
		"description": "A signed-out shopper's cart id: 8-128 characters of [A-Za-z0-9_-], at least 128 random bits (else 400); ignored with a bearer token."},
	"metricsToken": map[string]any{"type": "http", "scheme": "bearer",
		"description": "The value of STAGESHOP_METRICS_TOKEN, or a PocketBase superuser token."},
}

const docDescription = "The HTTP API of a StageShop shop (docs/api.md is the contract). " +
	"JSON in and out, UTF-8; money is dollars with at most two decimals; ids are strings; times RFC 3339 UTC. " +
	"Every non-2xx answer is the error envelope {status, code, message, errors?}: code is a stable machine key, " +
	"errors names the JSON field paths of a validation failure. Bodies over 1 MiB are 413. " +
	"Staff routes name the permission they need in x-stageshop-permission and the roles that have it in x-stageshop-roles."
