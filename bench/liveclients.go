package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// The live bench's clients come from many loopback addresses (127.0.0.0/8
// is all local on Linux), as visitors do: the server admits a few realtime
// streams per address.

// addrClient is an HTTP client whose connections come from address ip.
// Its idle connections are closed by closeIdle (each one holds a goroutine
// in the server, which the probes count).
func addrClient(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64, DisableCompression: true}
	benchTransports.Lock()
	benchTransports.list = append(benchTransports.list, tr)
	benchTransports.Unlock()
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}

var benchTransports struct {
	sync.Mutex
	list []*http.Transport
}

// closeIdle closes the idle keep-alive connections of every addrClient.
func closeIdle() {
	benchTransports.Lock()
	defer benchTransports.Unlock()
	for _, tr := range benchTransports.list {
		tr.CloseIdleConnections()
	}
	benchTransports.list = nil
}

// loopback is the i-th address of block (127.0.<block>.<1+i>).
func loopback(block, i int) string { return fmt.Sprintf("127.0.%d.%d", block, 1+i) }

// subscribers are SSE connections subscribed to products/* as the app
// does; each keeps when it got the stock value asked for by expect.
type subscribers struct {
	n      int
	cancel context.CancelFunc
	mu     sync.Mutex
	want   float64
	got    map[int]time.Time
}

// openSubscribers connects n subscribers from addrs addresses, 50 at a time.
func openSubscribers(ctx context.Context, base string, n, addrs int, took *time.Duration) (*subscribers, error) {
	cctx, cancel := context.WithCancel(ctx)
	s := &subscribers{n: n, cancel: cancel, got: map[int]time.Time{}, want: -1}
	clients := make([]*http.Client, addrs)
	for i := range clients {
		clients[i] = addrClient(loopback(0, 1+i)) // 127.0.0.2 ...
	}
	t0 := time.Now()
	g, gctx := errgroup.WithContext(cctx)
	g.SetLimit(50)
	for i := 0; i < n; i++ {
		g.Go(func() error { return s.open(cctx, gctx, clients[i%addrs], base, i) })
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
	resp, err := (&http.Client{Transport: client.Transport}).Do(req)
	if err != nil {
		return err
	}
	rd := bufio.NewReader(resp.Body)
	name, data, err := readEvent(rd)
	if err != nil || name != "PB_CONNECT" {
		resp.Body.Close()
		return fmt.Errorf("subscriber %d: status %d, no PB_CONNECT (%v)", i, resp.StatusCode, err)
	}
	if st, b, err := postTopics(ctx, client, base, clientID(data), []string{"products/*"}); err != nil || st != http.StatusNoContent {
		resp.Body.Close()
		return fmt.Errorf("subscriber %d: subscribe: %v %w", i, err, statusError("POST /api/realtime", st, b))
	}
	go s.read(resp, rd, i)
	return nil
}

func clientID(connectData string) string {
	var hello struct{ ClientID string }
	_ = json.Unmarshal([]byte(connectData), &hello)
	return hello.ClientID
}

// postTopics sets a realtime client's subscriptions.
func postTopics(ctx context.Context, client *http.Client, base, id string, topics []string) (int, []byte, error) {
	body, _ := json.Marshal(map[string]any{"clientId": id, "subscriptions": topics})
	post, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/realtime", bytes.NewReader(body))
	post.Header.Set("Content-Type", "application/json")
	r, err := client.Do(post)
	if err != nil {
		return 0, nil, err
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, b, nil
}

// read records when subscriber i first sees the expected stock.
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
		var ev struct {
			Record struct {
				StockQuantity float64 `json:"stockQuantity"`
			} `json:"record"`
		}
		_ = json.Unmarshal([]byte(data), &ev)
		now := time.Now()
		s.mu.Lock()
		if _, ok := s.got[i]; !ok && ev.Record.StockQuantity == s.want {
			s.got[i] = now
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

// expect starts waiting for stock value v.
func (s *subscribers) expect(v float64) {
	s.mu.Lock()
	clear(s.got)
	s.want = v
	s.mu.Unlock()
}

func (s *subscribers) received() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got)
}

// since returns the sorted arrival delays after t0.
func (s *subscribers) since(t0 time.Time) []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]time.Duration, 0, len(s.got))
	for _, t := range s.got {
		out = append(out, t.Sub(t0))
	}
	slices.Sort(out)
	return out
}

func (s *subscribers) close() { s.cancel() }

// stalled are realtime clients that subscribe and then never read again,
// as issue 27's attacker's did.
type stalled struct {
	conns            []net.Conn
	refused          int    // streams answered other than 200 (the per-address cap)
	firstTopicsReply string // the answer to the many-topics subscription
}

// openStalled connects n clients from addrs addresses (127.0.2.x); each
// asks for topics topics on products/* (variants by options, as the
// attacker's) and, when that is refused, for products/* alone.
func openStalled(ctx context.Context, base string, n, addrs, topics int) (*stalled, error) {
	st := &stalled{}
	many := make([]string, topics)
	for i := range many {
		many[i] = fmt.Sprintf(`products/*?options={"query":{"n":"%d"}}`, i)
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(20)
	for i := 0; i < n; i++ {
		ip := loopback(2, i%addrs)
		g.Go(func() error {
			conn, reply, err := openStalledOne(gctx, base, ip, many)
			mu.Lock()
			defer mu.Unlock()
			if conn == nil {
				st.refused++
			} else {
				st.conns = append(st.conns, conn)
			}
			if reply != "" {
				st.firstTopicsReply = reply
			}
			return err
		})
	}
	err := g.Wait()
	return st, err
}

// openStalledOne opens one stalled client from ip; nil conn when the
// stream was refused.
func openStalledOne(ctx context.Context, base, ip string, many []string) (net.Conn, string, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	host := strings.TrimPrefix(base, "http://")
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, "", err
	}
	fmt.Fprintf(conn, "GET /api/realtime HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", host)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		conn.Close()
		return nil, "", err
	}
	name, data, err := readEvent(bufio.NewReader(resp.Body))
	if err != nil || name != "PB_CONNECT" {
		conn.Close()
		return nil, "", fmt.Errorf("stalled client: no PB_CONNECT (%v)", err)
	}
	client := addrClient(ip)
	id := clientID(data)
	code, _, err := postTopics(ctx, client, base, id, many)
	reply := strconv.Itoa(code)
	if err == nil && code != http.StatusNoContent {
		code, _, err = postTopics(ctx, client, base, id, []string{"products/*"})
	}
	if err == nil && code != http.StatusNoContent {
		err = fmt.Errorf("stalled client: subscribing products/* answered %d", code)
	}
	return conn, reply, err
}

func (s *stalled) close() {
	for _, c := range s.conns {
		c.Close()
	}
}
