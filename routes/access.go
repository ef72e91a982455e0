package routes

import (
	"net/http"

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

// signedIn is the guard of routes for signed-in shoppers: 401 when signed
// out. Behind it, e.Auth is the shop user.
func signedIn() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: "shopSignedIn", Func: func(e *core.RequestEvent) error {
		if apiKeyOf(e.Request) != "" {
			return errKeyScope // API keys reach admin routes only
		}
		if shopUser(e) == nil {
			return errSignedOut
		}
		return e.Next()
	}}
}
