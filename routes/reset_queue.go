package routes

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
)

// maxQueuedResets bounds the addresses waiting in the reset queue: a flood
// beyond the per-IP limit (many addresses) is dropped rather than queued
// without end; the answer stays the same.
const maxQueuedResets = 256

// resetEvery is about how often the reset queue is emptied: each pass
// waits between resetEvery and twice that, so a pass is not tied to the
// time of any request. Tests set it through SetResetEvery (0: the default).
var resetEvery atomic.Int64

// defaultResetEvery is resetEvery's default.
const defaultResetEvery = 500 * time.Millisecond

// resetWait is how long the worker waits before its next pass.
func resetWait() time.Duration {
	every := time.Duration(resetEvery.Load())
	if every <= 0 {
		every = defaultResetEvery
	}
	return every + rand.N(every+1)
}

// resetQueue holds the addresses of forgot-password requests until its
// worker looks them up (shop.RequestPasswordReset), all of one pass
// together. The worker starts with the first address and stops with the
// app's background work.
type resetQueue struct {
	mu      sync.Mutex
	emails  []string
	running bool
	wake    chan struct{} // a test's request for a pass now
}

// add queues email (or drops it when the queue is full) and makes sure the
// worker runs. It does the same whether the account exists or not.
func (q *resetQueue) add(app core.App, email string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.emails) >= maxQueuedResets {
		app.Logger().Warn("password reset requests dropped: too many at once")
		return
	}
	q.emails = append(q.emails, email)
	if !q.running {
		if q.wake == nil {
			q.wake = make(chan struct{}, 1)
		}
		q.running = runInBackground(app, func() { q.work(app) })
	}
}

// work empties the queue at its own times until it stays empty for a pass
// or the app stops.
func (q *resetQueue) work(app core.App) {
	b := &stateOf(app).background
	for {
		select {
		case <-time.After(resetWait()):
		case <-q.wake:
		case <-b.stopping():
			q.pass(app) // what was asked before the stop is still sent
			q.mu.Lock()
			q.running = false
			q.mu.Unlock()
			return
		}
		if q.pass(app) == 0 {
			q.mu.Lock()
			if len(q.emails) == 0 {
				q.running = false
				q.mu.Unlock()
				return
			}
			q.mu.Unlock()
		}
	}
}

// pass looks up every queued address and returns how many there were.
func (q *resetQueue) pass(app core.App) int {
	q.mu.Lock()
	emails := q.emails
	q.emails = nil
	q.mu.Unlock()
	for _, email := range emails {
		if err := account.RequestPasswordReset(app, email); err != nil {
			app.Logger().Error("password reset request", "error", err.Error())
		}
	}
	return len(emails)
}
