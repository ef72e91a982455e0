package account

import (
	"database/sql"
	"errors"
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/appstate"
	"stageshop/internal/db"
)

// Every way a session ends goes through this file: logout (one session or
// all), refresh-token reuse, a password reset, a password or e-mail change
// in the profile, and losing the Admin role (the sessions go on, but what
// they were allowed to watch is gone). Code that keeps something alive per
// session (realtime streams) binds OnSessionsEnded and cuts it there.

// Why sessions ended (SessionsEndedEvent.Reason).
const (
	EndLogout        = "logout"          // one session (Family set) or every one
	EndTokenReuse    = "refresh_reuse"   // a retired refresh token was replayed: its session
	EndCredentials   = "credentials"     // password reset, password or e-mail change: every session
	EndAdminRoleLoss = "admin_role_lost" // the Admin role was removed: sessions stay, admin rights go
)

const noFamily = "" // every session of the user

// SessionsEndedEvent says whose sessions ended and why. Family names the
// one session that ended; empty means every session of the user.
type SessionsEndedEvent struct {
	hook.Event
	App    core.App
	UserID string
	Family string
	Reason string
}

// OnSessionsEnded is app's hook that runs after sessions ended, once the
// change is committed (never for a change that rolled back).
func OnSessionsEnded(app core.App) *hook.Hook[*SessionsEndedEvent] {
	return appstate.Of(app, func() *hook.Hook[*SessionsEndedEvent] { return &hook.Hook[*SessionsEndedEvent]{} })
}

// endSessions revokes the refresh tokens of the user's session family (or
// of every session when family is empty), so their access tokens stop
// working with the next request (SessionActive), and announces it.
func endSessions(app core.App, userID, family, reason string) error {
	where := dbx.Expression(dbx.HashExp{"user": userID})
	if family != noFamily {
		where = dbx.HashExp{"familyId": family}
	}
	if err := revokeWhere(app, where); err != nil {
		return err
	}
	announceSessionsEnded(app, userID, family, reason)
	return nil
}

// announceSessionsEnded triggers OnSessionsEnded after app's transaction
// commits (at once outside one).
func announceSessionsEnded(app core.App, userID, family, reason string) {
	db.AfterCommit(app, func(app core.App) {
		e := &SessionsEndedEvent{App: app, UserID: userID, Family: family, Reason: reason}
		if err := OnSessionsEnded(app).Trigger(e); err != nil {
			app.Logger().Error("sessions ended hook", "user", userID, "reason", reason, "error", err.Error())
		}
	})
}

// EndAllSessions ends every session of the user because a credential
// changed (password reset, password or e-mail change): every refresh token
// is revoked, and with them every access token issued to the user; every
// unused password-reset link of the user is spent too, so a link asked
// before the change cannot undo it. It takes the caller's transaction app
// (txApp) when there is one.
func EndAllSessions(app core.App, userID string) error {
	return db.Write(app, func(txApp core.App) error {
		if err := spendResetTokens(txApp, userID); err != nil {
			return err
		}
		return endSessions(txApp, userID, noFamily, EndCredentials)
	})
}

// spendResetTokens marks every unused reset token of the user used.
func spendResetTokens(txApp core.App, userID string) error {
	_, err := txApp.DB().Update(PasswordResetsCollection, dbx.Params{"usedAt": types.NowDateTime().String()},
		dbx.HashExp{"user": userID, "usedAt": ""}).Execute()
	return err
}

// AdminRoleLossHook is the users OnRecordUpdate hook that announces a user
// losing the Admin role, however it is saved (the admin route, the
// dashboard, the CLI), once the save commits. The stored roles are read
// back: a record saved twice keeps its first original.
func AdminRoleLossHook(e *core.RecordEvent) error {
	if slices.Contains(UserRoles(e.Record), RoleAdmin) {
		return e.Next()
	}
	var stored types.JSONRaw
	err := e.App.DB().Select("roles").From(UsersCollection).Where(dbx.HashExp{"id": e.Record.Id}).Row(&stored)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if err := e.Next(); err != nil || !slices.Contains(rolesOf(stored), RoleAdmin) {
		return err
	}
	announceSessionsEnded(e.App, e.Record.Id, noFamily, EndAdminRoleLoss)
	return nil
}
