// Package outbox runs a table of rows to send after their commit (the
// e-mails of shop/mail, the webhook deliveries of shop/webhook): a Loop
// claims each due row with a conditional update, so any number of workers
// may run on one database and only one attempts a row; the sender's
// Attempt makes the attempt and Finish records it, releasing the claim
// and setting the next attempt's time by the sender's back-off. The rows
// have the columns status ("queued", then the sender's sent status or
// "failed"), attempts, nextAttemptAt, claimedBy, claimedUntil and updated.
package outbox

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/role"
)

// Row statuses the loop itself reads and writes.
const (
	StatusQueued = "queued"
	StatusFailed = "failed"
)

// Config is what one outbox table needs of its Loop.
type Config struct {
	Name       string // in log lines, such as "mail outbox"
	Table      string
	SentStatus string // the status of a row that went out
	SentAt     string // the column that gets the time it went out
	Poll       time.Duration
	Lease      time.Duration // how long a claim holds if its worker dies mid-attempt
	Batch      int
	// Due lists up to n queued rows whose attempt is due at now (a stored
	// date) and that no live claim holds (DueAt), in the order to attempt.
	Due func(app core.App, now string, n int) ([]string, error)
	// Ready reports whether anything is to be attempted now; nil: always.
	Ready func() bool
	// Attempt makes one attempt of a claimed row and records it with
	// Finish; an error stops the round (it is logged and retried later).
	Attempt func(ctx context.Context, row *core.Record) error
}

// Loop attempts the due rows of one table.
type Loop struct {
	cfg    Config
	app    core.App
	id     string
	wake   chan struct{}
	urgent atomic.Bool
	now    func() time.Time
}

// New is a loop of app over cfg.Table that reads the time from now.
func New(app core.App, cfg Config, now func() time.Time) *Loop {
	return &Loop{cfg: cfg, app: app, id: security.RandomString(16), wake: make(chan struct{}, 1), now: now}
}

// Wake asks the loop to look at the table now (a row was committed). It
// never blocks.
func (l *Loop) Wake() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// WakeUrgent is Wake for a row that must not wait for the batch: a round
// in progress looks at the table again before its next attempt.
func (l *Loop) WakeUrgent() {
	l.urgent.Store(true)
	l.Wake()
}

