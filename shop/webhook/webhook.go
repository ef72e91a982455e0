// Package webhook sends the shop's events to the endpoints an Admin
// registers (api.md "Staff, API keys and webhooks"). Emit writes an event
// in the business transaction, with one delivery row per subscribed
// endpoint (unique per event and endpoint, so an event reaches an
// endpoint at most once: woocommerce #20047 fired them repeatedly); after
// the commit a Worker claims each due delivery with a conditional update
// and POSTs {id, type, createdAt, data}, signed with the endpoint's secret
// (StageShop-Signature), retrying with backoff for a day. An endpoint
// whose deliveries fail is shown failing at once and paused only after a
// day of failures, with an e-mail to the admins (never silently after a
// number of failures: woocommerce #28860). URLs are checked against the
// SSRF rules at creation and at every connection and redirect (ssrf.go).
package webhook

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/wire"
)

// Collections.
const (
	EndpointsCollection  = "webhook_endpoints"
	EventsCollection     = "webhook_events"
	DeliveriesCollection = "webhook_deliveries"
)

// Event types (api.md); TypeTest is the admin's "send test event".
const (
	OrderCreated       = "order.created"
	OrderPaid          = "order.paid"
	OrderStatusChanged = "order.status_changed"
	OrderCancelled     = "order.cancelled"
	RefundCreated      = "refund.created"
	ReturnRequested    = "return.requested"
	QuoteRequested     = "quote.requested"
	QuoteAccepted      = "quote.accepted"
	ProductUpdated     = "product.updated"
	StockLow           = "stock.low"
	TypeTest           = "webhook.test"
)

// Types are the event types an endpoint may subscribe to.
var Types = []string{OrderCreated, OrderPaid, OrderStatusChanged, OrderCancelled, RefundCreated,
	ReturnRequested, QuoteRequested, QuoteAccepted, ProductUpdated, StockLow}

// Endpoint states.
const (
	StateActive  = "active"
	StateFailing = "failing"
	StatePaused  = "paused"
)

// Delivery statuses.
const (
	statusQueued    = "queued"
	statusDelivered = "delivered"
	statusFailed    = "failed"
)

// Errors a client can cause.
var (
	ErrNotFound = wire.NotFound("Webhook not found")
	ErrEvents   = wire.BadRequest("invalid_events", "Choose at least one known event")
)

// dbTime is t as PocketBase stores dates (compares as text).
func dbTime(t time.Time) string {
	d, _ := types.ParseDateTime(t)
	return d.String()
}

// newID is a PocketBase-style record id.
func newID() string {
	return security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789")
}

// Emit writes an event of typ with data (any JSON value) to the outbox
// with txApp, the transaction of the change it tells, and queues one
// delivery to each endpoint that subscribes to typ and is not paused. It
// writes nothing when no endpoint wants typ. The worker is woken after
// the commit; a rollback takes the event with it.
func Emit(txApp core.App, typ string, data any) error {
	_, err := emit(txApp, typ, data, "")
	return err
}

// emit is Emit, to the one endpoint only when it is given (the test
// event), and returns the event's id ("" when nobody wanted it).
func emit(txApp core.App, typ string, data any, only string) (string, error) {
	q := txApp.DB().Select("id").From(EndpointsCollection).Where(dbx.Not(dbx.HashExp{"state": StatePaused}))
	if only != "" {
		q = txApp.DB().Select("id").From(EndpointsCollection).Where(dbx.HashExp{"id": only})
	} else {
		q = q.AndWhere(dbx.NewExp("EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(events) THEN events ELSE '[]' END) WHERE value = {:t})", dbx.Params{"t": typ}))
	}
	var endpoints []string
	if err := q.Column(&endpoints); err != nil || len(endpoints) == 0 {
		return "", err
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return "", err
	}
	col, err := txApp.FindCachedCollectionByNameOrId(EventsCollection)
	if err != nil {
		return "", err
	}
	ev := core.NewRecord(col)
	ev.Set("type", typ)
	ev.Set("data", types.JSONRaw(raw))
	if err := txApp.SaveNoValidate(ev); err != nil { // its after-create hook wakes the worker after the commit
		return "", err
	}
	now := dbTime(time.Now())
	for _, ep := range endpoints {
		_, err := txApp.DB().NewQuery(`INSERT OR IGNORE INTO webhook_deliveries
			(id, event, endpoint, type, status, attempts, nextAttemptAt, claimedBy, claimedUntil, lastStatus, log, deliveredAt, created, updated)
			VALUES ({:id}, {:ev}, {:ep}, {:t}, 'queued', 0, '', '', '', 0, '[]', '', {:now}, {:now})`).
			Bind(dbx.Params{"id": newID(), "ev": ev.Id, "ep": ep, "t": typ, "now": now}).Execute()
		if err != nil {
			return "", err
		}
	}
	return ev.Id, nil
}

