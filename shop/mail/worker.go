package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"
)

// retryIntervalEnv names the environment variable that replaces every
// retry delay by one duration (such as "2s"), for tests that stop the SMTP
// server and want the e-mail soon after it is back. The number of attempts
// stays the same.
const retryIntervalEnv = "STAGESHOP_MAIL_RETRY_INTERVAL"

// defaultRetryDelays are the waits after the 1st, 2nd, ... failed attempt:
// 1 min, 5 min, 30 min, 2 h, then every 6 h for two days. After the last
// one fails the e-mail is marked failed.
var defaultRetryDelays = func() []time.Duration {
	d := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour}
	for i := 0; i < 8; i++ {
		d = append(d, 6*time.Hour)
	}
	return d
}()

// worker sends the outbox's due e-mails through PocketBase's mailer (the
// dashboard's SMTP settings). Any number of workers may run on one database:
// each e-mail is claimed with a conditional update before it is sent, so
// only one of them sends it.
type Worker struct {
	app    core.App
	id     string
	delays []time.Duration
	poll   time.Duration // how often the outbox is looked at without a wake-up
	lease  time.Duration // how long a claim holds if its worker dies mid-send
	batch  int
	wake   chan struct{}
	urgent atomic.Bool // account-security mail was queued: look again before the next send
	now    func() time.Time
}

// NewWorker makes a worker for app with the default retry delays, or those
// of STAGESHOP_MAIL_RETRY_INTERVAL (an error when it is not a duration of at
// least 100ms).
func NewWorker(app core.App) (*Worker, error) {
	w := &Worker{
		app: app, id: security.RandomString(16), delays: defaultRetryDelays,
		poll: 30 * time.Second, lease: 5 * time.Minute, batch: 20,
		wake: make(chan struct{}, 1), now: time.Now,
	}
	if v := os.Getenv(retryIntervalEnv); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond {
			return nil, fmt.Errorf("%s=%q: want a duration of at least 100ms, such as 2s", retryIntervalEnv, v)
		}
		w.delays = make([]time.Duration, len(defaultRetryDelays))
		for i := range w.delays {
			w.delays[i] = d
		}
		w.poll = min(w.poll, d)
	}
	return w, nil
}

// Wake asks the worker to look at the outbox now (a new e-mail was
// committed). It never blocks.
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// WakeUrgent is Wake for account-security mail: a send loop in progress
// looks at the outbox again before its next send, so the e-mail goes out
// next, not after the batch.
func (w *Worker) WakeUrgent() {
	w.urgent.Store(true)
	w.Wake()
}

