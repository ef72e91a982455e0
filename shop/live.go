package shop

import (
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/picker"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Live updates are PocketBase realtime: every record save broadcasts itself
// to the subscribers its collection's rules allow. Two changes are not seen
// by PocketBase and are broadcast here, in the same message format:
//
//   - stock moved by an order (placing, cancelling, deleting one): the
//     conditional update is raw SQL, which skips record events. After the
//     commit the products are read back and sent as "update";
//   - a product deactivated: the new state fails the public rule
//     (isActive = true), so PocketBase sends nothing to shoppers. For them
//     the product has left what they may see, as if deleted, so they get a
//     "delete" carrying only its id.

const liveQueueKey = "shop.liveQueue"

// liveVariantsQueueKey is the queue of variants whose stock an order moved.
const liveVariantsQueueKey = "shop.liveVariantsQueue"

// liveSendWait bounds how long a broadcast waits for its messages to be
// taken by the connections before the next one starts (keeping the order
// of a client's messages), so one stuck connection cannot hold the rest.
const liveSendWait = 2 * time.Second

// liveQueue gathers product ids to broadcast; one goroutine per app drains
// it while there is work, so a burst of orders costs one read per product
// and checkout never waits for the subscribers.
type liveQueue struct {
	mu         sync.Mutex
	collection string
	pending    map[string]struct{}
	running    bool
}

// BroadcastProductsLater queues a realtime "update" of each product for
// after the caller returns. Unknown (deleted) ids are skipped.
func BroadcastProductsLater(app core.App, ids ...string) {
	broadcastLater(app, liveQueueKey, ProductsCollection, ids)
}

// BroadcastVariantsLater queues a realtime "update" of each variant (its
// stock moved by an order) for after the caller returns.
func BroadcastVariantsLater(app core.App, ids ...string) {
	broadcastLater(app, liveVariantsQueueKey, VariantsCollection, ids)
}

func broadcastLater(app core.App, key, collection string, ids []string) {
	if len(ids) == 0 {
		return
	}
	q := app.Store().GetOrSet(key, func() any {
		return &liveQueue{collection: collection, pending: map[string]struct{}{}}
	}).(*liveQueue)
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, id := range ids {
		if id != "" {
			q.pending[id] = struct{}{}
		}
	}
	if !q.running && len(q.pending) > 0 {
		q.running = true
		go q.drain(app)
	}
}

// drain broadcasts the queued products until the queue is empty.
func (q *liveQueue) drain(app core.App) {
	for {
		q.mu.Lock()
		if len(q.pending) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		ids := make([]string, 0, len(q.pending))
		for id := range q.pending {
			ids = append(ids, id)
		}
		clear(q.pending)
		q.mu.Unlock()
		if err := broadcastRecords(app, q.collection, ids...); err != nil {
			app.Logger().Warn("live: broadcasting "+q.collection, "error", err.Error())
		}
	}
}

// BroadcastProducts sends a realtime "update" of each product, as it is now
// in the database, to every subscriber the products rules allow, and
// returns once the connections have taken the messages (or liveSendWait).
func BroadcastProducts(app core.App, ids ...string) error {
	return broadcastRecords(app, ProductsCollection, ids...)
}

// broadcastRecords is BroadcastProducts for any collection.
func broadcastRecords(app core.App, collection string, ids ...string) error {
	if app.SubscriptionsBroker().TotalClients() == 0 {
		return nil
	}
	recs, err := app.FindRecordsByIds(collection, ids)
	if err != nil {
		return err
	}
	var sent sync.WaitGroup
	for _, rec := range recs {
		broadcastRecord(app, "update", rec, &sent)
	}
	waitTimeout(&sent, liveSendWait)
	return nil
}

// BroadcastProductGone tells the subscribers who may no longer see a product
// (it was just deactivated) that it is gone: a "delete" with only its id.
// Subscribers still allowed to see it (superusers) had PocketBase's update.
func BroadcastProductGone(app core.App, rec *core.Record) {
	col := rec.Collection()
	data, err := json.Marshal(map[string]any{
		"action": "delete",
		"record": map[string]string{"id": rec.Id, "collectionId": col.Id, "collectionName": col.Name},
	})
	if err != nil {
		return
	}
	eachSubscriber(app, rec, func(client subscriptions.Client, t topic, allowed bool) {
		if !allowed {
			go client.Send(subscriptions.Message{Name: t.name, Data: data})
		}
	})
}

// topic is one subscription of a client that covers a record.
type topic struct {
	name string
	rule *string
	opts subscriptions.SubscriptionOptions
}

// recordTopics returns the client's subscriptions that cover rec (the
// record's own topic and the collection's wildcard, by name or id) with the
// rule that governs each, as PocketBase matches them.
func recordTopics(rec *core.Record, client subscriptions.Client) []topic {
	col := rec.Collection()
	prefixes := map[string]*string{
		col.Name + "/" + rec.Id + "?": col.ViewRule,
		col.Id + "/" + rec.Id + "?":   col.ViewRule,
		col.Name + "/*?":              col.ListRule,
		col.Id + "/*?":                col.ListRule,
		col.Name + "?":                col.ListRule,
		col.Id + "?":                  col.ListRule,
	}
	var out []topic
	for prefix, rule := range prefixes {
		for name, opts := range client.Subscriptions(prefix) {
			out = append(out, topic{name, rule, opts})
		}
	}
	return out
}

// eachSubscriber calls fn for every subscription covering rec, saying
// whether its client may see rec now. The rule check is a query, so its
// answer is shared by clients with the same auth (the shop's rules read only
// the record and @request.auth). Subscriptions with a client-side filter are
// skipped: the shop's app sets none, and checking one as safely as
// PocketBase does needs its internals.
func eachSubscriber(app core.App, rec *core.Record, fn func(client subscriptions.Client, t topic, allowed bool)) {
	checked := map[string]bool{}
	for _, client := range app.SubscriptionsBroker().Clients() {
		for _, t := range recordTopics(rec, client) {
			if t.opts.Query["filter"] != "" {
				continue
			}
			info := clientRequestInfo(client, &t.opts)
			key := authKey(info.Auth) + "\x00" + ruleText(t.rule)
			ok, seen := checked[key]
			if !seen {
				ok, _ = app.CanAccessRecord(rec, info, t.rule)
				checked[key] = ok
			}
			fn(client, t, ok)
		}
	}
}

// clientRequestInfo is the request a realtime client's subscription stands
// for: its auth and the subscription's options.
func clientRequestInfo(client subscriptions.Client, opts *subscriptions.SubscriptionOptions) *core.RequestInfo {
	auth, _ := client.Get(apis.RealtimeClientAuthKey).(*core.Record)
	info := &core.RequestInfo{Context: core.RequestInfoContextRealtime, Method: "GET", Auth: auth}
	if opts != nil {
		info.Query, info.Headers = opts.Query, opts.Headers
	}
	return info
}

// broadcastRecord sends rec to each subscriber allowed to see it. Clients
// with the same auth and "fields" get the same bytes, built once.
func broadcastRecord(app core.App, action string, rec *core.Record, sent *sync.WaitGroup) {
	built := map[string][]byte{}
	eachSubscriber(app, rec, func(client subscriptions.Client, t topic, allowed bool) {
		if !allowed {
			return
		}
		info := clientRequestInfo(client, &t.opts)
		fields := t.opts.Query["fields"]
		key := authKey(info.Auth) + "\x00" + fields
		data, ok := built[key]
		if !ok {
			var err error
			if data, err = recordData(app, action, rec, info, fields); err != nil {
				app.Logger().Debug("live: message", "error", err.Error())
				return
			}
			built[key] = data
		}
		sent.Add(1)
		go func() {
			defer sent.Done()
			client.Send(subscriptions.Message{Name: t.name, Data: data})
		}()
	})
}

// recordData builds an event's data as PocketBase does: a clean copy
// (hidden fields only for superusers), the enrich hooks, and the
// subscription's "fields" choice.
func recordData(app core.App, action string, rec *core.Record, info *core.RequestInfo, fields string) ([]byte, error) {
	clean := rec.Fresh()
	if info.HasSuperuserAuth() {
		clean.Unhide(rec.Collection().Fields.FieldNames()...)
	}
	ev := new(core.RecordEnrichEvent)
	ev.App, ev.Record, ev.RequestInfo = app, clean, info
	if err := app.OnRecordEnrich().Trigger(ev, func(*core.RecordEnrichEvent) error { return nil }); err != nil {
		return nil, err
	}
	var body any = clean
	if fields != "" {
		picked, err := picker.Pick(clean, fields)
		if err != nil {
			return nil, err
		}
		body = picked
	}
	return json.Marshal(map[string]any{"action": action, "record": body})
}

func authKey(auth *core.Record) string {
	if auth == nil {
		return ""
	}
	return auth.Collection().Id + "/" + auth.Id
}

func ruleText(rule *string) string {
	if rule == nil {
		return "\x00nil"
	}
	return strings.TrimSpace(*rule)
}

// waitTimeout waits for wg, at most d.
func waitTimeout(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(d):
	}
}
