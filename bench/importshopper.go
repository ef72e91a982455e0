package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"
)

// A shopper during an import (issue 43: a 20,000-row dry run took 40 s
// while a shopper's add-to-cart waited up to 39 s): one guest changes the
// quantity of a cart line (a write transaction, as every cart change is)
// every 50 ms while an import step runs; each change's latency is kept.

// shopperWaits are the latencies of the shopper's cart changes during one
// import step, and how many were not 200.
type shopperWaits struct {
	took   []time.Duration
	failed int
}

// summary is "n changes, p50 / p99 / max ms".
func (w shopperWaits) summary() string {
	if len(w.took) == 0 {
		return "no request"
	}
	s := slices.Clone(w.took)
	slices.Sort(s)
	at := func(p int) float64 { return float64(s[min(len(s)-1, len(s)*p/100)]) / 1e6 }
	return fmt.Sprintf("%d changes (%d failed): p50 %.1f / p99 %.1f / max %.1f ms", len(s), w.failed, at(50), at(99), float64(s[len(s)-1])/1e6)
}

// shopperRequest sends one guest cart request.
func shopperRequest(ctx context.Context, srv *server, method, path, session string, body any) (int, []byte, time.Duration, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, method, srv.url(path), bytes.NewReader(b))
	if err != nil {
		return 0, nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Session-Id", session)
	t0 := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, time.Since(t0), err
	}
	defer resp.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(resp.Body)
	return resp.StatusCode, out.Bytes(), time.Since(t0), nil
}

// startShopper puts one unit of the catalog's first product into a guest
// cart, then changes its quantity every 50 ms until the returned stop is
// called, which returns the waits.
func startShopper(ctx context.Context, srv *server, session string) (func() shopperWaits, error) {
	st, body, _, err := shopperRequest(ctx, srv, http.MethodGet, "/api/products?page=1&pageSize=1", session, nil)
	var list struct {
		Products []struct {
			ID string `json:"id"`
		} `json:"products"`
	}
	if err != nil || st != http.StatusOK || json.Unmarshal(body, &list) != nil || len(list.Products) == 0 {
		return nil, fmt.Errorf("shopper's product: %d %v", st, err)
	}
	st, body, _, err = shopperRequest(ctx, srv, http.MethodPost, "/api/cart/items", session, map[string]any{"productId": list.Products[0].ID, "quantity": 1})
	var cart cartJSON
	if err != nil || st != http.StatusOK || json.Unmarshal(body, &cart) != nil || len(cart.Items) == 0 {
		return nil, fmt.Errorf("shopper's cart: %d %v %s", st, err, truncate(string(body), 200))
	}
	line := cart.Items[0].ID
	var w shopperWaits
	var mu sync.Mutex
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			st, _, took, err := shopperRequest(ctx, srv, http.MethodPut, "/api/cart/items/"+line, session, map[string]any{"quantity": 1 + i%2})
			mu.Lock()
			w.took = append(w.took, took)
			if err != nil || st != http.StatusOK {
				w.failed++
			}
			mu.Unlock()
		}
	}()
	return func() shopperWaits {
		close(done)
		<-finished
		mu.Lock()
		defer mu.Unlock()
		return w
	}, nil
}