// Run attempts due rows until ctx is done: at once, whenever woken, and
// every poll interval (retries fall due). An attempt in progress when ctx
// ends is finished first.
func (l *Loop) Run(ctx context.Context) {
	for {
		if _, err := l.SendDue(ctx); err != nil {
			l.app.Logger().Error(l.cfg.Name, "error", err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-l.wake:
		case <-time.After(l.cfg.Poll):
		}
	}
}

// SendDue attempts every row that is due now, in batches, and returns how
// many it attempted. Nothing is attempted while Ready says no: the rows
// stay queued, untouched.
func (l *Loop) SendDue(ctx context.Context) (int, error) {
	attempted := 0
	for ctx.Err() == nil && (l.cfg.Ready == nil || l.cfg.Ready()) {
		ids, err := l.cfg.Due(l.app, DBTime(l.now()), l.cfg.Batch)
		if err != nil || len(ids) == 0 {
			return attempted, err
		}
		before := attempted
		for _, id := range ids {
			if ctx.Err() != nil {
				return attempted, nil
			}
			ok, err := l.Claim(id)
			if err != nil {
				return attempted, err
			}
			if ok {
				attempted++
				if err := l.Attempt(ctx, id); err != nil {
					return attempted, err
				}
			}
			if l.urgent.Swap(false) {
				break // an urgent row came in: it goes next
			}
		}
		if attempted == before {
			return attempted, nil // other workers hold the rest
		}
	}
	return attempted, nil
}

// DBTime is a time as PocketBase stores dates, so stored dates compare
// with it as text.
func DBTime(t time.Time) string {
	d, _ := types.ParseDateTime(t)
	return d.String()
}

// unclaimed matches rows that no live claim holds at now.
func unclaimed(now string) dbx.Expression {
	return dbx.Or(dbx.HashExp{"claimedUntil": ""}, dbx.NewExp("claimedUntil <= {:now}", dbx.Params{"now": now}))
}

// DueAt matches the queued rows whose attempt is due at now and that no
// live claim holds.
func DueAt(now string) dbx.Expression {
	return dbx.And(dbx.HashExp{"status": StatusQueued},
		dbx.Or(dbx.HashExp{"nextAttemptAt": ""}, dbx.NewExp("nextAttemptAt <= {:now}", dbx.Params{"now": now})),
		unclaimed(now))
}

// Claim makes the row this loop's for one lease, with one conditional
// update (like the stock update of an order): it reports false when
// another worker got there first or the row is no longer queued.
func (l *Loop) Claim(id string) (bool, error) {
	now := l.now()
	res, err := l.app.DB().Update(l.cfg.Table, dbx.Params{
		"claimedBy": l.id, "claimedUntil": DBTime(now.Add(l.cfg.Lease)),
	}, dbx.And(dbx.HashExp{"id": id, "status": StatusQueued}, unclaimed(DBTime(now)))).Execute()
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Attempt makes the sender's attempt of a row this loop has claimed; a
// row deleted meanwhile is skipped.
func (l *Loop) Attempt(ctx context.Context, id string) error {
	row, err := l.app.FindRecordById(l.cfg.Table, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return l.cfg.Attempt(ctx, row)
}

// Result is how an attempt went.
type Result struct {
	Sent    bool      // it went out
	RetryAt time.Time // when it failed: the next attempt; zero: no more, the row failed
	Set     dbx.Params
}

// Finish records an attempt of the claimed row with app (a transaction's,
// to change more with it): one more attempt, the claim released, then
// sent, failed or due again at RetryAt, and the sender's own columns Set.
// It changes nothing if the claim has lapsed to another worker.
func (l *Loop) Finish(app core.App, row *core.Record, r Result) error {
	now := DBTime(l.now())
	params := dbx.Params{"attempts": row.GetInt("attempts") + 1, "claimedBy": "", "claimedUntil": "", "updated": now}
	switch {
	case r.Sent:
		params["status"], params[l.cfg.SentAt], params["nextAttemptAt"] = l.cfg.SentStatus, now, ""
	case r.RetryAt.IsZero():
		params["status"], params["nextAttemptAt"] = StatusFailed, ""
	default:
		params["nextAttemptAt"] = DBTime(r.RetryAt)
	}
	maps.Copy(params, r.Set)
	_, err := app.DB().Update(l.cfg.Table, params, dbx.HashExp{"id": row.Id, "claimedBy": l.id}).Execute()
	return err
}

// Retry is when the attempt after the nth failed one is due, with delays
// the waits after the 1st, 2nd, ... failure; zero once they are used up.
func Retry(now time.Time, delays []time.Duration, n int) time.Time {
	if n < 1 || n > len(delays) {
		return time.Time{}
	}
	return now.Add(delays[n-1])
}

// Serve runs a loop from app's serve to its terminate, on the primary
// only: before (when set) runs first on serve and may stop the start; on
// terminate the attempt in progress is waited for, within a stop's grace.
func Serve(app core.App, name string, before func(se *core.ServeEvent) error, run func(ctx context.Context)) {
	cancel := context.CancelFunc(func() {})
	done := make(chan struct{})
	close(done) // until a loop runs, there is nothing to wait for
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if before != nil {
			if err := before(se); err != nil {
				return err
			}
		}
		if !role.Primary(se.App) {
			return se.Next() // the outbox is sent by the primary
		}
		var ctx context.Context
		ctx, cancel = context.WithCancel(context.Background())
		done = make(chan struct{})
		go func() {
			defer close(done)
			run(ctx)
		}()
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second): // a receiver that hangs
			e.App.Logger().Warn(name + " still sending at shutdown; its claim expires and another run sends it")
		}
		return e.Next()
	})
}
