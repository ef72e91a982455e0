package routes

import (
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/shop/account"
)

// closedUserAuthActions are PocketBase's own auth routes of an auth
// collection that the shop does not use for its users. Sign-in goes only
// through POST /api/auth/login (its rate limit, lastLoginAt, sessions that
// can end); the rest would send PocketBase's default e-mails or issue
// tokens outside the shop's sessions. auth-methods (a harmless listing) and
// impersonate (superusers only) stay, as do every route of the dashboard's
// _superusers.
var closedUserAuthActions = map[string]bool{
	"auth-refresh": true, "auth-with-password": true, "auth-with-oauth2": true,
	"request-otp": true, "auth-with-otp": true,
	"request-password-reset": true, "confirm-password-reset": true,
	"request-verification": true, "confirm-verification": true,
	"request-email-change": true, "confirm-email-change": true,
}

// closeSideDoors answers 404 (PocketBase's format: these are its paths)
// for the closed auth routes of the users collection, addressed by name or
// by id, before PocketBase's handler or rate limiter runs.
func closeSideDoors() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "shopCloseSideDoors",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 2,
		Func: func(e *core.RequestEvent) error {
			rest, ok := strings.CutPrefix(e.Request.URL.Path, "/api/collections/")
			if !ok {
				return e.Next()
			}
			collection, action, _ := strings.Cut(strings.TrimSuffix(rest, "/"), "/")
			if !closedUserAuthActions[action] {
				return e.Next()
			}
			if c, err := e.App.FindCachedCollectionByNameOrId(collection); err == nil && c.Name == account.UsersCollection {
				return router.NewNotFoundError("", nil)
			}
			return e.Next()
		},
	}
}
