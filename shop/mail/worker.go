package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"stageshop/internal/outbox"
	"stageshop/shop/field"
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

// Worker sends the outbox's due e-mails through PocketBase's mailer (the
// dashboard's SMTP settings). Any number of workers may run on one
// database: each e-mail is claimed before it is sent (internal/outbox), so
// only one of them sends it.
type Worker struct {
	*outbox.Loop
	app    core.App
	delays []time.Duration
	now    func() time.Time
}

// NewWorker makes a worker for app with the default retry delays, or those
// of STAGESHOP_MAIL_RETRY_INTERVAL (an error when it is not a duration of at
// least 100ms).
func NewWorker(app core.App) (*Worker, error) {
	w := &Worker{app: app, delays: defaultRetryDelays, now: time.Now}
	cfg := outbox.Config{
		Name: "mail outbox", Table: Collection, SentStatus: statusSent, SentAt: "sentAt",
		Poll: 30 * time.Second, Lease: 5 * time.Minute, Batch: 20,
		Due: dueIDs,
		// Nothing is attempted while SMTP is not configured: the e-mails
		// stay queued until an admin sets it up.
		Ready:   func() bool { return currentSettings(app).SMTP.Enabled },
		Attempt: w.deliver,
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
		cfg.Poll = min(cfg.Poll, d)
	}
	w.Loop = outbox.New(app, cfg, func() time.Time { return w.now() })
	return w, nil
}

// dueIDs lists up to n queued e-mails whose attempt is due: account-security
// mail first (WakeUrgent), then the rest, each oldest first.
func dueIDs(app core.App, now string, n int) ([]string, error) {
	ids, err := due(app, dbx.In("kind", securityKinds...), now, n) // idx_emails_kind_status
	if err != nil || len(ids) >= n {
		return ids, err
	}
	rest, err := due(app, dbx.NotIn("kind", securityKinds...), now, n-len(ids))
	return append(ids, rest...), err
}

// due lists up to n due e-mails that match which, oldest first.
func due(app core.App, which dbx.Expression, now string, n int) ([]string, error) {
	var ids []string
	err := app.DB().Select("id").From(Collection).
		Where(outbox.DueAt(now)).AndWhere(which).
		OrderBy("created ASC", "rowid ASC").Limit(int64(n)).Column(&ids)
	return ids, err
}

// deliver sends a claimed e-mail and records the outcome: sent, or the
// error with the next attempt's time, or failed after the last retry (at
// once for a secret e-mail whose link is no longer held).
func (w *Worker) deliver(_ context.Context, rec *core.Record) error {
	id := rec.Id
	html, text, sendErr := w.outgoing(rec)
	gone := errors.Is(sendErr, errSecretGone)
	if sendErr == nil {
		sendErr = w.app.NewMailClient().Send(w.message(rec, html, text))
	}
	attempts := rec.GetInt("attempts") + 1
	var r outbox.Result
	if sendErr == nil { // keep what went out, as it went out (a secret as its placeholder)
		if HasSecret(rec.GetString("kind")) {
			secretsOf(w.app).drop(id)
			html, text, _ = content(rec)
		}
		r = outbox.Result{Sent: true, Set: dbx.Params{"lastError": "", "html": html, "text": text}}
	} else {
		r.Set = dbx.Params{"lastError": field.CutBytes(sendErr.Error(), 2000)}
		if !gone {
			r.RetryAt = outbox.Retry(w.now(), w.delays, attempts)
		}
		w.app.Logger().Warn("mail not sent", "id", id, "kind", rec.GetString("kind"), "attempt", attempts, "error", sendErr.Error())
	}
	return w.Finish(w.app, rec, r)
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
