package routes

import (
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"

	"stageshop/shop/account"
)

// endedSessions runs right after PocketBase has loaded the bearer token's
// user: a shop user's token counts only while its session is active. Tokens
// of ended sessions (logout, refresh-token reuse, password or e-mail
// change) and tokens PocketBase issued itself (they name no session) leave
// the request signed out, on the shop's routes and PocketBase's alike.
func endedSessions() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "shopEndedSessions",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil || e.Auth.Collection().Name != account.UsersCollection {
				return e.Next()
			}
			active, err := account.SessionActive(e.App, e.Auth.Id, sessionOf(e))
			if err != nil {
				e.App.Logger().Error("session check", "error", err.Error())
			}
			if !active {
				e.Auth = nil
			}
			return e.Next()
		},
	}
}

// sessionFileTokens makes the file tokens of shop users (POST
// /api/files/token: invoices and packing slips opened in a new tab) name
// the session they were asked in, so they end with it (shop.FileToken).
func sessionFileTokens(app core.App) {
	app.OnFileTokenRequest().BindFunc(func(e *core.FileTokenRequestEvent) error {
		if e.Record != nil && e.Record.Collection().Name == account.UsersCollection {
			token, err := account.FileToken(e.Record, sessionOf(e.RequestEvent))
			if err != nil {
				return err
			}
			e.Token = token
		}
		return e.Next()
	})
}

// sessionOf is the session claim of the request's bearer token, which
// PocketBase has already verified.
func sessionOf(e *core.RequestEvent) string {
	token := e.Request.Header.Get("Authorization")
	if len(token) > 7 && strings.EqualFold(token[:7], "Bearer ") {
		token = token[7:]
	}
	claims, err := security.ParseUnverifiedJWT(token)
	if err != nil {
		return ""
	}
	sid, _ := claims[account.SessionClaim].(string)
	return sid
}
