package audit

import (
	"context"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
)

// The kinds of actor.
const (
	KindUser      = "user"
	KindAPIKey    = "apikey"
	KindSuperuser = "superuser"
	KindSystem    = "system"
)

// Actor is who made a change, as it was then: a staff user (id and
// e-mail), an API key (its name), a superuser of the dashboard or the
// shop itself (system: crons, workers, payment providers' events).
type Actor struct {
	Kind   string
	UserID string
	Email  string
	Name   string
}

// System is the shop itself.
var System = Actor{Kind: KindSystem}

// Superuser is a superuser of PocketBase's dashboard.
var Superuser = Actor{Kind: KindSuperuser}

// User is the staff member u (nil: System).
func User(u *core.Record) Actor {
	if u == nil {
		return System
	}
	if u.IsSuperuser() {
		return Actor{Kind: KindSuperuser, UserID: u.Id, Email: u.Email()}
	}
	return Actor{Kind: KindUser, UserID: u.Id, Email: u.Email()}
}

// APIKey is the API key named name (id is its record's).
func APIKey(id, name string) Actor { return Actor{Kind: KindAPIKey, UserID: id, Name: name} }

// Label is how the log shows the actor: the e-mail, "API key <name>",
// "superuser" or "system".
func (a Actor) Label() string {
	switch a.Kind {
	case KindUser:
		return a.Email
	case KindAPIKey:
		return "API key " + a.Name
	case KindSuperuser:
		if a.Email != "" {
			return "superuser " + a.Email
		}
		return "superuser"
	}
	return "system"
}

// FromRequest is the actor of a request: its signed-in user or superuser
// (System when signed out).
func FromRequest(e *core.RequestEvent) Actor {
	return User(e.Auth)
}

// txState is what a transaction knows of its change: who acts, the tally
// of an import and its settings.changed entry.
type txState struct {
	mu       sync.Mutex
	actor    Actor
	tally    *Tally
	settings *settingsEntry
}

// states are the bound transactions, until they end.
var states sync.Map // *core.TxAppInfo -> *txState

// stateOf is txApp's state, made and bound to the transaction's end when
// make is set (nil outside a transaction or when none is bound).
func stateOf(txApp core.App, make bool) *txState {
	if !txApp.IsTransactional() {
		return nil
	}
	info := txApp.TxInfo()
	if st, ok := states.Load(info); ok {
		return st.(*txState)
	}
	if !make {
		return nil
	}
	st := &txState{actor: System}
	states.Store(info, st)
	info.OnComplete(func(error) error {
		states.Delete(info)
		return nil
	})
	return st
}

// As binds actor to the transaction txApp: the entries written in it
// name actor. Outside a transaction it does nothing.
func As(txApp core.App, actor Actor) {
	if st := stateOf(txApp, true); st != nil {
		st.mu.Lock()
		st.actor = actor
		st.mu.Unlock()
	}
}

// Current is the actor bound to txApp's transaction (System when none).
func Current(txApp core.App) Actor {
	st := stateOf(txApp, false)
	if st == nil {
		return System
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.actor
}

// Acting returns app acting for actor: every transaction opened on it (and
// every save or delete made on it directly, each then in a transaction of
// its own) is bound to actor. A route passes it to its use case instead of
// e.App. An app already in a transaction is bound and returned as it is.
func Acting(app core.App, actor Actor) core.App {
	if app.IsTransactional() {
		As(app, actor)
		return app
	}
	return &actingApp{App: app, actor: actor}
}

// actingApp is an app whose transactions are bound to actor.
type actingApp struct {
	core.App
	actor Actor
}

// RunInTransaction runs fn in a transaction bound to the actor.
func (a *actingApp) RunInTransaction(fn func(txApp core.App) error) error {
	return a.App.RunInTransaction(func(txApp core.App) error {
		As(txApp, a.actor)
		return fn(txApp)
	})
}

// Save saves m in a transaction bound to the actor, opened by db.Write
// (retried when SQLite answers busy) like every other write; so are the
// other saves and deletes below.
func (a *actingApp) Save(m core.Model) error {
	return db.Write(a, func(txApp core.App) error { return txApp.Save(m) })
}

// SaveWithContext saves m in a transaction bound to the actor.
func (a *actingApp) SaveWithContext(ctx context.Context, m core.Model) error {
	return db.Write(a, func(txApp core.App) error { return txApp.SaveWithContext(ctx, m) })
}

// SaveNoValidate saves m unchecked in a transaction bound to the actor.
func (a *actingApp) SaveNoValidate(m core.Model) error {
	return db.Write(a, func(txApp core.App) error { return txApp.SaveNoValidate(m) })
}

// SaveNoValidateWithContext saves m unchecked in a transaction bound to
// the actor.
func (a *actingApp) SaveNoValidateWithContext(ctx context.Context, m core.Model) error {
	return db.Write(a, func(txApp core.App) error { return txApp.SaveNoValidateWithContext(ctx, m) })
}

// Delete deletes m in a transaction bound to the actor.
func (a *actingApp) Delete(m core.Model) error {
	return db.Write(a, func(txApp core.App) error { return txApp.Delete(m) })
}

// DeleteWithContext deletes m in a transaction bound to the actor.
func (a *actingApp) DeleteWithContext(ctx context.Context, m core.Model) error {
	return db.Write(a, func(txApp core.App) error { return txApp.DeleteWithContext(ctx, m) })
}

// Tally counts the price and stock changes of an import's rows.
type Tally struct {
	PriceChanges int
	StockChanges int
}

// Quiet makes the price and stock changes in txApp's transaction counted
// into t instead of written one by one (an import's rows).
func Quiet(txApp core.App, t *Tally) {
	if st := stateOf(txApp, true); st != nil {
		st.mu.Lock()
		st.tally = t
		st.mu.Unlock()
	}
}

// tallyOf is the tally bound to txApp's transaction (nil when none).
func tallyOf(txApp core.App) *Tally {
	st := stateOf(txApp, false)
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.tally
}
