package routes_test

import (
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/routes"
	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// TestUserAnswerListsItsPermissions: the user object lists exactly what the
// user's roles grant, in the table's order: the app shows the admin area by it.
func TestUserAnswerListsItsPermissions(t *testing.T) {
	h := testapp.NewHarness(t)
	all := []string{}
	for _, p := range routes.AllPermissions() {
		all = append(all, string(p))
	}
	for _, c := range []struct {
		roles []string
		want  []string
	}{
		{[]string{account.RoleFulfilment}, []string{"orders.read", "orders.status"}},
		{[]string{account.RoleCatalog, account.RoleFulfilment, account.RoleCustomer},
			[]string{"orders.read", "orders.status", "catalog.read", "catalog.write", "promotions"}},
		{[]string{account.RoleManager}, []string{"orders.read", "orders.status", "orders.write", "refunds", "returns",
			"customers.read", "customers.write", "catalog.read", "catalog.write", "promotions", "contact", "emails", "overview"}},
		{[]string{account.RoleCustomer}, []string{}},
		{[]string{account.RoleAdmin}, all},
	} {
		u := staffUser(t, h.App, c.roles...)
		res := h.Client.Do(http.MethodGet, "/api/auth/profile", nil, testapp.Auth(u.Token)...)
		var got wire.User
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.Permissions == nil || !slices.Equal(got.Permissions, c.want) {
			t.Errorf("%v: %d permissions %q, want %q", c.roles, res.Status, got.Permissions, c.want)
		}
	}
}

// TestRoleChangeAnswersTheNewPermissions: an Admin making a customer
// Fulfilment gets the user with the Fulfilment permissions, and so does that
// user's next profile.
func TestRoleChangeAnswersTheNewPermissions(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	u := staffUser(t, h.App, account.RoleCustomer)
	want := []string{"orders.read", "orders.status"}
	res := h.Client.Do(http.MethodPut, "/api/admin/users/"+u.ID()+"/roles", map[string]any{"roles": []string{"Fulfilment"}}, testapp.Auth(admin.Token)...)
	var got wire.User
	res.JSON(t, &got)
	if res.Status != http.StatusOK || !slices.Equal(got.Permissions, want) || got.IsAdmin {
		t.Fatalf("PUT roles: %d %+v, want 200 with permissions %q", res.Status, got, want)
	}
	res = h.Client.Do(http.MethodGet, "/api/auth/profile", nil, testapp.Auth(u.Token)...)
	res.JSON(t, &got)
	if !slices.Equal(got.Permissions, want) {
		t.Errorf("profile after the change: permissions %q, want %q", got.Permissions, want)
	}
}

// TestUserPermissionsTypeNamesEveryPermission: the TypeScript type of the
// user's permissions (wire.gen.ts, from the field's tstype) names exactly the
// server's permissions, and every route and role uses only those.
func TestUserPermissionsTypeNamesEveryPermission(t *testing.T) {
	f, _ := reflect.TypeFor[wire.User]().FieldByName("Permissions")
	var inType []string
	for _, m := range regexp.MustCompile(`'([^']+)'`).FindAllStringSubmatch(f.Tag.Get("tstype"), -1) {
		inType = append(inType, m[1])
	}
	var all []string
	for _, p := range routes.AllPermissions() {
		all = append(all, string(p))
	}
	if !slices.Equal(inType, all) {
		t.Errorf("wire.User.Permissions tstype names %q, want the permissions of routes/permissions.go %q", inType, all)
	}
	used := map[routes.Permission]string{}
	for pattern, p := range routes.RoutePermissions() {
		used[p] = pattern
	}
	for pattern, p := range routes.OwnGuardRoutes() {
		used[p] = pattern
	}
	for _, role := range []string{account.RoleManager, account.RoleFulfilment, account.RoleCatalog} {
		for _, p := range routes.RolePermissions(role) {
			used[p] = role
		}
	}
	for p, by := range used {
		if !slices.Contains(routes.AllPermissions(), p) {
			t.Errorf("permission %q (%s) is not in allPermissions", p, by)
		}
	}
}
