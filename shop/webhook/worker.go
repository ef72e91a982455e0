package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/outbox"
	"stageshop/shop/field"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// SignatureHeader carries t=<unix>,v1=<hex HMAC-SHA256 of "t.body">.
const SignatureHeader = "StageShop-Signature"

// retryDelays are the waits after the 1st, 2nd, ... failed attempt (the
// last repeats); a delivery whose next attempt would come more than
// retryFor after its event is failed. pauseAfter is how long an endpoint
// fails before it is paused.
var (
	retryDelays = []time.Duration{30 * time.Second, 2 * time.Minute, 10 * time.Minute, 30 * time.Minute,
		time.Hour, 2 * time.Hour, 4 * time.Hour, 6 * time.Hour}
	retryFor   = 24 * time.Hour
	pauseAfter = 24 * time.Hour
)

// maxLog is how many attempts a delivery keeps in its log.
const maxLog = 30

// Worker delivers the due deliveries. Any number may run on one
// database: each delivery is claimed first (internal/outbox).
type Worker struct {
	*outbox.Loop
	app    core.App
	client *http.Client
	now    func() time.Time
}

// NewWorker is a worker for app.
func NewWorker(app core.App) *Worker {
	w := &Worker{app: app, client: newClient(), now: time.Now}
	w.Loop = outbox.New(app, outbox.Config{
		Name: "webhook outbox", Table: DeliveriesCollection, SentStatus: statusDelivered, SentAt: "deliveredAt",
		Poll: 15 * time.Second, Lease: 2 * time.Minute, Batch: 20,
		Due: dueIDs, Attempt: w.deliver,
	}, func() time.Time { return w.now() })
	return w
}

// dueIDs lists up to n queued, unclaimed deliveries whose attempt is due,
// to endpoints that are not paused, oldest first.
func dueIDs(app core.App, now string, n int) ([]string, error) {
	var ids []string
	err := app.DB().NewQuery(`SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint
		WHERE d.status = 'queued' AND e.state != 'paused' AND (d.nextAttemptAt = '' OR d.nextAttemptAt <= {:now})
		AND (d.claimedUntil = '' OR d.claimedUntil <= {:now}) ORDER BY d.created, d.rowid LIMIT {:n}`).
		Bind(dbx.Params{"now": now, "n": n}).Column(&ids)
	return ids, err
}

// job is what one attempt needs.
type job struct {
	delivery, endpoint, event *core.Record
}

// load reads a claimed delivery's endpoint and event.
func (w *Worker) load(delivery *core.Record) (job, error) {
	j := job{delivery: delivery}
	var err error
	if j.endpoint, err = w.app.FindRecordById(EndpointsCollection, j.delivery.GetString("endpoint")); err != nil {
		return j, err
	}
	j.event, err = w.app.FindRecordById(EventsCollection, j.delivery.GetString("event"))
	return j, err
}

// deliver makes one attempt of a claimed delivery and records it.
func (w *Worker) deliver(ctx context.Context, delivery *core.Record) error {
	j, err := w.load(delivery)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the endpoint was deleted meanwhile
	}
	if err != nil {
		return err
	}
	body, err := Body(j.event)
	if err != nil {
		return err
	}
	attempt := w.post(ctx, j.endpoint, j.event, body)
	return w.record(j, attempt)
}

// Body is the JSON an event is delivered as: {id, type, createdAt, data}.
func Body(event *core.Record) ([]byte, error) {
	return json.Marshal(struct {
		ID        string          `json:"id"`
		Type      string          `json:"type"`
		CreatedAt string          `json:"createdAt"`
		Data      json.RawMessage `json:"data"`
	}{event.Id, event.GetString("type"), dateText(event, "created"), rawJSON(event.Get("data"))})
}

// rawJSON is a JSON field's value as raw JSON (null when empty).
func rawJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil || len(b) == 0 || string(b) == `""` {
		return json.RawMessage("null")
	}
	return b
}

// Sign is the StageShop-Signature header of body sent at t with secret.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}

// Verify checks a StageShop-Signature header against body and secret, and
// that it was made within tolerance of now (receivers refuse replays).
func Verify(secret, header string, body []byte, now time.Time, tolerance time.Duration) bool {
	var ts, v1 string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			v1 = v
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || v1 == "" {
		return false
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return false
	}
	want := Sign(secret, time.Unix(sec, 0), body)
	return hmac.Equal([]byte(want), []byte("t="+ts+",v1="+v1))
}

