package db

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// The work after a committed write runs in PocketBase's record events
// OnRecordAfterCreateSuccess, OnRecordAfterUpdateSuccess and
// OnRecordAfterDeleteSuccess (every write, the dashboard's too, reaches
// them), which PocketBase itself defers with the transaction's
// TxInfo().OnComplete: they run once the transaction has committed, with
// the app outside it, and never after a rollback (outside a transaction,
// right after the save). Work a use case queues for its own writes
// (raw SQL PocketBase does not see) goes through AfterCommit, on the same
// OnComplete.
//
// The handlers of one event run lowest priority first, so these
// priorities, not the order in which packages register, say what comes
// first: what was kept or cached from the old data is dropped before
// anything after it reads, and the search index has caught up before the
// workers and live clients are told.
const (
	// AfterCommitDrop: values kept between requests (internal/keep) and
	// the catalog's cached answers are dropped.
	AfterCommitDrop = 60
	// AfterCommitIndex: the product search index catches up with the
	// change log.
	AfterCommitIndex = 70
	// AfterCommitNotify: the mail worker is woken, live clients of an
	// ended session are closed.
	AfterCommitNotify = 80
)

// OnCommitted binds fn at priority to the committed creates, updates and
// deletes of records in the collections (all, with none). A handler bound
// before under the same id is replaced (PocketBase's hook.Bind), so a
// package binds one id once, naming all its collections in that call; ""
// gives the handler an id of its own.
func OnCommitted(app core.App, id string, priority int, fn func(e *core.RecordEvent) error, collections ...string) {
	for _, h := range []*hook.TaggedHook[*core.RecordEvent]{
		app.OnRecordAfterCreateSuccess(collections...),
		app.OnRecordAfterUpdateSuccess(collections...),
		app.OnRecordAfterDeleteSuccess(collections...),
	} {
		h.Bind(&hook.Handler[*core.RecordEvent]{Id: id, Priority: priority, Func: fn})
	}
}
