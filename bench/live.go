package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Live updates (issues 19 and 27): realtime readers subscribe to
// products/* as the app does, clients that stop reading sit beside them,
// and customers move a product's stock (order one unit, cancel it: each is
// a stock change). Measured: whether every reader gets every change and
// how fast (from sending the request), and the server's goroutines and RSS
// idle, with the clients, after the changes and after the clients left.
const (
	liveSection = "## 9. Live updates (realtime)"
	// liveSettle is waited before each probe after the changes: longer than
	// the server's 10 s write deadline.
	liveSettle   = 12 * time.Second
	attackTopics = 1000
	// liveWarmUp stock changes are made before the first probe.
	liveWarmUp = 10
	// liveGC is when the second probe after the changes is taken: after the
	// runtime's forced collection (every 2 min) and some scavenging.
	liveGC = 130 * time.Second
)

// liveScenario is one measurement's clients and changes.
type liveScenario struct {
	name            string
	readers         int // 20 per address
	stalled         int // 10 per address
	changes         int // order, cancel, order, ... by changes/2 customers
	stopGoroutines  int // stop the changes early above this (an old binary)
	stopRSS         int64
	measureReadness bool
	customerBlock   int // customers come from 127.0.<3+customerBlock>.x
}

// The attack as the attacker ran it, and the target.
var (
	attackScenario = liveScenario{name: "issue 27's attack: 20 clients that stop reading, 1,000 topics asked, 3 order-cancel cycles",
		stalled: 20, changes: 6, stopGoroutines: 400_000, stopRSS: 2 << 30}
	targetScenario = liveScenario{name: "1,000 readers and 200 clients that stop reading (1,000 topics asked), 100 stock changes",
		readers: 1000, stalled: 200, changes: 100, stopGoroutines: 400_000, stopRSS: 2 << 30, measureReadness: true}
)

// probe is the server's goroutines and RSS at one moment.
type probe struct {
	goroutines int
	rss        int64
}

func (p probe) String() string {
	return fmt.Sprintf("%d / %s", p.goroutines, mb(p.rss))
}

// liveRun is one scenario's figures on one binary.
type liveRun struct {
	sc                                       liveScenario
	bin                                      string
	connectFor                               time.Duration
	idle, connected, afterChanges, afterLeft probe
	afterGC                                  probe
	peak                                     int64
	stalledRefused                           int
	topicsReply                              string
	changesDone                              int
	stoppedEarly                             string
	deliveries                               []time.Duration // every reader's arrival of every change
	missing                                  int             // reader-changes not received within 10 s
	worstP99                                 time.Duration
	requests                                 []time.Duration // order and cancel answered after
}

