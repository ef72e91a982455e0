package catalog

import (
	"context"
	"errors"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/db"
)

// Live updates are PocketBase's realtime: a record save broadcasts itself to
// the subscribers its collection's rules allow. Two product changes reach it
// through PocketBase's own events:
//
//   - stock moved by an order (placing, cancelling, deleting one) is the
//     conditional UPDATE of the variant, raw SQL that PocketBase does not
//     see, and the product's summary follows by a trigger. After the commit
//     ProductsChanged and VariantsChanged trigger PocketBase's model "after
//     update" event of each product and variant, as a save would have: its
//     realtime broadcast, and every hook bound to their updates, see the
//     change;
//   - a deactivated product fails the public rule, so shoppers would not
//     hear that it went. The products' read rules also admit realtime
//     (pb_migrations/init_catalog.go), and LiveProductEnrich, PocketBase's enrich
//     hook for products, lets an inactive product reach a shopper only in
//     the update that deactivates it, as its id and isActive false (the app
//     drops it), and stops every other message of it.

// liveState is the app's product changes waiting for PocketBase's event,
// and the products being deactivated.
type liveState struct {
	mu      sync.Mutex
	pending map[liveRecord]struct{}
	running bool
	stopped bool           // the app is terminating
	drains  sync.WaitGroup // the running drain

	deactivating sync.Map // id -> struct{}: saved inactive, not yet broadcast
	leaving      sync.Map // id -> struct{}: its deactivation is being broadcast
}

// liveRecord is a record waiting for its event.
type liveRecord struct{ collection, id string }

func liveOf(app core.App) *liveState {
	return appstate.Of(app, func() *liveState { return &liveState{pending: map[liveRecord]struct{}{}} })
}

// ProductsChanged tells PocketBase, once the caller's transaction has
// committed (db.AfterCommit; at once outside one, never after a rollback),
// that the products' rows changed (their stock, by raw SQL). One goroutine
// per app triggers the events while there is work, so a burst of orders
// costs one event per product and checkout never waits for the
// subscribers.
func ProductsChanged(app core.App, ids ...string) { recordsChanged(app, ProductsCollection, ids) }

// VariantsChanged is ProductsChanged for variants (their stock, moved by an
// order): the app hears each variant's stock.
func VariantsChanged(app core.App, ids ...string) { recordsChanged(app, VariantsCollection, ids) }

func recordsChanged(app core.App, collection string, ids []string) {
	db.AfterCommit(app, func(app core.App) { queueChanged(app, collection, ids) })
}

// queueChanged queues the records' events, starting the app's drain.
func queueChanged(app core.App, collection string, ids []string) {
	q := liveOf(app)
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		return
	}
	for _, id := range ids {
		if id != "" {
			q.pending[liveRecord{collection, id}] = struct{}{}
		}
	}
	if !q.running && len(q.pending) > 0 {
		q.running = true
		q.drains.Add(1)
		go q.drain(app)
	}
}

// StopProductsChanged ends the product events when the app terminates
// (bind it to OnTerminate): what is queued is dropped and a running event
// is waited for, so nothing reads the database after it is closed.
func StopProductsChanged(app core.App) {
	q := liveOf(app)
	q.mu.Lock()
	q.stopped = true
	clear(q.pending)
	q.mu.Unlock()
	q.drains.Wait()
}

// drain triggers the queued products' events until the queue is empty.
func (q *liveState) drain(app core.App) {
	defer q.drains.Done()
	for {
		q.mu.Lock()
		if len(q.pending) == 0 || q.stopped {
			q.running = false
			q.mu.Unlock()
			return
		}
		ids := map[string][]string{}
		for r := range q.pending {
			ids[r.collection] = append(ids[r.collection], r.id)
		}
		clear(q.pending)
		q.mu.Unlock()
		for collection, list := range ids {
			if err := recordsUpdated(app, collection, list); err != nil {
				app.Logger().Warn("live: update events", "collection", collection, "error", err.Error())
			}
		}
	}
}