// Run sends due e-mails until ctx is done: at once, whenever woken, and
// every poll interval (retries fall due, SMTP gets configured). A send in
// progress when ctx ends is finished first.
func (w *Worker) Run(ctx context.Context) {
	for {
		if _, err := w.SendDue(ctx); err != nil {
			w.app.Logger().Error("mail outbox", "error", err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-time.After(w.poll):
		}
	}
}

// SendDue sends every e-mail that is due now, in batches, and returns how
// many it attempted. Nothing is attempted while SMTP is not configured:
// the e-mails stay queued, untouched, until an admin sets it up.
func (w *Worker) SendDue(ctx context.Context) (int, error) {
	attempted := 0
	for ctx.Err() == nil && currentSettings(w.app).SMTP.Enabled {
		ids, err := w.dueIDs()
		if err != nil || len(ids) == 0 {
			return attempted, err
		}
		before := attempted
		for _, id := range ids {
			if ctx.Err() != nil {
				return attempted, nil
			}
			ok, err := w.claim(id)
			if err != nil {
				return attempted, err
			}
			if ok {
				attempted++
				if err := w.deliver(id); err != nil {
					return attempted, err
				}
			}
			if w.urgent.Swap(false) {
				break // account-security mail came in: it goes next
			}
		}
		if attempted == before {
			return attempted, nil // other workers hold the rest
		}
	}
	return attempted, nil
}

// dbTime is a time as PocketBase stores dates, so stored dates compare
// with it as text.
func dbTime(t time.Time) string {
	d, _ := types.ParseDateTime(t)
	return d.String()
}

// unclaimed matches e-mails that no live worker holds.
func unclaimed(now string) dbx.Expression {
	return dbx.Or(dbx.HashExp{"claimedUntil": ""}, dbx.NewExp("claimedUntil <= {:now}", dbx.Params{"now": now}))
}

// dueIDs lists up to a batch of queued e-mails whose attempt is due:
// account-security mail first, then the rest, each oldest first.
func (w *Worker) dueIDs() ([]string, error) {
	ids, err := w.due(dbx.In("kind", securityKinds...), w.batch) // idx_emails_kind_status
	if err != nil || len(ids) >= w.batch {
		return ids, err
	}
	rest, err := w.due(dbx.NotIn("kind", securityKinds...), w.batch-len(ids))
	return append(ids, rest...), err
}

// due lists up to n due e-mails that match which, oldest first.
func (w *Worker) due(which dbx.Expression, n int) ([]string, error) {
	now := dbTime(w.now())
	var ids []string
	err := w.app.DB().Select("id").From(Collection).
		Where(dbx.HashExp{"status": StatusQueued}).AndWhere(which).
		AndWhere(dbx.Or(dbx.HashExp{"nextAttemptAt": ""}, dbx.NewExp("nextAttemptAt <= {:now}", dbx.Params{"now": now}))).
		AndWhere(unclaimed(now)).
		OrderBy("created ASC", "rowid ASC").Limit(int64(n)).Column(&ids)
	return ids, err
}

// claim makes the e-mail this worker's for one lease, with one conditional
// update (like the stock update of an order): it reports false when another
// worker got there first or the e-mail is no longer queued.
func (w *Worker) claim(id string) (bool, error) {
	now := w.now()
	res, err := w.app.DB().Update(Collection, dbx.Params{
		"claimedBy": w.id, "claimedUntil": dbTime(now.Add(w.lease)),
	}, dbx.And(dbx.HashExp{"id": id, "status": StatusQueued}, unclaimed(dbTime(now)))).Execute()
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// deliver sends a claimed e-mail and records the outcome: sent, or the
// error with the next attempt's time, or failed after the last retry (at
// once for a secret e-mail whose link is no longer held).
func (w *Worker) deliver(id string) error {
	rec, err := w.app.FindRecordById(Collection, id)
	if err != nil {
		return err
	}
	html, text, sendErr := w.outgoing(rec)
	gone := errors.Is(sendErr, errSecretGone)
	if sendErr == nil {
		sendErr = w.app.NewMailClient().Send(w.message(rec, html, text))
	}
	attempts := rec.GetInt("attempts") + 1
	now := w.now()
	params := dbx.Params{"attempts": attempts, "claimedBy": "", "claimedUntil": "", "updated": dbTime(now)}
	switch {
	case sendErr == nil: // keep what went out, as it went out (a secret as its placeholder)
		params["status"], params["sentAt"], params["lastError"], params["nextAttemptAt"] = statusSent, dbTime(now), "", ""
		if HasSecret(rec.GetString("kind")) {
			secretsOf(w.app).drop(id)
			html, text, _ = content(rec)
		}
		params["html"], params["text"] = html, text
	case gone || attempts > len(w.delays):
		params["status"], params["lastError"] = StatusFailed, truncate(sendErr.Error(), 2000)
	default:
		params["lastError"] = truncate(sendErr.Error(), 2000)
		params["nextAttemptAt"] = dbTime(now.Add(w.delays[attempts-1]))
	}
	if sendErr != nil {
		w.app.Logger().Warn("mail not sent", "id", id, "kind", rec.GetString("kind"), "attempt", attempts, "error", sendErr.Error())
	}
	_, err = w.app.DB().Update(Collection, params, dbx.HashExp{"id": id, "claimedBy": w.id}).Execute()
	return err
}

// outgoing is the HTML and text that go out for rec: its content, with the
// held secret put in for e-mails that carry one.
func (w *Worker) outgoing(rec *core.Record) (html, text string, err error) {
	if HasSecret(rec.GetString("kind")) {
		return withSecret(w.app, rec, w.now())
	}
	return content(rec)
}

// message builds the mailer message of an outbox record with its rendered
// content, from the shop (sender: the store details, else the dashboard's
// Settings > Mail settings).
func (w *Worker) message(rec *core.Record, html, text string) *mailer.Message {
	name, address := sender(w.app)
	headers := map[string]string{"Auto-Submitted": "auto-generated"}
	// Answers to any e-mail reach the shop's contact address, not the
	// (often unattended) sender address.
	if to := identityOf(w.app).ReplyTo; to != "" && to != address {
		headers["Reply-To"] = (&mail.Address{Address: to}).String()
	}
	return &mailer.Message{
		From:    mail.Address{Name: name, Address: address},
		To:      []mail.Address{{Address: rec.GetString("to")}},
		Subject: rec.GetString("subject"),
		HTML:    html,
		Text:    text,
		Headers: headers,
	}
}

// truncate cuts s to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n]
}