// liveBench runs scenario sc on binary bin with a fresh data dir.
func liveBench(ctx context.Context, bin, dir string, sc liveScenario) (*liveRun, error) {
	pid, buyers, err := liveData(bin, dir, liveWarmUp/2+max(1, sc.changes/2))
	if err != nil {
		return nil, err
	}
	token := "bench-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	os.Setenv("STAGESHOP_METRICS_TOKEN", token)
	srv, err := startServer(bin, dir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	run := &liveRun{sc: sc, bin: filepath.Base(bin)}
	m := metricsProbe{srv: srv, token: token}
	// The first orders warm the server up (statement and page caches, the
	// outbox); idle means after that, so the probes compare clients only.
	warm := liveScenario{changes: liveWarmUp, customerBlock: 1, stopGoroutines: sc.stopGoroutines, stopRSS: sc.stopRSS}
	if err := liveChanges(ctx, srv, warm, buyers[:liveWarmUp/2], pid, &subscribers{}, m, &liveRun{}); err != nil {
		return nil, err
	}
	buyers = buyers[liveWarmUp/2:]
	closeIdle()
	time.Sleep(2 * time.Second)
	run.idle = m.probe()
	subs, st, err := liveClients(ctx, srv, sc, run)
	closeIdle()
	if err != nil {
		return nil, err
	}
	time.Sleep(2 * time.Second)
	run.connected = m.probe()
	err = liveChanges(ctx, srv, sc, buyers, pid, subs, m, run)
	closeIdle()
	time.Sleep(liveSettle)
	run.afterChanges = m.probe()
	// Garbage of the broadcasts (PocketBase encodes each subscriber's copy)
	// is freed at the next collection: when idle, Go forces one every 2 min.
	time.Sleep(liveGC - liveSettle)
	run.afterGC = m.probe()
	subs.close()
	st.close()
	closeIdle()
	time.Sleep(liveSettle)
	run.afterLeft = m.probe()
	run.peak = srv.peakRSS()
	return run, err
}

// liveData makes the data dir: the demo catalog, one product with 1,000
// units, n customers.
func liveData(bin, dir string, n int) (string, []customer, error) {
	if err := prepareDataDir(bin, dir, false, true); err != nil {
		return "", nil, err
	}
	app, err := openApp(dir)
	if err != nil {
		return "", nil, err
	}
	defer closeApp(app)
	pid, err := addProduct(app, "Live bench spot", 1000)
	if err != nil {
		return "", nil, err
	}
	buyers, err := createCustomers(app, "live", n)
	return pid, buyers, err
}

// liveClients opens the readers and the stalled clients.
func liveClients(ctx context.Context, srv *server, sc liveScenario, run *liveRun) (*subscribers, *stalled, error) {
	subs := &subscribers{cancel: func() {}}
	if sc.readers > 0 {
		var err error
		if subs, err = openSubscribers(ctx, srv.url(""), sc.readers, (sc.readers+19)/20, &run.connectFor); err != nil {
			return nil, nil, err
		}
	}
	st, err := openStalled(ctx, srv.url(""), sc.stalled, (sc.stalled+9)/10, attackTopics)
	if err != nil {
		subs.close()
		st.close()
		return nil, nil, err
	}
	run.stalledRefused, run.topicsReply = st.refused, st.firstTopicsReply
	log.Printf("live: %d readers, %d stalled clients (%d refused, %d topics answered %s)",
		sc.readers, len(st.conns), st.refused, attackTopics, st.firstTopicsReply)
	return subs, st, nil
}

// liveChanges makes the stock changes one after another: customer i/2
// orders one unit (even i) and cancels that order (odd i). With readers,
// each change waits (at most 10 s) until every reader has it.
func liveChanges(ctx context.Context, srv *server, sc liveScenario, buyers []customer, pid string, subs *subscribers, m metricsProbe, run *liveRun) error {
	var orderID string
	for i := 0; i < sc.changes; i++ {
		buyer := &buyers[i/2]
		client := addrClient(loopback(3+sc.customerBlock, i/2))
		stock := 1000.0
		if i%2 == 0 {
			stock = 999
		}
		subs.expect(stock)
		t0, took, id, err := stockChange(ctx, client, srv.url(""), buyer, pid, orderID, i%2 == 0)
		if err != nil {
			return err
		}
		orderID = id
		run.requests = append(run.requests, took)
		run.changesDone++
		if sc.readers > 0 {
			waitReaders(subs, t0, run)
		}
		if p := m.probe(); p.goroutines > sc.stopGoroutines || p.rss > sc.stopRSS {
			run.stoppedEarly = fmt.Sprintf("stopped after %d changes at %s", i+1, p)
			return nil
		}
	}
	return nil
}

// stockChange orders one unit of pid (order true) or cancels orderID; it
// returns when the request was sent, how long it took and the order's id.
func stockChange(ctx context.Context, client *http.Client, base string, buyer *customer, pid, orderID string, order bool) (time.Time, time.Duration, string, error) {
	if !order {
		t0 := time.Now()
		st, b, took, err := call(ctx, client, base, buyer, http.MethodPost, "/api/checkout/orders/"+orderID+"/cancel", nil)
		if err != nil || st != http.StatusOK {
			return t0, took, "", fmt.Errorf("cancel: %v %w", err, statusError("POST cancel", st, b))
		}
		return t0, took, "", nil
	}
	if st, b, _, err := call(ctx, client, base, buyer, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1}); err != nil || st != http.StatusOK {
		return time.Time{}, 0, "", fmt.Errorf("add to cart: %v %w", err, statusError("POST /api/cart/items", st, b))
	}
	t0 := time.Now()
	st, b, took, err := call(ctx, client, base, buyer, http.MethodPost, "/api/checkout/create-order", checkoutBody(buyer))
	if err != nil || st != http.StatusCreated {
		return t0, took, "", fmt.Errorf("create-order: %v %w", err, statusError("POST /api/checkout/create-order", st, b))
	}
	var o struct{ ID string }
	_ = json.Unmarshal(b, &o)
	return t0, took, o.ID, nil
}

// waitReaders waits (at most 10 s) until every reader has the change.
func waitReaders(subs *subscribers, t0 time.Time, run *liveRun) {
	deadline := time.Now().Add(10 * time.Second)
	for subs.received() < subs.n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	got := subs.since(t0)
	run.deliveries = append(run.deliveries, got...)
	run.missing += subs.n - len(got)
	run.worstP99 = max(run.worstP99, pctOf(got, 0.99))
}

// metricsProbe reads the server's goroutines (its /api/metrics) and RSS.
type metricsProbe struct {
	srv   *server
	token string
}

func (m metricsProbe) probe() probe {
	p := probe{rss: procRSS(m.srv.cmd.Process.Pid)}
	req, _ := http.NewRequest(http.MethodGet, m.srv.url("/api/metrics"), nil)
	req.Header.Set("Authorization", "Bearer "+m.token)
	resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		return p
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "go_goroutines "); ok {
			p.goroutines, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return p
}
