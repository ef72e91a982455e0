package routes

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// backgroundWork is work a handler leaves running after its answer (the
// account lookup of forgot-password). The app's terminate waits for it, so
// it never runs on a closed database.
type backgroundWork struct {
	mu      sync.Mutex
	stopped bool
	quit    chan struct{} // closed by stop
	wg      sync.WaitGroup
}

// stopping is closed when the app terminates: long-lived work (the reset
// queue's worker) ends then.
func (b *backgroundWork) stopping() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.quit == nil {
		b.quit = make(chan struct{})
	}
	return b.quit
}

// bindBackgroundWork gives app its background work and waits for it (up to
// a few seconds) when the app terminates.
func bindBackgroundWork(app core.App) {
	b := &stateOf(app).background
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		b.stop(5 * time.Second)
		return e.Next()
	})
}

// runInBackground starts f unless app is terminating; false when it did not.
func runInBackground(app core.App, f func()) bool {
	b := &stateOf(app).background
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped {
		return false
	}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		f()
	}()
	return true
}

// stop refuses new work and waits for the running work, up to timeout.
func (b *backgroundWork) stop(timeout time.Duration) {
	b.mu.Lock()
	if b.quit == nil {
		b.quit = make(chan struct{})
	}
	if !b.stopped {
		close(b.quit)
	}
	b.stopped = true
	b.mu.Unlock()
	done := make(chan struct{})
	go func() {
		b.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(timeout):
	}
}
