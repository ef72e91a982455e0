package routes

import (
	"net/http"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/shop/account"
)

var errSignedOut = newError(http.StatusUnauthorized, "unauthorized", "Authentication required")

// shopUser returns the signed-in shop user of the request, or nil. PocketBase
// has already checked the bearer token; superusers of the dashboard are not
// shop users.
func shopUser(e *core.RequestEvent) *core.Record {
	if e.Auth == nil || e.Auth.Collection().Name != account.UsersCollection {
		return nil
	}
	return e.Auth
}

// isAdmin reports whether a shop user has the Admin role.
func isAdmin(user *core.Record) bool {
	return user != nil && slices.Contains(account.UserRoles(user), account.RoleAdmin)
}

// signedIn is the guard of routes for signed-in shoppers: 401 when signed
// out. Behind it, e.Auth is the shop user.
func signedIn() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: "shopSignedIn", Func: func(e *core.RequestEvent) error {
		if shopUser(e) == nil {
			return errSignedOut
		}
		return e.Next()
	}}
}

// adminOnly is the guard of admin routes: 401 when signed out, 403 for
// non-admins. Behind it, e.Auth is the admin. (noStoreAPI keeps every /api
// answer out of caches.)
func adminOnly() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: "shopAdminOnly", Func: func(e *core.RequestEvent) error {
		u := shopUser(e)
		switch {
		case u == nil:
			return errSignedOut
		case !isAdmin(u):
			return account.ErrNotAdmin
		}
		return e.Next()
	}}
}
