// Package realtime bounds what a client of PocketBase's realtime
// (/api/realtime, server-sent events) can cost the server, through
// PocketBase's public hooks only, and ends a session's realtime clients when
// the session ends.
//
// PocketBase sends each event to each matching subscription of each client
// from its own goroutine, into an unbuffered channel, and turns off the
// write deadline for the stream: a client that stops reading kept one
// goroutine per event and topic forever. Here each client has a bounded
// queue that never blocks a sender (a full queue drops the client), every
// message has a write deadline, a client holds at most one subscription per
// collection (so one event is one message per client, not one per topic)
// and a few topics in all, and one address holds a few connections.
package realtime

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Limits bound what one realtime client may cost.
type Limits struct {
	MaxTopics     int           // subscriptions one client may hold
	MaxPerIP      int           // realtime connections open from one address
	QueueMessages int           // messages waiting for a slow connection
	QueueBytes    int           // and their size in bytes
	WriteTimeout  time.Duration // for writing one message to the connection
}

// DefaultLimits are the shop's limits. The app holds 4 topics (PB_CONNECT,
// products/*, and for admins orders/* and contact_requests/*) and one
// connection per tab; a queue of 64 messages is minutes of a busy shop's
// events for a reader that is briefly slow.
func DefaultLimits() Limits {
	return Limits{MaxTopics: 20, MaxPerIP: 20, QueueMessages: 64, QueueBytes: 256 << 10, WriteTimeout: 10 * time.Second}
}

// PerIPEnv overrides Limits.MaxPerIP: behind a proxy whose client address
// PocketBase is not told about (Settings → Application → trusted proxy
// headers), every visitor has the proxy's address.
const PerIPEnv = "STAGESHOP_REALTIME_PER_IP"

// errEnded stops PocketBase's connection loop for a client that has ended.
var errEnded = errors.New("realtime client ended")

// Register bounds app's realtime clients with DefaultLimits (MaxPerIP from
// PerIPEnv when set; a bad value stops the start with a clear error) and
// ends a session's realtime clients when the session ends.
func Register(app core.App) {
	limits := DefaultLimits()
	var envErr error
	if v := os.Getenv(PerIPEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			envErr = fmt.Errorf("%s=%q: want a whole number of connections, at least 1", PerIPEnv, v)
		} else {
			limits.MaxPerIP = n
		}
	}
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if envErr != nil {
			return envErr
		}
		return e.Next()
	})
	RegisterWith(app, limits)
}

// RegisterWith binds the realtime hooks with the given limits.
func RegisterWith(app core.App, limits Limits) {
	open := &addressCount{n: map[string]int{}}
	app.OnRealtimeConnectRequest().BindFunc(func(e *core.RealtimeConnectRequestEvent) error {
		return connect(e, limits, open)
	})
	app.OnRealtimeSubscribeRequest().BindFunc(func(e *core.RealtimeSubscribeRequestEvent) error {
		if err := checkTopics(e.App, e.Subscriptions, limits.MaxTopics); err != nil {
			return e.BadRequestError("Invalid realtime subscriptions.", err)
		}
		rememberSession(e)
		return e.Next()
	})
	app.OnRealtimeMessageSend().BindFunc(func(e *core.RealtimeMessageEvent) error {
		if c, ok := e.Client.(*client); ok && !c.beforeWrite(e.Message) {
			return errEnded
		}
		return e.Next()
	})
	bindSessionEnds(app)
}

// connect admits a connection when its address has room, and gives it a
// bounded client whose connection can be ended from outside.
func connect(e *core.RealtimeConnectRequestEvent, limits Limits, open *addressCount) error {
	ip := e.RealIP()
	if !open.take(ip, limits.MaxPerIP) {
		return e.TooManyRequestsError("Too many realtime connections from this address.", nil)
	}
	defer open.give(ip)
	ctx, cancel := context.WithCancel(e.Request.Context())
	defer cancel()
	// PocketBase's loop ends when this request's context is done.
	e.Request = e.Request.WithContext(ctx)
	app := e.App
	c := newClient(limits, http.NewResponseController(e.Response), cancel, func() {
		app.Logger().Info("realtime: dropped a client that does not keep up", "ip", ip)
	})
	// PocketBase's subscribe request checks the subscriber's address with it.
	c.Set(apis.RealtimeClientIPKey, ip)
	e.Client = c
	defer c.finish()
	return e.Next()
}

// addressCount counts open connections per client address.
type addressCount struct {
	mu sync.Mutex
	n  map[string]int
}

// take counts one more connection from ip unless it already has max.
func (a *addressCount) take(ip string, max int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n[ip] >= max {
		return false
	}
	a.n[ip]++
	return true
}

// give counts one connection from ip less.
func (a *addressCount) give(ip string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n[ip]--; a.n[ip] <= 0 {
		delete(a.n, ip)
	}
}
