package routes

import (
	"net/http"
	"slices"

	"github.com/pocketbase/pocketbase/core"
)

// UsersCollection is the auth collection of shoppers and shop admins.
const UsersCollection = "users"

// RoleAdmin is the role that opens the admin routes.
const RoleAdmin = "Admin"

// shopUser returns the signed-in shop user of the request, or nil. PocketBase
// has already checked the bearer token; superusers of the dashboard are not
// shop users.
func shopUser(e *core.RequestEvent) *core.Record {
	if e.Auth == nil || e.Auth.Collection().Name != UsersCollection {
		return nil
	}
	return e.Auth
}

// isAdmin reports whether a shop user has the Admin role.
func isAdmin(user *core.Record) bool {
	if user == nil {
		return false
	}
	var roles []string
	if err := user.UnmarshalJSONField("roles", &roles); err != nil {
		return false
	}
	return slices.Contains(roles, RoleAdmin)
}

// requireUser answers 401 unless a shop user is signed in.
func requireUser(e *core.RequestEvent) (*core.Record, error) {
	u := shopUser(e)
	if u == nil {
		return nil, newError(http.StatusUnauthorized, "unauthorized", "Authentication required")
	}
	return u, nil
}

// requireAdmin answers 401 when signed out and 403 for non-admins.
func requireAdmin(e *core.RequestEvent) (*core.Record, error) {
	u, err := requireUser(e)
	if err != nil {
		return nil, err
	}
	if !isAdmin(u) {
		return nil, newError(http.StatusForbidden, "forbidden", "Admin access required")
	}
	return u, nil
}

// handle adapts a handler that returns errors into one that answers them in
// the envelope, so no error leaves in PocketBase's own format.
func handle(fn func(e *core.RequestEvent) error) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if err := fn(e); err != nil {
			if e.Written() {
				e.App.Logger().Error("error after the response was written", "error", err.Error(), "path", e.Request.URL.Path)
				return nil
			}
			return writeError(e, err)
		}
		return nil
	}
}
