package routes_test

import (
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/internal/testapp"
	"stageshop/routes"
	"stageshop/shop/account"
)

// appRouter is the app's router after the serve hooks registered the shop's
// routes.
func appRouter(t *testing.T, app core.App) *router.Router[*core.RequestEvent] {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r}
	if err := app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return r
}

// isAdminPath: the paths that must be behind the staff guard.
func isAdminPath(pattern string) bool {
	return strings.Contains(pattern, "/api/admin/") || strings.Contains(pattern, "/admin/")
}

// TestEveryAdminRouteHasAPermission walks PocketBase's router: every admin
// route is behind the staff guard and has a line in the permission table,
// and every line names a guarded route.
func TestEveryAdminRouteHasAPermission(t *testing.T) {
	app := testapp.New(t)
	table := routes.RoutePermissions()
	guarded := map[string]bool{}
	for _, ri := range routes.WalkRoutes(appRouter(t, app)) {
		staff := slices.Contains(ri.Middlewares, "shopStaff")
		if staff {
			guarded[ri.Pattern] = true
		}
		if _, ok := table[ri.Pattern]; staff && !ok {
			t.Errorf("route %q has no permission: add the line\n\t%q: routes.PermXxx,\nto routePermissions in routes/permissions.go (see the permissions there)", ri.Pattern, ri.Pattern)
		}
		_, own := routes.OwnGuardRoutes()[ri.Pattern]
		if !staff && !own && isAdminPath(ri.Pattern) {
			t.Errorf("admin route %q is not behind the staff guard: bind staffOnly() and add a line for it to routePermissions in routes/permissions.go", ri.Pattern)
		}
	}
	for pattern := range table {
		if !guarded[pattern] {
			t.Errorf("routePermissions line %q names no route behind the staff guard: remove it from routes/permissions.go or fix its METHOD /path", pattern)
		}
	}
}

// staffUser is a user with exactly roles.
func staffUser(t *testing.T, app core.App, roles ...string) testapp.User {
	t.Helper()
	u := testapp.NewUser(t, app, false)
	u.Record.Set("roles", roles)
	if err := app.Save(u.Record); err != nil {
		t.Fatal(err)
	}
	return u
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestStaffRolesRouteByRoute sends every admin route as signed out (401),
// as each role without its permission (403) and with it (neither).
func TestStaffRolesRouteByRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	users := map[string]testapp.User{}
	roles := []string{account.RoleAdmin, account.RoleManager, account.RoleFulfilment, account.RoleCatalog, account.RoleCustomer}
	for _, r := range roles {
		users[r] = staffUser(t, h.App, r)
	}
	table := routes.RoutePermissions()
	patterns := make([]string, 0, len(table))
	for p := range table {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	for _, pattern := range patterns {
		method, path, _ := strings.Cut(pattern, " ")
		url := pathParam.ReplaceAllString(path, "nosuchid000001")
		if got := h.Client.Do(method, url, "{}").Status; got != http.StatusUnauthorized {
			t.Errorf("%s signed out: %d, want 401", pattern, got)
		}
		for _, role := range roles {
			may := slices.Contains(routes.RolePermissions(role), table[pattern])
			got := h.Client.Do(method, url, "{}", testapp.Auth(users[role].Token)...).Status
			switch {
			case may && (got == http.StatusUnauthorized || got == http.StatusForbidden):
				t.Errorf("%s as %s: %d, want it allowed (%s)", pattern, role, got, table[pattern])
			case !may && got != http.StatusForbidden:
				t.Errorf("%s as %s: %d, want 403 (needs %s)", pattern, role, got, table[pattern])
			}
		}
	}
}

// TestStaffRoleGrants pins the contract's promises per role.
func TestStaffRoleGrants(t *testing.T) {
	has := func(role string, p routes.Permission) bool { return slices.Contains(routes.RolePermissions(role), p) }
	for _, c := range []struct {
		role string
		perm routes.Permission
		want bool
	}{
		{account.RoleFulfilment, routes.PermOrdersStatus, true},
		{account.RoleFulfilment, routes.PermRefunds, false},
		{account.RoleFulfilment, routes.PermCustomersRead, false},
		{account.RoleFulfilment, routes.PermCatalogWrite, false},
		{account.RoleManager, routes.PermRefunds, true},
		{account.RoleManager, routes.PermSettings, false},
		{account.RoleManager, routes.PermPaymentSettings, false},
		{account.RoleManager, routes.PermRoles, false},
		{account.RoleManager, routes.PermAPIKeys, false},
		{account.RoleManager, routes.PermWebhooks, false},
		{account.RoleCatalog, routes.PermPromotions, true},
		{account.RoleCatalog, routes.PermOrdersRead, false},
		{account.RoleCustomer, routes.PermOrdersRead, false},
		{account.RoleAdmin, routes.PermPaymentSettings, true},
	} {
		if got := has(c.role, c.perm); got != c.want {
			t.Errorf("%s has %s = %v, want %v", c.role, c.perm, got, c.want)
		}
	}
}