// post sends body to the endpoint and tells how it went.
func (w *Worker) post(ctx context.Context, endpoint, event *core.Record, body []byte) wire.WebhookAttempt {
	start := w.now()
	a := wire.WebhookAttempt{At: start.UTC().Format(time.RFC3339)}
	url := endpoint.GetString("url")
	err := checkURL(ctx, url)
	var resp *http.Response
	if err == nil {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("User-Agent", "StageShop-Webhooks/1")
			req.Header.Set("StageShop-Event-Id", event.Id)
			req.Header.Set(SignatureHeader, Sign(endpoint.GetString("secret"), time.Now(), body))
			resp, err = w.client.Do(req)
		}
	}
	a.DurationMs = time.Since(start).Milliseconds()
	if err != nil {
		a.Error = field.CutBytes(err.Error(), 500)
		return a
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 2000))
	a.StatusCode, a.Answer = resp.StatusCode, field.CutBytes(string(answer), 2000)
	return a
}

// ok reports whether an attempt was answered 2xx.
func ok(a wire.WebhookAttempt) bool { return a.StatusCode >= 200 && a.StatusCode < 300 }

// record stores an attempt on its delivery and the endpoint's state, in
// one transaction.
func (w *Worker) record(j job, a wire.WebhookAttempt) error {
	var log []wire.WebhookAttempt
	_ = j.delivery.UnmarshalJSONField("log", &log)
	log = append(log, a)
	if len(log) > maxLog {
		log = log[len(log)-maxLog:]
	}
	logJSON, _ := json.Marshal(log)
	attempts := j.delivery.GetInt("attempts") + 1
	now := w.now()
	r := outbox.Result{Sent: ok(a), Set: dbx.Params{"log": string(logJSON), "lastStatus": a.StatusCode}}
	if !r.Sent {
		next := outbox.Retry(now, retryDelays, min(attempts, len(retryDelays))) // the last delay repeats
		if next.Sub(j.event.GetDateTime("created").Time()) <= retryFor {
			r.RetryAt = next
		}
	}
	return w.app.RunInTransaction(func(txApp core.App) error {
		if err := w.Finish(txApp, j.delivery, r); err != nil {
			return err
		}
		return w.endpointAfter(txApp, j.endpoint, a, now)
	})
}

// endpointAfter moves the endpoint's state after an attempt: a success
// makes it active again (a test event that goes through resumes a paused
// one); a failure makes an active one failing, and one failing for
// pauseAfter paused, with an e-mail to every admin.
func (w *Worker) endpointAfter(txApp core.App, ep *core.Record, a wire.WebhookAttempt, now time.Time) error {
	id := ep.Id
	if ok(a) {
		_, err := txApp.DB().NewQuery(`UPDATE webhook_endpoints SET state = 'active', failingSince = '', pausedAt = '',
			lastError = '', updated = {:now} WHERE id = {:id} AND state != 'active'`).
			Bind(dbx.Params{"id": id, "now": dbTime(now)}).Execute()
		return err
	}
	reason := a.Error
	if reason == "" {
		reason = fmt.Sprintf("HTTP %d", a.StatusCode)
	}
	p := dbx.Params{"id": id, "now": dbTime(now), "err": field.CutBytes(reason, 2000), "since": dbTime(now.Add(-pauseAfter))}
	if _, err := txApp.DB().NewQuery(`UPDATE webhook_endpoints SET state = 'failing', failingSince = {:now},
		lastError = {:err}, updated = {:now} WHERE id = {:id} AND state = 'active'`).Bind(p).Execute(); err != nil {
		return err
	}
	res, err := txApp.DB().NewQuery(`UPDATE webhook_endpoints SET state = 'paused', pausedAt = {:now}, lastError = {:err},
		updated = {:now} WHERE id = {:id} AND state = 'failing' AND failingSince != '' AND failingSince <= {:since}`).Bind(p).Execute()
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return mail.QueueWebhookPaused(txApp, id, ep.GetString("url"), reason, dbTime(now))
	}
	_, err = txApp.DB().NewQuery(`UPDATE webhook_endpoints SET lastError = {:err} WHERE id = {:id} AND state = 'failing'`).Bind(p).Execute()
	return err
}