// Wants reports whether an endpoint that is not paused subscribes to typ,
// so a caller can skip reading what the event would tell.
func Wants(app core.App, typ string) bool {
	var n int
	err := app.DB().NewQuery(`SELECT COUNT(*) FROM webhook_endpoints WHERE state != 'paused'
		AND EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(events) THEN events ELSE '[]' END) WHERE value = {:t})`).
		Bind(dbx.Params{"t": typ}).Row(&n)
	return err == nil && n > 0
}

// Create registers an endpoint for url and events after the SSRF check
// (400 ErrAddress) and answers it with its secret, shown this once.
func Create(ctx context.Context, app core.App, in wire.WebhookInput, by string) (wire.Webhook, error) {
	in.URL = strings.TrimSpace(in.URL)
	if err := CheckURL(ctx, in.URL); err != nil {
		return wire.Webhook{}, err
	}
	events, err := cleanEvents(in.Events)
	if err != nil {
		return wire.Webhook{}, err
	}
	col, err := app.FindCachedCollectionByNameOrId(EndpointsCollection)
	if err != nil {
		return wire.Webhook{}, err
	}
	secret := newSecret()
	rec := core.NewRecord(col)
	rec.Set("url", in.URL)
	rec.Set("events", events)
	rec.Set("secret", secret)
	rec.Set("state", StateActive)
	rec.Set("createdBy", by)
	if err := app.Save(rec); err != nil {
		return wire.Webhook{}, err
	}
	w := toWire(rec)
	w.Secret = secret
	return w, nil
}

// cleanEvents is events without repeats, each known (ErrEvents otherwise).
func cleanEvents(events []string) ([]string, error) {
	var out []string
	for _, e := range events {
		if !slices.Contains(Types, e) {
			return nil, ErrEvents
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, ErrEvents
	}
	return out, nil
}

// newSecret is a signing secret: whsec_ and 32 random bytes in hex.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return "whsec_" + hex.EncodeToString(b)
}

// List is every endpoint, newest first, without secrets.
func List(app core.App) ([]wire.Webhook, error) {
	recs, err := app.FindRecordsByFilter(EndpointsCollection, "", "-created", 0, 0)
	if err != nil {
		return nil, err
	}
	out := make([]wire.Webhook, 0, len(recs))
	for _, r := range recs {
		out = append(out, toWire(r))
	}
	return out, nil
}

// find is the endpoint of id, or ErrNotFound.
func find(app core.App, id string) (*core.Record, error) {
	rec, err := app.FindRecordById(EndpointsCollection, id)
	if err != nil {
		return nil, ErrNotFound
	}
	return rec, nil
}

// Delete removes an endpoint and its deliveries in one transaction; no
// delivery to it is attempted afterwards. It answers the endpoint as it was.
func Delete(app core.App, id string) (wire.Webhook, error) {
	var w wire.Webhook
	err := app.RunInTransaction(func(txApp core.App) error {
		rec, err := find(txApp, id)
		if err != nil {
			return err
		}
		w = toWire(rec)
		if _, err := txApp.DB().Delete(DeliveriesCollection, dbx.HashExp{"endpoint": id}).Execute(); err != nil {
			return err
		}
		return txApp.Delete(rec)
	})
	return w, err
}

// toWire is an endpoint record as the admin sees it (no secret).
func toWire(r *core.Record) wire.Webhook {
	var events []string
	_ = r.UnmarshalJSONField("events", &events)
	if events == nil {
		events = []string{}
	}
	return wire.Webhook{ID: r.Id, URL: r.GetString("url"), Events: events, State: r.GetString("state"),
		FailingSince: dateText(r, "failingSince"), PausedAt: dateText(r, "pausedAt"),
		LastError: r.GetString("lastError"), Created: dateText(r, "created")}
}

// dateText is a date field in RFC 3339, or "" when unset.
func dateText(r *core.Record, field string) string {
	d := r.GetDateTime(field)
	if d.IsZero() {
		return ""
	}
	return d.Time().UTC().Format(time.RFC3339)
}
