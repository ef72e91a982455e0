package realtime_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/migrated"
	"stageshop/internal/realtime"
)

// rig is a bare PocketBase app with the realtime limits, served over real
// HTTP, and a public collection whose records make the events.
type rig struct {
	t   *testing.T
	app *tests.TestApp
	srv *httptest.Server
}

func newRig(t *testing.T, limits realtime.Limits) *rig {
	t.Helper()
	app, err := tests.NewTestApp(migratedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	realtime.RegisterWith(app, limits)
	notes := core.NewBaseCollection("notes")
	notes.Fields.Add(&core.TextField{Name: "body", Max: 4 << 20})
	open := ""
	notes.ListRule, notes.ViewRule = &open, &open
	if err := app.Save(notes); err != nil {
		t.Fatal(err)
	}
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	mux, err := router.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &rig{t: t, app: app, srv: srv}
}

// note saves a record whose event carries size bytes.
func (r *rig) note(size int) {
	r.t.Helper()
	col, _ := r.app.FindCollectionByNameOrId("notes")
	rec := core.NewRecord(col)
	rec.Set("body", strings.Repeat("x", size))
	if err := r.app.Save(rec); err != nil {
		r.t.Fatal(err)
	}
}

// waitClients waits until the broker holds n clients.
func (r *rig) waitClients(n int, within time.Duration) bool {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if r.app.SubscriptionsBroker().TotalClients() == n {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// stream is a raw realtime connection from a given loopback address; it
// reads only when asked to, as a client that stopped reading would.
type stream struct {
	conn     net.Conn
	rd       *bufio.Reader
	clientID string
}

// open connects from local address from (e.g. "127.0.0.2"); the answer's
// status and, for 200, the client id from PB_CONNECT.
func (r *rig) open(from string) (*stream, int) {
	r.t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	conn, err := d.Dial("tcp", strings.TrimPrefix(r.srv.URL, "http://"))
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET /api/realtime HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
	s := &stream{conn: conn, rd: bufio.NewReaderSize(conn, 1<<20)}
	resp, err := http.ReadResponse(s.rd, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, resp.Body)
		return nil, resp.StatusCode
	}
	s.rd = bufio.NewReaderSize(resp.Body, 1<<20)
	name, data := s.next(r.t)
	if name != "PB_CONNECT" {
		r.t.Fatalf("first event %q", name)
	}
	var hello struct{ ClientID string }
	_ = json.Unmarshal([]byte(data), &hello)
	s.clientID = hello.ClientID
	return s, resp.StatusCode
}

// next reads one event (name and data); a closed stream fails the test.
func (s *stream) next(t *testing.T) (string, string) {
	t.Helper()
	name, data, err := s.read()
	if err != nil {
		t.Fatalf("reading the stream: %v", err)
	}
	return name, data
}

func (s *stream) read() (name, data string, err error) {
	_ = s.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		line, err := s.rd.ReadString('\n')
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

// subscribe posts topics for s from the same address; the status and body.
func (r *rig) subscribe(s *stream, from string, topics ...string) (int, string) {
	r.t.Helper()
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext}
	defer tr.CloseIdleConnections()
	body, _ := json.Marshal(map[string]any{"clientId": s.clientID, "subscriptions": topics})
	resp, err := (&http.Client{Transport: tr}).Post(r.srv.URL+"/api/realtime", "application/json", bytes.NewReader(body))
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func limits() realtime.Limits {
	return realtime.Limits{MaxTopics: 5, MaxPerIP: 10, QueueMessages: 64, QueueBytes: 64 << 20, WriteTimeout: time.Hour}
}

// A client that stops reading is dropped once its queue is full, and the
// events sent to it leave no goroutine behind. (With PocketBase's default
// client every event held a goroutine until the connection took it.)
func TestQueueFullDropsTheClient(t *testing.T) {
	l := limits()
	l.QueueMessages = 4 // the write deadline (an hour) cannot be what ends it
	r := newRig(t, l)
	s, _ := r.open("127.0.0.1")
	if st, body := r.subscribe(s, "127.0.0.1", "notes/*"); st != http.StatusNoContent {
		t.Fatalf("subscribe: %d %s", st, body)
	}
	before := runtime.NumGoroutine()
	for i := 0; i < 24; i++ {
		r.note(1 << 20) // 1 MB: the socket's buffers fill after a few
	}
	if !r.waitClients(0, 10*time.Second) {
		t.Fatalf("the client that stopped reading is still registered after 24 events of 1 MB (queue of 4)")
	}
	time.Sleep(100 * time.Millisecond)
	if after := runtime.NumGoroutine(); after > before+3 {
		t.Errorf("goroutines %d -> %d after 24 events to a client that does not read", before, after)
	}
	// What was written before the drop can still be read; then the stream ends.
	for {
		if _, _, err := s.read(); err != nil {
			// Cut mid-message: the chunked body ends unexpectedly.
			if err != io.EOF && err != io.ErrUnexpectedEOF && !strings.Contains(err.Error(), "reset") {
				t.Errorf("the dropped stream did not end: %v", err)
			}
			break
		}
	}
}

// A write that the client does not take within the write deadline ends the
// connection, even when the queue still has room. (PocketBase turns the
// deadline off for /api/realtime: such a write waited forever.)
func TestWriteDeadlineEndsAStuckConnection(t *testing.T) {
	l := limits()
	l.QueueMessages, l.WriteTimeout = 1000, 300*time.Millisecond
	r := newRig(t, l)
	s, _ := r.open("127.0.0.1")
	if st, body := r.subscribe(s, "127.0.0.1", "notes/*"); st != http.StatusNoContent {
		t.Fatalf("subscribe: %d %s", st, body)
	}
	for i := 0; i < 24; i++ {
		r.note(1 << 20)
	}
	if !r.waitClients(0, 5*time.Second) {
		t.Fatal("a connection stuck in a write is still open 5 s after its 300 ms write deadline")
	}
}

// A reading client gets every event, one message per event, however it
// subscribed; too many topics, or two topics on one collection, are a 400
// in PocketBase's envelope that names the problem.
func TestTopics(t *testing.T) {
	r := newRig(t, limits())
	s, _ := r.open("127.0.0.1")
	col, _ := r.app.FindCollectionByNameOrId("notes")
	for _, tc := range []struct {
		topics []string
		code   string
	}{
		{[]string{"PB_CONNECT", "a", "b", "c", "d", "e"}, "validation_too_many_subscriptions"},
		{[]string{"notes/*", "notes/abc"}, "validation_duplicate_collection_subscription"},
		{[]string{"notes/*", `notes/*?options={"query":{"x":"1"}}`}, "validation_duplicate_collection_subscription"},
		{[]string{"notes", col.Id + "/*"}, "validation_duplicate_collection_subscription"},
	} {
		st, body := r.subscribe(s, "127.0.0.1", tc.topics...)
		if st != http.StatusBadRequest || !strings.Contains(body, `"subscriptions":{"code":"`+tc.code+`"`) {
			t.Errorf("subscribing %q: %d %s, want 400 with %s", tc.topics, st, body, tc.code)
		}
	}
	if st, body := r.subscribe(s, "127.0.0.1", "PB_CONNECT", "notes/*", "users/*", "a", "b"); st != http.StatusNoContent {
		t.Fatalf("5 topics on different collections: %d %s", st, body)
	}
	for i := 0; i < 30; i++ {
		r.note(100)
	}
	for i := 0; i < 30; i++ {
		if name, data := s.next(t); name != "notes/*" || !strings.Contains(data, `"action":"create"`) {
			t.Fatalf("event %d: %s %s", i, name, data)
		}
	}
	_ = s.conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if name, _, err := s.read(); err == nil {
		t.Errorf("a 31st message (%s) for 30 events", name)
	}
}

// One address holds at most MaxPerIP realtime connections; more are a 429,
// and a closed one makes room. Other addresses are not affected.
func TestConnectionsPerAddress(t *testing.T) {
	l := limits()
	l.MaxPerIP = 2
	r := newRig(t, l)
	a, _ := r.open("127.0.0.1")
	r.open("127.0.0.1")
	if _, st := r.open("127.0.0.1"); st != http.StatusTooManyRequests {
		t.Fatalf("a third connection from one address: %d, want 429", st)
	}
	if _, st := r.open("127.0.0.2"); st != http.StatusOK {
		t.Fatalf("another address: %d, want 200", st)
	}
	a.conn.Close()
	if !r.waitClients(2, 5*time.Second) {
		t.Fatal("the closed connection was not let go")
	}
	if _, st := r.open("127.0.0.1"); st != http.StatusOK {
		t.Errorf("after one closed: %d, want 200", st)
	}
}

// Ending a client from outside (a session that ended) closes its stream as
// a finished response, also when its last message's write deadline has
// long passed (a cut stream is a network error in the browser's console).
func TestEndClientsClosesTheStream(t *testing.T) {
	l := limits()
	l.WriteTimeout = 100 * time.Millisecond
	r := newRig(t, l)
	s, _ := r.open("127.0.0.1")
	r.subscribe(s, "127.0.0.1", "notes/*")
	r.note(10)
	if name, _ := s.next(t); name != "notes/*" {
		t.Fatalf("event %q", name)
	}
	time.Sleep(300 * time.Millisecond)
	for _, c := range r.app.SubscriptionsBroker().Clients() {
		r.app.SubscriptionsBroker().Unregister(c.Id())
	}
	if _, _, err := s.read(); err != io.EOF {
		t.Errorf("the ended stream: %v, want its end (EOF)", err)
	}
}

// migratedDir is the shared template with every migration applied: a copy
// of it opens in a fraction of the time a fresh dir takes to migrate (with
// -race, 1 s against 25-35 s per app).
func migratedDir(t *testing.T) string {
	t.Helper()
	dir, err := migrated.Dir()
	if err != nil {
		t.Fatalf("migrated data dir: %v", err)
	}
	return dir
}
