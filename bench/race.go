package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// raceResult is one round of the oversell race (test 4).
type raceResult struct {
	Customers, Units int
	Created          int // 201 answers
	Conflicts        int // 409 answers
	ServerErrors     int // 5xx answers
	Other            int // anything else, transport errors included
	StockAfter       int // the product's stock after the round (API)
	OrderedUnits     int // units of the product in orders (database)
	OrdersWithIt     int // orders holding the product (database)
	Elapsed          time.Duration
	Samples          []string
}

func (r raceResult) ok() bool {
	return r.Created == r.Units && r.StockAfter == 0 && r.ServerErrors == 0 && r.Other == 0 &&
		r.OrderedUnits == r.Units && r.OrdersWithIt == r.Units && r.Conflicts == r.Customers-r.Units
}

func (r raceResult) String() string {
	s := fmt.Sprintf("%d customers for %d units: %d orders, %d conflicts (409), %d 5xx, %d other; stock after %d; %d units in %d orders in the database; %s",
		r.Customers, r.Units, r.Created, r.Conflicts, r.ServerErrors, r.Other, r.StockAfter, r.OrderedUnits, r.OrdersWithIt, r.Elapsed.Round(time.Millisecond))
	for _, x := range r.Samples {
		s += "; " + x
	}
	return s
}

// raceRound puts one unit of product pid (stock units) into every
// customer's emptied cart, then lets all of them place their order at once.
// Afterwards it empties the carts again.
func raceRound(ctx context.Context, base, dir string, customers []customer, pid string, units int) (raceResult, error) {
	res := raceResult{Customers: len(customers), Units: units}
	client := newClient(len(customers))
	defer client.CloseIdleConnections()
	if err := fillRaceCarts(ctx, client, base, customers, pid); err != nil {
		return res, err
	}
	runRace(ctx, client, base, customers, &res)
	if err := raceOutcome(ctx, client, base, dir, pid, &res); err != nil {
		return res, err
	}
	return res, emptyRaceCarts(ctx, client, base, customers)
}

// fillRaceCarts puts one unit of pid in every customer's emptied cart, 16
// at a time.
func fillRaceCarts(ctx context.Context, client *http.Client, base string, customers []customer, pid string) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(16)
	for i := range customers {
		c := &customers[i]
		g.Go(func() error {
			if st, b, _, err := call(gctx, client, base, c, http.MethodDelete, "/api/cart", nil); err != nil || st != http.StatusOK {
				return fmt.Errorf("empty cart: %v %w", err, statusError("DELETE /api/cart", st, b))
			}
			st, b, _, err := call(gctx, client, base, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1})
			if err != nil {
				return err
			}
			if st != http.StatusOK {
				return statusError("POST /api/cart/items", st, b)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return nil
}

// runRace opens every connection first, so the race is about the server,
// then releases all orders at once and counts how they ended.
func runRace(ctx context.Context, client *http.Client, base string, customers []customer, res *raceResult) {
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	var mu sync.Mutex
	rctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var t0 time.Time
	for i := range customers {
		c := &customers[i]
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			_, _, _, _ = call(rctx, client, base, nil, http.MethodGet, "/api/health", nil) // warms a connection
			ready.Done()
			<-start
			st, b, _, err := call(rctx, client, base, c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				res.Other++
				if len(res.Samples) < 3 {
					res.Samples = append(res.Samples, err.Error())
				}
			case st == http.StatusCreated:
				res.Created++
			case st == http.StatusConflict:
				res.Conflicts++
			case st >= 500:
				res.ServerErrors++
				if len(res.Samples) < 3 {
					res.Samples = append(res.Samples, statusError("create-order", st, b).Error())
				}
			default:
				res.Other++
				if len(res.Samples) < 3 {
					res.Samples = append(res.Samples, statusError("create-order", st, b).Error())
				}
			}
		}()
	}
	ready.Wait()
	t0 = time.Now()
	close(start)
	done.Wait()
	res.Elapsed = time.Since(t0)
}

// raceOutcome reads the stock left and the units ordered after a race.
func raceOutcome(ctx context.Context, client *http.Client, base, dir, pid string, res *raceResult) error {
	st, b, _, err := call(ctx, client, base, nil, http.MethodGet, "/api/products/"+pid, nil)
	if err != nil {
		return err
	}
	if st != http.StatusOK {
		return statusError("GET /api/products/{id}", st, b)
	}
	var p struct {
		StockQuantity int `json:"stockQuantity"`
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	res.StockAfter = p.StockQuantity

	db, err := openDB(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.QueryRow(`SELECT COALESCE(SUM(quantity), 0), COUNT(DISTINCT orderRef) FROM order_items WHERE productId = ?`, pid).
		Scan(&res.OrderedUnits, &res.OrdersWithIt); err != nil {
		return err
	}
	return nil
}

// emptyRaceCarts empties the losers' carts: they still hold a line of a
// sold-out product.
func emptyRaceCarts(ctx context.Context, client *http.Client, base string, customers []customer) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(16)
	for i := range customers {
		c := &customers[i]
		g.Go(func() error {
			st, b, _, err := call(gctx, client, base, c, http.MethodDelete, "/api/cart", nil)
			if err != nil {
				return err
			}
			if st != http.StatusOK {
				return statusError("DELETE /api/cart", st, b)
			}
			return nil
		})
	}
	return g.Wait()
}
