package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// Live updates (issue 19): liveSubscribers realtime clients on loopback
// subscribe to products/* as the app does; one purchase moves a product's
// stock (the order's conditional update, broadcast after the commit); the
// time until each subscriber has the event is measured from the moment the
// order is sent. liveRounds purchases, one after another.
const (
	liveSubscribers = 1000
	liveRounds      = 3
	liveSection     = "## 9. Live updates (realtime)"
)

// liveRound is one stock change and when each subscriber got it.
type liveRound struct {
	checkout  time.Duration   // create-order answered after
	arrivals  []time.Duration // per subscriber that got the event
	missing   int             // subscribers without the event after the wait
	stockSeen float64
}

// liveResult is the section's figures.
type liveResult struct {
	subscribers              int
	connectFor               time.Duration
	rssBefore, rssWith, peak int64
	rounds                   []liveRound
}

// liveBench runs the live-updates measurement on a fresh data dir.
func liveBench(ctx context.Context, bin, dir string) (*liveResult, error) {
	if err := prepareDataDir(bin, dir, false, true); err != nil {
		return nil, err
	}
	app, err := openApp(dir)
	if err != nil {
		return nil, err
	}
	pid, err := addProduct(app, "Live bench spot", 1000)
	var buyers []customer
	if err == nil {
		buyers, err = createCustomers(app, "live", 1)
	}
	closeApp(app)
	if err != nil {
		return nil, err
	}
	srv, err := startServer(bin, dir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	res := &liveResult{subscribers: liveSubscribers, rssBefore: procRSS(srv.cmd.Process.Pid)}
	subs, err := openSubscribers(ctx, srv.url(""), liveSubscribers, &res.connectFor)
	if err != nil {
		return nil, err
	}
	defer subs.close()
	res.rssWith = procRSS(srv.cmd.Process.Pid)
	client := newClient(4)
	for r := 0; r < liveRounds; r++ {
		round, err := liveStockChange(ctx, client, srv.url(""), &buyers[0], pid, subs)
		if err != nil {
			return nil, err
		}
		res.rounds = append(res.rounds, round)
		log.Printf("live round %d: %d/%d subscribers in %s (max)", r+1, len(round.arrivals), liveSubscribers, pctOf(round.arrivals, 1))
	}
	res.peak = srv.peakRSS()
	return res, nil
}

// liveStockChange buys one unit and waits (at most 10 s) until every
// subscriber has the product's update.
func liveStockChange(ctx context.Context, client *http.Client, base string, buyer *customer, pid string, subs *subscribers) (liveRound, error) {
	var round liveRound
	if st, b, _, err := call(ctx, client, base, buyer, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1}); err != nil || st != http.StatusOK {
		return round, fmt.Errorf("add to cart: %v %w", err, statusError("POST /api/cart/items", st, b))
	}
	subs.reset()
	t0 := time.Now()
	st, b, _, err := call(ctx, client, base, buyer, http.MethodPost, "/api/checkout/create-order", checkoutBody(buyer))
	round.checkout = time.Since(t0)
	if err != nil || st != http.StatusCreated {
		return round, fmt.Errorf("create-order: %v %w", err, statusError("POST /api/checkout/create-order", st, b))
	}
	deadline := time.Now().Add(10 * time.Second)
	for subs.received() < subs.n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	round.arrivals, round.stockSeen = subs.since(t0)
	round.missing = subs.n - len(round.arrivals)
	return round, nil
}

// subscribers are n SSE connections to /api/realtime subscribed to
// products/*; each keeps the arrival time of its first event since reset.
type subscribers struct {
	n      int
	cancel context.CancelFunc
	mu     sync.Mutex
	got    map[int]time.Time
	stock  float64
}

// openSubscribers connects n subscribers, 50 at a time.
func openSubscribers(ctx context.Context, base string, n int, took *time.Duration) (*subscribers, error) {
	cctx, cancel := context.WithCancel(ctx)
	s := &subscribers{n: n, cancel: cancel, got: map[int]time.Time{}}
	tr := &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}
	client := &http.Client{Transport: tr}
	t0 := time.Now()
	g, gctx := errgroup.WithContext(cctx)
	g.SetLimit(50)
	for i := 0; i < n; i++ {
		g.Go(func() error { return s.open(cctx, gctx, client, base, i) })
	}
	if err := g.Wait(); err != nil {
		cancel()
		return nil, err
	}
	*took = time.Since(t0)
	return s, nil
}

