package routes

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/apikey"
	"stageshop/shop/audit"
	"stageshop/shop/wire"
)

// registerAPIKeys binds the Admin's API keys (api.md "Staff, API keys and
// webhooks"): list, create (the key shown once) and revoke.
func registerAPIKeys(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/api-keys")
	g.Bind(staffOnly())
	g.GET("", adminListAPIKeys)
	g.POST("", adminCreateAPIKey)
	g.DELETE("/{id}", adminRevokeAPIKey)
}

func adminListAPIKeys(e *core.RequestEvent) error {
	list, err := apikey.List(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

func adminCreateAPIKey(e *core.RequestEvent) error {
	var in wire.APIKeyInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	k, err := apikey.Create(acting(e), in, e.Auth.Id, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, k)
}

func adminRevokeAPIKey(e *core.RequestEvent) error {
	if _, err := apikey.Revoke(acting(e), e.Request.PathValue("id"), time.Now()); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// errKeyScope is the 403 of an API key on a route its scopes do not cover
// (or a route that is not an admin route).
var errKeyScope = wire.Forbidden("api_key_scope", "The API key's scopes do not allow this")

// apiKeyOf is the API key a request carries (Authorization: Bearer
// ssk_...), or "".
func apiKeyOf(r *http.Request) string {
	v := strings.TrimSpace(r.Header.Get("Authorization"))
	if len(v) > 7 && strings.EqualFold(v[:7], "Bearer ") {
		v = strings.TrimSpace(v[7:])
	}
	if strings.HasPrefix(v, apikey.KeyPrefix) {
		return v
	}
	return ""
}

// keyGuard is staffOnly for a request with an API key: 401 for a key that
// is unknown, revoked or expired, 429 over the key's rate limit, 403 when
// none of its scopes grants perm (or the route has no line, ok false).
// Behind it, e.Auth is the key as an actor (keyActor), with no roles.
func keyGuard(e *core.RequestEvent, key string, perm Permission, ok bool) error {
	if err := keyAllows(e, key, perm, ok); err != nil {
		return err
	}
	return e.Next()
}

// keyAllows is keyGuard's check, for a route that guards itself
// (ownGuardRoutes): nil when the key may do perm, with e.Auth then the key
// as an actor and the request's audit actor the key.
func keyAllows(e *core.RequestEvent, key string, perm Permission, ok bool) error {
	k, err := apikey.Authenticate(e.App, key, time.Now())
	if err != nil {
		return err
	}
	var limited *account.RateLimitedError
	if err := account.AllowUserAction(e.App, apikey.LimitPerKey, "key:"+k.ID, e.RealIP()); errors.As(err, &limited) {
		e.Response.Header().Set("Retry-After", strconv.FormatInt(int64(limited.RetryAfter/time.Second), 10))
		return errRateLimited
	}
	if !ok || !keyCan(k.Scopes, perm) {
		return errKeyScope
	}
	actor, err := keyActor(e.App, k)
	if err != nil {
		return err
	}
	e.Auth = actor
	e.Set(auditActorKey, audit.APIKey(k.ID, k.Name))
	return nil
}

// keyCan reports whether one of scopes grants perm; the permissions of
// keysNever are never granted, whatever the table says.
func keyCan(scopes []string, perm Permission) bool {
	if slices.Contains(keysNever, perm) {
		return false
	}
	for _, s := range scopes {
		if slices.Contains(scopePermissions[s], perm) {
			return true
		}
	}
	return false
}

// keyActor is the user record the handlers see for a key: never saved, no
// id and no roles, named after the key so order histories, notes and
// payments say "API key <name>".
func keyActor(app core.App, k *apikey.Key) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(account.UsersCollection)
	if err != nil {
		return nil, err
	}
	u := core.NewRecord(col)
	u.Set("email", "API key "+k.Name+" ("+k.Prefix+")")
	u.Set("firstName", "API key")
	u.Set("lastName", k.Name)
	u.Set("roles", []string{})
	return u, nil
}
