package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

// cartResult holds the figures of the cart and checkout load (test 3).
type cartResult struct {
	Customers      int
	Duration       time.Duration
	Add            *stats
	Update         *stats
	Order          *stats
	All            *stats
	Orders         int      // orders placed (201)
	StockConflicts int      // 409 answers: the expected stock conflicts
	Unexpected     int      // transport errors and other non-2xx answers
	Samples        []string // the first unexpected answers
	PeakRSS        int64
}

// cartLoad runs the shopper loop for every customer in parallel for d: add
// a random product to the cart, raise that line by one, place the order.
// With crash set, errors are expected (the server is killed underneath) and
// not collected. After d no new step starts, but the steps in flight finish
// (so none of them runs on the server during the next test); cancelling ctx
// stops at once.
func cartLoad(ctx context.Context, base string, customers []customer, products []string, d time.Duration, crash bool) *cartResult {
	client := newClient(len(customers))
	defer client.CloseIdleConnections()

	parts := make([]*cartWorker, len(customers))
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for w := range customers {
		p := &cartWorker{add: newStats("add"), upd: newStats("update"), ord: newStats("order"), crash: crash}
		parts[w] = p
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(start.UnixNano())))
			p.run(ctx, client, base, &customers[w], products, r, deadline)
		}(w)
	}
	wg.Wait()
	return mergeCartWorkers(parts, len(customers), time.Since(start))
}

// cartWorker is one customer's share of the cart load and what it counted.
type cartWorker struct {
	add, upd, ord               *stats
	orders, conflicts, unexpect int
	samples                     []string
	crash                       bool
}

// run adds, raises and orders in a loop until the deadline or ctx ends.
func (p *cartWorker) run(ctx context.Context, client *http.Client, base string, c *customer, products []string, r *rand.Rand, deadline time.Time) {
	for i := 0; i < 1_000_000 && ctx.Err() == nil && time.Now().Before(deadline); i++ {
		pid := products[r.IntN(len(products))]
		q := 1 + r.IntN(2)
		st, body, lat, err := call(ctx, client, base, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": q})
		if !p.record(ctx, p.add, st, body, lat, err, http.StatusOK) {
			continue
		}
		var cart cartJSON
		_ = json.Unmarshal(body, &cart)
		line, have, ok := cart.lineFor(pid)
		if !ok {
			p.unexpect++
			continue
		}
		st, body, lat, err = call(ctx, client, base, c, http.MethodPut, "/api/cart/items/"+line, map[string]any{"quantity": have + 1})
		if !p.record(ctx, p.upd, st, body, lat, err, http.StatusOK) {
			continue
		}
		st, body, lat, err = call(ctx, client, base, c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c))
		if p.record(ctx, p.ord, st, body, lat, err, http.StatusCreated) {
			p.orders++
		}
	}
}

// record counts one answer and reports whether it was the wanted one.
func (p *cartWorker) record(ctx context.Context, st *stats, status int, body []byte, lat time.Duration, err error, want int) bool {
	if ctx.Err() != nil {
		return false // stopped (the crash test's kill)
	}
	st.Requests++
	if err != nil {
		p.unexpect++
		st.Errors++
		if len(p.samples) < 3 && !p.crash {
			p.samples = append(p.samples, fmt.Sprintf("%s: %v", st.Name, err))
		}
		return false
	}
	st.Statuses[status]++
	st.latencies = append(st.latencies, lat)
	switch {
	case status == want:
		return true
	case status == http.StatusConflict:
		p.conflicts++
	default:
		p.unexpect++
		st.Errors++
		if len(p.samples) < 3 && !p.crash {
			p.samples = append(p.samples, statusError(st.Name, status, body).Error())
		}
	}
	return false
}

// mergeCartWorkers adds up the workers' counts.
func mergeCartWorkers(parts []*cartWorker, customers int, d time.Duration) *cartResult {
	res := &cartResult{Customers: customers, Duration: d,
		Add: newStats("add"), Update: newStats("update"), Order: newStats("order"), All: newStats("all")}
	for _, p := range parts {
		res.Add.merge(p.add)
		res.Update.merge(p.upd)
		res.Order.merge(p.ord)
		res.Orders += p.orders
		res.StockConflicts += p.conflicts
		res.Unexpected += p.unexpect
		for _, s := range p.samples {
			if len(res.Samples) < 5 {
				res.Samples = append(res.Samples, s)
			}
		}
	}
	for _, s := range []*stats{res.Add, res.Update, res.Order} {
		res.All.merge(s)
		s.Duration = res.Duration
		s.finish()
	}
	res.All.Duration = res.Duration
	res.All.finish()
	return res
}
