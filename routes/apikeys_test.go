package routes_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/testapp"
	"stageshop/routes"
	"stageshop/shop/account"
	"stageshop/shop/apikey"
)

// keyScopes is the contract's scope list and what each covers, written
// out here so that a change of the server's table fails a test.
var keyScopes = map[string][]routes.Permission{
	"orders:read":    {routes.PermOrdersRead},
	"orders:write":   {routes.PermOrdersStatus, routes.PermOrdersWrite},
	"products:read":  {routes.PermCatalogRead},
	"products:write": {routes.PermCatalogWrite},
	"customers:read": {routes.PermCustomersRead},
}

// newKey makes an API key as admin through the route and returns the
// answer (key, id, prefix...).
func newKey(t *testing.T, h testapp.Harness, admin testapp.User, body map[string]any) map[string]any {
	t.Helper()
	r := h.Client.Do("POST", "/api/admin/api-keys", body, testapp.Auth(admin.Token)...)
	if r.Status != http.StatusCreated {
		t.Fatalf("create key %v: %d %s", body, r.Status, r.Body)
	}
	return r.Map(t)
}

// TestAPIKeyScopesRouteByRoute sends every admin route with a key of each
// scope (and one of all scopes): the routes whose permission the scope
// covers are reached (neither 401 nor 403), every other is 403, roles,
// settings, keys, webhooks and the audit log included; customer routes
// are 403 too.
func TestAPIKeyScopesRouteByRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	keys := map[string]string{}
	all := []string{}
	for scope := range keyScopes {
		keys[scope] = newKey(t, h, admin, map[string]any{"name": "only " + scope, "scopes": []string{scope}})["key"].(string)
		all = append(all, scope)
	}
	keys["all"] = newKey(t, h, admin, map[string]any{"name": "everything", "scopes": all})["key"].(string)
	covers := func(scope string, p routes.Permission) bool {
		if scope == "all" {
			for _, ps := range keyScopes {
				if slices.Contains(ps, p) {
					return true
				}
			}
			return false
		}
		return slices.Contains(keyScopes[scope], p)
	}

	table := routes.RoutePermissions()
	for p, perm := range routes.OwnGuardRoutes() { // the packing slip: a key reaches it as any orders route
		table[p] = perm
	}
	patterns := make([]string, 0, len(table))
	for p := range table {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	reached := map[string]int{}
	for _, pattern := range patterns {
		method, path, _ := strings.Cut(pattern, " ")
		url := pathParam.ReplaceAllString(path, "nosuchid000001")
		for scope, key := range keys {
			may := covers(scope, table[pattern])
			got := h.Client.Do(method, url, "{}", testapp.Auth(key)...).Status
			switch {
			case may && (got == http.StatusUnauthorized || got == http.StatusForbidden):
				t.Errorf("%s with a %s key: %d, want it allowed (%s)", pattern, scope, got, table[pattern])
			case !may && got != http.StatusForbidden:
				t.Errorf("%s with a %s key: %d, want 403 (needs %s)", pattern, scope, got, table[pattern])
			case may:
				reached[scope]++
			}
		}
	}
	for scope := range keys {
		if reached[scope] == 0 {
			t.Errorf("a %s key reached no route", scope)
		}
	}
	// Customer routes and the routes an Admin alone may use are never a key's.
	for _, pattern := range []string{"GET /api/auth/profile", "GET /api/checkout/orders", "GET /api/auth/addresses",
		"GET /api/admin/api-keys", "GET /api/admin/webhooks", "PUT /api/admin/users/nosuchid000001/roles", "PUT /api/admin/shop"} {
		method, url, _ := strings.Cut(pattern, " ")
		if r := h.Client.Do(method, url, "{}", testapp.Auth(keys["all"])...); r.Status != http.StatusForbidden {
			t.Errorf("%s with a key of every scope: %d %s, want 403", pattern, r.Status, r.Body)
		}
	}
}

