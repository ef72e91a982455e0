package main

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// crashResult is one round of the crash test (test 5).
type crashResult struct {
	LoadFor     time.Duration // load before the SIGKILL
	OrdersInRun int           // orders the clients saw placed in this round
	Restart     time.Duration // from restart to /api/health answering
	Check       integrity
	ServesAfter bool // the product list answers 200 after the restart
}

func (r crashResult) ok() bool { return r.Check.ok() && r.ServesAfter }

func (r crashResult) String() string {
	return fmt.Sprintf("killed after %s of load (%d orders acknowledged), restart %s, serves=%v, %s",
		r.LoadFor.Round(time.Millisecond), r.OrdersInRun, r.Restart.Round(time.Millisecond), r.ServesAfter, r.Check)
}

// crashRound runs the cart/checkout load on srv for loadFor, kills the
// server with SIGKILL in the middle of it, restarts it on the same data dir
// and checks the database. It returns the restarted server.
func crashRound(ctx context.Context, srv *server, customers []customer, products []string, initial map[string]int, loadFor time.Duration) (*server, crashResult, error) {
	res := crashResult{LoadFor: loadFor}
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan *cartResult, 1)
	go func() { done <- cartLoad(lctx, srv.url(""), customers, products, loadFor+30*time.Second, true) }()
	select {
	case <-time.After(loadFor):
	case <-ctx.Done():
		return srv, res, ctx.Err()
	}
	srv.kill()
	cancel()
	lr := <-done
	res.OrdersInRun = lr.Orders

	t0 := time.Now()
	next, err := startServer(srv.bin, srv.dir)
	if err != nil {
		return nil, res, fmt.Errorf("restart after SIGKILL: %w", err)
	}
	res.Restart = time.Since(t0)
	client := newClient(1)
	defer client.CloseIdleConnections()
	st, _, _, err := call(ctx, client, next.url(""), nil, http.MethodGet, "/api/products?page=1&pageSize=20", nil)
	res.ServesAfter = err == nil && st == http.StatusOK
	res.Check, err = checkIntegrity(next.dir, initial)
	return next, res, err
}
