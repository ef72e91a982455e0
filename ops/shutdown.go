package ops

import (
	"context"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// defaultGrace is how long a stop waits for requests in flight; the
// environment variable STAGESHOP_SHUTDOWN_GRACE (a Go duration) changes it.
// It stays under Docker's and systemd's usual 10 s between SIGTERM and
// SIGKILL.
const defaultGrace = 8 * time.Second

// drainPriority runs the drain before PocketBase's own shutdown handler
// (priority -9999), which cancels every request's context and gives them one
// second: a checkout caught in that second could be answered 500 or not at
// all, though its order was committed.
const drainPriority = -10000

// bindGracefulStop makes SIGTERM (and SIGINT) stop the server gracefully:
// the listener closes at once (new connections are refused, so a load
// balancer moves on), realtime streams are ended (they would never finish
// by themselves), and the requests in flight run to their answer before
// the other OnTerminate handlers (the e-mail worker, the database close)
// run.
func bindGracefulStop(app core.App) {
	var server atomic.Pointer[http.Server]
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			server.Store(se.Server)
			return se.Next()
		},
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id:       "stageshopDrain",
		Priority: drainPriority,
		Func: func(te *core.TerminateEvent) error {
			if s := server.Load(); s != nil && !te.IsRestart {
				drain(te.App, s, grace(te.App))
			}
			return te.Next()
		},
	})
}

// drain shuts server down, waiting at most d for the requests in flight.
func drain(app core.App, server *http.Server, d time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- server.Shutdown(ctx) }()
	broker := app.SubscriptionsBroker()
	for id := range broker.Clients() {
		broker.Unregister(id)
	}
	if err := <-done; err != nil {
		app.Logger().Warn("stop: requests still running after the grace period", "grace", d.String(), "error", err.Error())
	}
}

// grace is the configured grace period.
func grace(app core.App) time.Duration {
	if v := os.Getenv("STAGESHOP_SHUTDOWN_GRACE"); v != "" {
		if d, err := time.ParseDuration(v); err == nil && d >= 0 {
			return d
		}
		app.Logger().Warn("STAGESHOP_SHUTDOWN_GRACE is not a duration, using the default", "value", v)
	}
	return defaultGrace
}
