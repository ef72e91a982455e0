package realtime

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"

	"stageshop/internal/db"
	"stageshop/shop/account"
)

// sessionKey is where a client keeps the session (refresh-token family) of
// the token it subscribed with.
const sessionKey = "stageshop.session"

// rememberSession keeps, on the client, the session its subscriber's access
// token names. PocketBase keeps the user itself (apis.RealtimeClientAuthKey)
// and lets a stream live up to 30 minutes whatever happens to the session.
func rememberSession(e *core.RealtimeSubscribeRequestEvent) {
	if e.Auth == nil {
		e.Client.Unset(sessionKey)
		return
	}
	token := e.Request.Header.Get("Authorization")
	if len(token) > 7 && strings.EqualFold(token[:7], "Bearer ") {
		token = token[7:]
	}
	claims, _ := security.ParseUnverifiedJWT(token) // verified by PocketBase already
	sid, _ := claims[account.SessionClaim].(string)
	e.Client.Set(sessionKey, sid)
}

// bindSessionEnds ends realtime clients together with their session, in
// one place for every way a session ends:
//
//   - a refresh token revoked (logout, logout everywhere, refresh-token
//     reuse, and the password and e-mail changes and resets, which revoke
//     every token of the user) ends the clients of its session;
//   - a user's record losing a role, or changing e-mail or token key (a
//     password change renews it), ends all of that user's clients.
//
// Both run after the change has committed; the app's SDK reconnects and
// subscribes again with whatever token it holds then.
func bindSessionEnds(app core.App) {
	app.OnRecordAfterUpdateSuccess(account.RefreshTokensCollection).Bind(&hook.Handler[*core.RecordEvent]{
		Id:       "stageshop.realtime.sessionEnded",
		Priority: db.AfterCommitNotify,
		Func: func(e *core.RecordEvent) error {
			if !e.Record.GetDateTime("revokedAt").IsZero() {
				EndClients(e.App, e.Record.GetString("user"), func(_ *core.Record, session string) bool {
					return session == e.Record.GetString("familyId")
				})
			}
			return e.Next()
		},
	})
	// Before PocketBase's own handler (priority -99), which replaces each
	// client's user with the updated record: the clients still hold what
	// they subscribed with.
	app.OnModelAfterUpdateSuccess().Bind(&hook.Handler[*core.ModelEvent]{
		Id:       "stageshop.realtime.accessLost",
		Priority: -100,
		Func: func(e *core.ModelEvent) error {
			if user, ok := e.Model.(*core.Record); ok && user.Collection().Name == account.UsersCollection {
				EndClients(e.App, user.Id, func(held *core.Record, _ string) bool {
					return lostAccess(held, user)
				})
			}
			return e.Next()
		},
	})
}

// lostAccess reports whether a user record now grants less than the one a
// client subscribed with: a role gone, or new credentials.
func lostAccess(held, now *core.Record) bool {
	// A password change refreshes the token key (shop.SetPassword).
	if held.Email() != now.Email() || held.TokenKey() != now.TokenKey() {
		return true
	}
	current := account.UserRoles(now)
	for _, r := range account.UserRoles(held) {
		if !slices.Contains(current, r) {
			return true
		}
	}
	return false
}

// EndClients ends at once the realtime clients signed in as the user for
// which end (given the user record the client holds and its session) says
// so, and returns how many it ended.
func EndClients(app core.App, userID string, end func(held *core.Record, session string) bool) int {
	if userID == "" {
		return 0
	}
	broker := app.SubscriptionsBroker()
	n := 0
	for id, c := range broker.Clients() {
		held, _ := c.Get(apis.RealtimeClientAuthKey).(*core.Record)
		if held == nil || held.Id != userID || held.Collection().Name != account.UsersCollection {
			continue
		}
		session, _ := c.Get(sessionKey).(string)
		if end(held, session) {
			broker.Unregister(id)
			n++
		}
	}
	return n
}