// open connects subscriber i: GET the stream, read PB_CONNECT, POST the
// subscription; the stream is then read in the background until close.
func (s *subscribers) open(streamCtx, ctx context.Context, client *http.Client, base string, i int) error {
	req, _ := http.NewRequestWithContext(streamCtx, http.MethodGet, base+"/api/realtime", nil)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	rd := bufio.NewReader(resp.Body)
	name, data, err := readEvent(rd)
	if err != nil || name != "PB_CONNECT" {
		resp.Body.Close()
		return fmt.Errorf("subscriber %d: no PB_CONNECT (%v)", i, err)
	}
	var hello struct{ ClientID string }
	_ = json.Unmarshal([]byte(data), &hello)
	body, _ := json.Marshal(map[string]any{"clientId": hello.ClientID, "subscriptions": []string{"products/*"}})
	post, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/realtime", bytes.NewReader(body))
	post.Header.Set("Content-Type", "application/json")
	r, err := client.Do(post)
	if err != nil {
		resp.Body.Close()
		return err
	}
	r.Body.Close()
	if r.StatusCode != http.StatusNoContent {
		resp.Body.Close()
		return fmt.Errorf("subscriber %d: subscribe answered %d", i, r.StatusCode)
	}
	go s.read(resp, rd, i)
	return nil
}

// read records the first products event of subscriber i after each reset.
func (s *subscribers) read(resp *http.Response, rd *bufio.Reader, i int) {
	defer resp.Body.Close()
	for {
		name, data, err := readEvent(rd)
		if err != nil {
			return
		}
		if !strings.HasPrefix(name, "products/") {
			continue
		}
		now := time.Now()
		s.mu.Lock()
		if _, ok := s.got[i]; !ok {
			s.got[i] = now
			var ev struct {
				Record struct {
					StockQuantity float64 `json:"stockQuantity"`
				} `json:"record"`
			}
			if json.Unmarshal([]byte(data), &ev) == nil {
				s.stock = ev.Record.StockQuantity
			}
		}
		s.mu.Unlock()
	}
}

// readEvent reads one SSE event (its name and data).
func readEvent(rd *bufio.Reader) (name, data string, err error) {
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			return "", "", err
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimPrefix(line, "event:")
		case strings.HasPrefix(line, "data:"):
			data = strings.TrimPrefix(line, "data:")
		case line == "" && name != "":
			return name, data, nil
		}
	}
}

func (s *subscribers) reset() {
	s.mu.Lock()
	clear(s.got)
	s.mu.Unlock()
}

func (s *subscribers) received() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got)
}

// since returns the sorted arrival delays after t0 and the stock last seen.
func (s *subscribers) since(t0 time.Time) ([]time.Duration, float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]time.Duration, 0, len(s.got))
	for _, t := range s.got {
		out = append(out, t.Sub(t0))
	}
	slices.Sort(out)
	return out, s.stock
}

func (s *subscribers) close() { s.cancel() }

// pctOf is the p-quantile (0..1) of sorted durations.
func pctOf(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// procRSS is VmRSS of process pid in bytes (0 when unknown).
func procRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}

// render writes the section in Markdown.
func (r *liveResult) render() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", liveSection)
	fmt.Fprintf(&b, "%d realtime subscribers (SSE, loopback, `products/*` as the app subscribes) connected in %s; "+
		"one purchase at a time moves a product's stock (the order's conditional update, broadcast after the commit). "+
		"Time from sending the order until each subscriber has the product's update:\n\n", r.subscribers, r.connectFor.Round(time.Millisecond))
	b.WriteString("| Round | Checkout answered | Subscribers with the event | p50 | p99 | max | Stock in the event |\n|---|---|---|---|---|---|---|\n")
	for i, rd := range r.rounds {
		fmt.Fprintf(&b, "| %d | %s ms | %d of %d | %s ms | %s ms | %s ms | %.0f |\n", i+1, ms(rd.checkout),
			len(rd.arrivals), r.subscribers, ms(pctOf(rd.arrivals, 0.5)), ms(pctOf(rd.arrivals, 0.99)), ms(pctOf(rd.arrivals, 1)), rd.stockSeen)
	}
	fmt.Fprintf(&b, "\nServer RSS: %s before the subscribers, %s with %d subscribers, peak %s.\n", mb(r.rssBefore), mb(r.rssWith), r.subscribers, mb(r.peak))
	cores, model := machine()
	fmt.Fprintf(&b, "\nMeasured %s at %s on %d cores (%s) with `go run . -only live`.\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"), commit(), cores, model)
	return b.String()
}

// writeLiveSection puts the section into the results file, replacing an
// earlier one (the rest of the file is left as it is).
func writeLiveSection(path, section string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	text := string(old)
	if i := strings.Index(text, liveSection); i >= 0 {
		end := len(text)
		if j := strings.Index(text[i+len(liveSection):], "\n## "); j >= 0 {
			end = i + len(liveSection) + j + 1
		}
		text = text[:i] + section + "\n" + text[end:]
	} else {
		text = strings.TrimRight(text, "\n") + "\n\n" + section
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// runLive measures live updates and writes their section into out.
func runLive(ctx context.Context, bin, work, out string) error {
	res, err := liveBench(ctx, bin, filepath.Join(work, "live"))
	if err != nil {
		return err
	}
	section := res.render()
	fmt.Print(section)
	return writeLiveSection(out, section)
}