// A key works until it is revoked or expires, then it is 401 on the next
// request; what a key does is told as the key's in the order's notes.
func TestAPIKeyRevokedAndExpired(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	orderID := testapp.NewOrder(t, h.App)
	k := newKey(t, h, admin, map[string]any{"name": "ERP", "scopes": []string{"orders:read", "orders:write"},
		"expiresAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)})
	key, id := k["key"].(string), k["id"].(string)
	if !strings.HasPrefix(key, "ssk_") || k["expiresAt"] == nil || !strings.HasPrefix(key, k["prefix"].(string)) {
		t.Fatalf("create: %v", k)
	}
	list := "/api/checkout/admin/orders"
	if r := h.Client.Do("GET", list, nil, testapp.Auth(key)...); r.Status != http.StatusOK {
		t.Fatalf("fresh key: %d %s", r.Status, r.Body)
	}
	note := h.Client.Do("POST", "/api/checkout/admin/orders/"+orderID+"/notes", map[string]any{"text": "Picked by the warehouse"}, testapp.Auth(key)...)
	if note.Status != http.StatusCreated || !strings.Contains(string(note.Body), "API key ERP") {
		t.Fatalf("note by key: %d %s", note.Status, note.Body)
	}

	// A key that only looks like one, or a wrong secret of a real prefix.
	forged := key[:16] + strings.Repeat("0", len(key)-16)
	for _, bad := range []string{"ssk_nope", forged} {
		if r := h.Client.Do("GET", list, nil, testapp.Auth(bad)...); r.Status != http.StatusUnauthorized {
			t.Errorf("key %q: %d, want 401", bad, r.Status)
		}
	}

	// Expired: the clock has passed its expiry.
	if _, err := h.App.DB().Update(apikey.Collection, dbx.Params{"expiresAt": types.NowDateTime().Add(-time.Second).String()},
		dbx.HashExp{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	if r := h.Client.Do("GET", list, nil, testapp.Auth(key)...); r.Status != http.StatusUnauthorized || r.Map(t)["code"] != "invalid_api_key" {
		t.Fatalf("expired key: %d %s, want 401 invalid_api_key", r.Status, r.Body)
	}

	// Revoked: at once, and it stays listed as revoked.
	k2 := newKey(t, h, admin, map[string]any{"name": "Stock sync", "scopes": []string{"orders:read"}})
	key2 := k2["key"].(string)
	if r := h.Client.Do("GET", list, nil, testapp.Auth(key2)...); r.Status != http.StatusOK {
		t.Fatalf("second key: %d %s", r.Status, r.Body)
	}
	if r := h.Client.Do("DELETE", "/api/admin/api-keys/"+k2["id"].(string), nil, testapp.Auth(admin.Token)...); r.Status != http.StatusNoContent {
		t.Fatalf("revoke: %d %s", r.Status, r.Body)
	}
	if r := h.Client.Do("GET", list, nil, testapp.Auth(key2)...); r.Status != http.StatusUnauthorized {
		t.Fatalf("revoked key: %d %s, want 401", r.Status, r.Body)
	}
	var keys []map[string]any
	h.Client.Do("GET", "/api/admin/api-keys", nil, testapp.Auth(admin.Token)...).JSON(t, &keys)
	if len(keys) != 2 || keys[0]["revokedAt"] == nil || keys[0]["lastUsedAt"] == nil || keys[1]["revokedAt"] != nil {
		t.Fatalf("list after revoke: %v", keys)
	}
	if r := h.Client.Do("DELETE", "/api/admin/api-keys/nosuchid000001", nil, testapp.Auth(admin.Token)...); r.Status != http.StatusNotFound {
		t.Errorf("revoke unknown: %d, want 404", r.Status)
	}
}

// The database holds the key's SHA-256 and public prefix, never the key or
// its secret part; no answer but the creation's shows it. The last use is
// written when the stored one is a minute old, not on every request.
func TestAPIKeySecretNotStored(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	k := newKey(t, h, admin, map[string]any{"name": "Accounts", "scopes": []string{"customers:read"}})
	key, id := k["key"].(string), k["id"].(string)

	rows, err := h.App.DB().NewQuery("SELECT * FROM api_keys").Rows()
	if err != nil {
		t.Fatal(err)
	}
	var dump strings.Builder
	for rows.Next() {
		row := dbx.NullStringMap{}
		if err := rows.ScanMap(row); err != nil {
			t.Fatal(err)
		}
		for col, v := range row {
			fmt.Fprintf(&dump, "%s=%s\n", col, v.String)
		}
	}
	_ = rows.Close()
	sum := sha256.Sum256([]byte(key))
	if s := dump.String(); strings.Contains(s, key[12:]) || strings.Contains(s, key[12:40]) || !strings.Contains(s, "hash="+hex.EncodeToString(sum[:])) {
		t.Fatalf("stored row shows the secret or no hash of it:\n%s", s)
	}
	if r := h.Client.Do("GET", "/api/admin/api-keys", nil, testapp.Auth(admin.Token)...); strings.Contains(string(r.Body), key[12:]) || strings.Contains(string(r.Body), `"key"`) {
		t.Fatalf("list shows the key: %s", r.Body)
	}

	lastUsed := func() string {
		var v string
		if err := h.App.DB().NewQuery("SELECT lastUsedAt FROM api_keys WHERE id = {:id}").Bind(dbx.Params{"id": id}).Row(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	setLastUsed := func(ago time.Duration) string {
		v := types.NowDateTime().Add(-ago).String()
		if _, err := h.App.DB().Update(apikey.Collection, dbx.Params{"lastUsedAt": v}, dbx.HashExp{"id": id}).Execute(); err != nil {
			t.Fatal(err)
		}
		return v
	}
	use := func() {
		if r := h.Client.Do("GET", "/api/admin/users", nil, testapp.Auth(key)...); r.Status != http.StatusOK {
			t.Fatalf("use: %d %s", r.Status, r.Body)
		}
	}
	use()
	if lastUsed() == "" {
		t.Fatal("first use not written")
	}
	recent := setLastUsed(30 * time.Second)
	use()
	if got := lastUsed(); got != recent {
		t.Fatalf("last use written again within the minute: %s, was %s", got, recent)
	}
	old := setLastUsed(2 * time.Minute)
	use()
	if got := lastUsed(); got == old || got == "" {
		t.Fatalf("last use of two minutes ago not renewed: %s", got)
	}
}

// Each key has its own count: over the rule perKey:apiKey it is 429
// rate_limited with Retry-After, while another key still goes through.
func TestAPIKeyRateLimit(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	busy := newKey(t, h, admin, map[string]any{"name": "Busy", "scopes": []string{"products:read"}})["key"].(string)
	calm := newKey(t, h, admin, map[string]any{"name": "Calm", "scopes": []string{"products:read"}})["key"].(string)
	testapp.UpdateSettings(t, h.App, func(s *core.Settings) {
		s.RateLimits.Enabled = true
		for i := range s.RateLimits.Rules {
			if s.RateLimits.Rules[i].Label == apikey.LimitPerKey {
				s.RateLimits.Rules[i].MaxRequests = 3
			}
		}
	})
	url := "/api/admin/categories"
	for i := 0; i < 3; i++ {
		if r := h.Client.Do("GET", url, nil, testapp.Auth(busy)...); r.Status != http.StatusOK {
			t.Fatalf("request %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	r := h.Client.Do("GET", url, nil, testapp.Auth(busy)...)
	if r.Status != http.StatusTooManyRequests || r.Map(t)["code"] != "rate_limited" || r.Header.Get("Retry-After") != "60" {
		t.Fatalf("4th request: %d %s Retry-After %q, want 429 rate_limited 60", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	if r := h.Client.Do("GET", url, nil, testapp.Auth(calm)...); r.Status != http.StatusOK {
		t.Fatalf("another key: %d %s", r.Status, r.Body)
	}
}

// Bad input is 400 in the envelope with the field at fault, and stores no
// key; only an Admin manages keys (403 for every other role, 401 signed
// out).
func TestAPIKeyManagement(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	for _, c := range []struct {
		body  any
		code  string
		field string
	}{
		{map[string]any{"scopes": []string{"orders:read"}}, "validation_failed", "name"},
		{map[string]any{"name": "  ", "scopes": []string{"orders:read"}}, "validation_failed", "name"},
		{map[string]any{"name": strings.Repeat("x", 101), "scopes": []string{"orders:read"}}, "validation_failed", "name"},
		{map[string]any{"name": "ERP"}, "validation_failed", "scopes"},
		{map[string]any{"name": "ERP", "scopes": []string{"orders:read", "roles:write"}}, "validation_failed", "scopes"},
		{map[string]any{"name": "ERP", "scopes": []string{"orders:read"}, "expiresAt": past}, "validation_failed", "expiresAt"},
		{map[string]any{"name": "ERP", "scopes": []string{"orders:read"}, "expiresAt": "tomorrow"}, "validation_failed", "expiresAt"},
		{map[string]any{"name": "ERP", "scopes": "orders:read"}, "", ""},
		{`{"name": "ERP",`, "", ""},
	} {
		r := h.Client.Do("POST", "/api/admin/api-keys", c.body, testapp.Auth(admin.Token)...)
		m := map[string]any{}
		if r.Status == http.StatusBadRequest {
			m = r.Map(t)
		}
		errs, _ := m["errors"].(map[string]any)
		switch {
		case r.Status != http.StatusBadRequest || m["status"] != float64(400) || m["message"] == nil:
			t.Errorf("%v: %d %s, want 400 in the envelope", c.body, r.Status, r.Body)
		case c.code != "" && (m["code"] != c.code || errs[c.field] == nil):
			t.Errorf("%v: %s, want %s on %s", c.body, r.Body, c.code, c.field)
		}
	}
	if n := testapp.Count(t, h.App, apikey.Collection); n != 0 {
		t.Fatalf("bad input stored %d keys", n)
	}

	k := newKey(t, h, admin, map[string]any{"name": "ERP", "scopes": []string{"orders:read", "orders:read"}})
	if fmt.Sprint(k["scopes"]) != "[orders:read]" {
		t.Errorf("scopes not deduplicated: %v", k["scopes"])
	}
	for _, role := range []string{account.RoleManager, account.RoleFulfilment, account.RoleCatalog, account.RoleCustomer} {
		u := staffUser(t, h.App, role)
		for _, req := range []struct{ method, url string }{
			{"GET", "/api/admin/api-keys"}, {"POST", "/api/admin/api-keys"}, {"DELETE", "/api/admin/api-keys/" + k["id"].(string)},
		} {
			body := map[string]any{"name": "Mine", "scopes": []string{"orders:read"}}
			if r := h.Client.Do(req.method, req.url, body, testapp.Auth(u.Token)...); r.Status != http.StatusForbidden {
				t.Errorf("%s %s as %s: %d, want 403", req.method, req.url, role, r.Status)
			}
		}
	}
	if r := h.Client.Do("GET", "/api/admin/api-keys", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("signed out: %d, want 401", r.Status)
	}
	if n := testapp.Count(t, h.App, apikey.Collection); n != 1 {
		t.Errorf("other roles changed the keys: %d", n)
	}
}

// The packing slip guards itself (it also takes ?token=) and takes an API
// key as the other order routes do: a key with orders:read gets the
// printable page of a real order, one with only products:read 403, a
// revoked key 401.
func TestAPIKeyPackingSlip(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	orderID := testapp.NewOrder(t, h.App)
	url := "/api/checkout/admin/packing-slips/" + orderID
	orders := newKey(t, h, admin, map[string]any{"name": "Warehouse", "scopes": []string{"orders:read"}})
	r := h.Client.Do("GET", url, nil, testapp.Auth(orders["key"].(string))...)
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("orders:read key: %d %s", r.Status, r.Body)
	}
	products := newKey(t, h, admin, map[string]any{"name": "Catalog sync", "scopes": []string{"products:read"}})
	expectErr(t, h.Client.Do("GET", url, nil, testapp.Auth(products["key"].(string))...), http.StatusForbidden, "api_key_scope")
	wantStatus(t, h.Client.Do("DELETE", "/api/admin/api-keys/"+orders["id"].(string), nil, testapp.Auth(admin.Token)...), http.StatusNoContent, nil)
	expectErr(t, h.Client.Do("GET", url, nil, testapp.Auth(orders["key"].(string))...), http.StatusUnauthorized, "invalid_api_key")
}
