// Package db is the shop's one write path. Every write transaction opens
// through Write (InHook for a record hook that wraps its save), which
// retries when SQLite answers busy; work that must wait for the commit
// (the realtime events of stock moved by raw SQL, the provider calls of a
// payment's transition) is registered with AfterCommit, on PocketBase's
// TxInfo().OnComplete. It is a leaf: it knows no collection.
package db

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
)

// busyAttempts is how often Write runs a transaction SQLite answered busy.
const busyAttempts = 4

// Write runs fn in one write transaction and, when SQLite answers
// SQLITE_BUSY ("database is locked", seen rarely under bursts of checkouts
// while a checkpoint or another process holds the lock), runs it again a
// few times. The failed attempt rolled back completely, so a retry is
// safe; fn must only change the database and variables it sets afresh on
// every run. Called with an app that is in a transaction already, fn runs
// in that one (whose opener retries it).
func Write(app core.App, fn func(txApp core.App) error) error {
	if app.IsTransactional() {
		return fn(app)
	}
	var err error
	for attempt := 0; attempt < busyAttempts; attempt++ {
		if err = run(app, fn); err == nil || !IsBusy(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 25 * time.Millisecond)
	}
	return err
}

// InHook runs fn, which calls e.Next(), in the event's transaction (or a
// new one), with e.App the transaction while fn runs: a record hook's own
// writes commit or roll back with the save it wraps. It is not retried: a
// hook's chain runs once.
func InHook(e *core.RecordEvent, fn func(txApp core.App) error) error {
	originalApp := e.App
	defer func() { e.App = originalApp }()
	inTx := func(txApp core.App) error {
		e.App = txApp
		return fn(txApp)
	}
	if e.App.IsTransactional() {
		return inTx(e.App)
	}
	return run(e.App, inTx)
}

// run opens one transaction on app, noting app as the one its work after
// the commit runs on.
func run(app core.App, fn func(txApp core.App) error) error {
	var info *core.TxAppInfo
	defer func() {
		if info != nil {
			opened.Delete(info)
		}
	}()
	return app.RunInTransaction(func(txApp core.App) error {
		info = txApp.TxInfo()
		opened.Store(info, app)
		return fn(txApp)
	})
}

// opened are the apps the open transactions were opened on, by the
// transaction.
var opened sync.Map // *core.TxAppInfo -> core.App

// AfterCommit runs fn once app's transaction has committed, with the app
// outside the transaction (a transaction's app cannot be used after it
// ends); after a rollback it does not run. Outside a transaction fn runs
// at once, with app.
func AfterCommit(app core.App, fn func(app core.App)) {
	info := app.TxInfo()
	if info == nil {
		fn(app)
		return
	}
	info.OnComplete(func(txErr error) error {
		if txErr == nil {
			fn(outside(app, info))
		}
		return nil
	})
}

// outside is the app a transaction was opened on: Write's or InHook's, else
// (a transaction PocketBase opened itself, as for a cascading delete) the
// app Register was given.
func outside(app core.App, info *core.TxAppInfo) core.App {
	if a, ok := opened.Load(info); ok {
		return a.(core.App)
	}
	if b := appstate.Of(app, newBase).app; b != nil {
		return b
	}
	return app
}

// base is the app the shop was wired into.
type base struct{ app core.App }

func newBase() *base { return &base{} }

// Register notes app as the one work after the commits of PocketBase's own
// transactions runs on. Call it once, where the app is wired.
func Register(app core.App) { appstate.Of(app, newBase).app = app }
