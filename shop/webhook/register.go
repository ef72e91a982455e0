package webhook

import (
	"context"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/db"
	"stageshop/internal/outbox"
	"stageshop/shop/wire"
)

// workers are the running worker of each app (SendTest uses it).
var workers sync.Map // core.App -> *Worker

// Register runs webhooks with app: the business records' hooks emit the
// events in their transactions, each committed event wakes the worker,
// which runs from serve to terminate.
func Register(app core.App) {
	w := NewWorker(app)
	workers.Store(app, w)
	bindEvents(app)
	app.OnRecordAfterCreateSuccess(EventsCollection).Bind(&hook.Handler[*core.RecordEvent]{
		Id: "stageshop.webhook.wake", Priority: db.AfterCommitNotify,
		Func: func(e *core.RecordEvent) error {
			w.Wake()
			return e.Next()
		},
	})
	outbox.Serve(app, "webhook worker", nil, w.Run)
}

// workerOf is app's registered worker, or a new one.
func workerOf(app core.App) *Worker {
	if w, ok := workers.Load(app); ok {
		return w.(*Worker)
	}
	return NewWorker(app)
}

// SendTest queues a webhook.test event to the one endpoint (paused or
// not) and attempts it at once, answering the delivery with the attempt.
// A test that goes through makes a failing or paused endpoint active.
func SendTest(ctx context.Context, app core.App, id string) (wire.WebhookDelivery, error) {
	if _, err := find(app, id); err != nil {
		return wire.WebhookDelivery{}, err
	}
	var eventID string
	err := app.RunInTransaction(func(txApp core.App) error {
		var err error
		eventID, err = emit(txApp, TypeTest, map[string]any{"message": "Test event from StageShop", "webhook": id}, id)
		return err
	})
	if err != nil {
		return wire.WebhookDelivery{}, err
	}
	rec, err := app.FindFirstRecordByFilter(DeliveriesCollection, "event = {:e} && endpoint = {:id}",
		map[string]any{"e": eventID, "id": id})
	if err != nil {
		return wire.WebhookDelivery{}, err
	}
	w := workerOf(app)
	if claimed, err := w.Claim(rec.Id); err != nil {
		return wire.WebhookDelivery{}, err
	} else if claimed {
		if err := w.Attempt(ctx, rec.Id); err != nil {
			return wire.WebhookDelivery{}, err
		}
	} else {
		waitAttempted(ctx, app, rec.Id) // the running worker got there first
	}
	if rec, err = app.FindRecordById(DeliveriesCollection, rec.Id); err != nil {
		return wire.WebhookDelivery{}, err
	}
	return deliveryWire(rec), nil
}

// waitAttempted waits up to 20 s for a delivery's first attempt.
func waitAttempted(ctx context.Context, app core.App, id string) {
	for i := 0; i < 100 && ctx.Err() == nil; i++ {
		rec, err := app.FindRecordById(DeliveriesCollection, id)
		if err != nil || rec.GetInt("attempts") > 0 {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// Deliveries lists the last 100 deliveries to an endpoint, newest first.
func Deliveries(app core.App, id string) ([]wire.WebhookDelivery, error) {
	if _, err := find(app, id); err != nil {
		return nil, err
	}
	var recs []*core.Record
	err := app.RecordQuery(DeliveriesCollection).Where(dbx.HashExp{"endpoint": id}).
		OrderBy("created DESC", "rowid DESC").Limit(100).All(&recs)
	if err != nil {
		return nil, err
	}
	out := make([]wire.WebhookDelivery, 0, len(recs))
	for _, r := range recs {
		out = append(out, deliveryWire(r))
	}
	return out, nil
}

// deliveryWire is a delivery record as the admin sees it.
func deliveryWire(r *core.Record) wire.WebhookDelivery {
	var log []wire.WebhookAttempt
	_ = r.UnmarshalJSONField("log", &log)
	if log == nil {
		log = []wire.WebhookAttempt{}
	}
	return wire.WebhookDelivery{ID: r.Id, EventID: r.GetString("event"), Type: r.GetString("type"),
		Status: r.GetString("status"), Attempts: log, NextAttemptAt: dateText(r, "nextAttemptAt"),
		DeliveredAt: dateText(r, "deliveredAt"), Created: dateText(r, "created")}
}