// recordsUpdated triggers PocketBase's "after update" model event of each
// record as it is now stored (deleted ones are skipped).
func recordsUpdated(app core.App, collection string, ids []string) error {
	recs, err := app.FindRecordsByIds(collection, ids)
	if err != nil {
		return err
	}
	var errs []error
	for _, rec := range recs {
		ev := new(core.ModelEvent)
		ev.App, ev.Context, ev.Type, ev.Model = app, liveContext, core.ModelEventTypeUpdate, rec
		errs = append(errs, app.OnModelAfterUpdateSuccess().Trigger(ev))
	}
	return errors.Join(errs...)
}

// liveEventKey marks the context of the update events the queue triggers.
type liveEventKey struct{}

// liveContext is the context of every announcement.
var liveContext = context.WithValue(context.Background(), liveEventKey{}, true)

// IsAnnouncement reports whether ctx is that of an update event triggered
// to announce a record as it is stored (by ProductsChanged or
// VariantsChanged), not of a write: a hook counting writes skips it.
func IsAnnouncement(ctx context.Context) bool { return ctx != nil && ctx.Value(liveEventKey{}) != nil }

// errNotForSubscriber makes PocketBase skip a realtime message (an enrich
// hook's error drops that subscriber's copy of the event).
var errNotForSubscriber = errors.New("inactive product: not sent")

// LiveProductEnrich is the products' OnRecordEnrich hook. For a realtime
// subscriber other than a superuser, an inactive product is sent only while
// its deactivation is broadcast, and then only as its id and isActive
// false; any other event of it is not sent. Answers of the records API
// (their rules show active products only) are left alone.
func LiveProductEnrich(e *core.RecordEnrichEvent) error {
	info := e.RequestInfo
	if info == nil || info.Context != core.RequestInfoContextRealtime || info.HasSuperuserAuth() || e.Record.GetBool("isActive") {
		return e.Next()
	}
	if _, ok := liveOf(e.App).leaving.Load(e.Record.Id); !ok {
		return errNotForSubscriber
	}
	for _, f := range e.Record.Collection().Fields {
		if name := f.GetName(); name != "id" && name != "isActive" {
			e.Record.Hide(name)
		}
	}
	return e.Next()
}

// ProductDeactivationHook is the products' OnRecordUpdate hook that notes a
// product saved inactive after being active (the state is read from the
// database: a record saved twice in one process has no reliable Original).
func ProductDeactivationHook(e *core.RecordEvent) error {
	var was bool
	_ = e.App.DB().Select("isActive").From(ProductsCollection).
		Where(dbx.HashExp{"id": e.Record.Id}).Row(&was)
	if err := e.Next(); err != nil {
		return err
	}
	if was && !e.Record.GetBool("isActive") {
		liveOf(e.App).deactivating.Store(e.Record.Id, struct{}{})
	}
	return nil
}

// ProductLeavingHook runs around PocketBase's realtime broadcast of a
// committed product update (bind it to OnModelAfterUpdateSuccess with a
// priority below PocketBase's -99): while the deactivation is broadcast,
// LiveProductEnrich lets its stub through.
func ProductLeavingHook(e *core.ModelEvent) error {
	rec, ok := e.Model.(*core.Record)
	if !ok || rec.Collection().Name != ProductsCollection {
		return e.Next()
	}
	st := liveOf(e.App)
	if _, ok := st.deactivating.LoadAndDelete(rec.Id); !ok {
		return e.Next()
	}
	st.leaving.Store(rec.Id, struct{}{})
	defer st.leaving.Delete(rec.Id)
	return e.Next()
}

// ProductUpdateFailedHook forgets a deactivation that did not commit.
func ProductUpdateFailedHook(e *core.RecordErrorEvent) error {
	liveOf(e.App).deactivating.Delete(e.Record.Id)
	return e.Next()
}
