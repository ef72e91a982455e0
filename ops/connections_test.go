package ops_test

import (
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/ops"
)

// serve runs app's server on a free loopback port, as `serve` does, and
// returns its address.
func serve(t *testing.T, app core.App) (string, *http.Server) {
	t.Helper()
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: router, Server: &http.Server{Addr: "127.0.0.1:0"}}
	var ln net.Listener
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		mux, err := e.Router.BuildMux()
		if err != nil {
			return err
		}
		e.Server.Handler = mux
		if ln = e.Listener; ln == nil { // as PocketBase does without one
			if ln, err = net.Listen("tcp", e.Server.Addr); err != nil {
				return err
			}
		}
		go func() { _ = e.Server.Serve(ln) }()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = se.Server.Close() })
	return ln.Addr().String(), se.Server
}

// slowClient opens a connection that sends part of a request's headers
// and stops (slowloris); closed reports when the server closes it.
func slowClient(t *testing.T, addr string) (closed chan struct{}) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if _, err := c.Write([]byte("GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")); err != nil {
		t.Fatal(err)
	}
	closed = make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, c)
		close(closed)
	}()
	return closed
}

// Issue 27, 10: 300 connections trickling their headers were all held
// (PocketBase waits a minute for headers, with no cap per address). Now an
// address holds at most STAGESHOP_MAX_CONNS_PER_IP connections, more are
// closed at once, the rest end after STAGESHOP_READ_HEADER_TIMEOUT, and
// another address is served meanwhile.
func TestSlowClientsAreBounded(t *testing.T) {
	t.Setenv(ops.MaxConnsPerIPEnv, "5")
	t.Setenv(ops.ReadHeaderTimeoutEnv, "1s")
	app := testapp.New(t)
	addr, srv := serve(t, app)
	if srv.ReadHeaderTimeout != time.Second {
		t.Fatalf("ReadHeaderTimeout %v", srv.ReadHeaderTimeout)
	}
	var conns []chan struct{}
	for i := 0; i < 8; i++ {
		conns = append(conns, slowClient(t, addr))
	}
	// closed counts the closed connections once want are, or after d.
	closed := func(want int, d time.Duration) int {
		for deadline := time.Now().Add(d); ; time.Sleep(10 * time.Millisecond) {
			n := 0
			for _, c := range conns {
				select {
				case <-c:
					n++
				default:
				}
			}
			if n >= want || time.Now().After(deadline) {
				return n
			}
		}
	}
	if n := closed(3, 500*time.Millisecond); n != 3 {
		t.Fatalf("%d of 8 slow connections from one address closed at once, want the 3 over the cap", n)
	}
	other := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: (&net.Dialer{
		LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).DialContext}}
	r, err := other.Get("http://" + addr + "/api/health")
	if err != nil || r.StatusCode != 200 {
		t.Fatalf("another address while one is full: %v %v", r, err)
	}
	r.Body.Close()
	if n := closed(8, 5*time.Second); n != 8 {
		t.Fatalf("%d of 8 closed after the header timeout", n)
	}
}

// The defaults: 10 s for the headers, 100 connections per address; a bad
// value stops the start.
func TestConnLimitsDefaults(t *testing.T) {
	l, err := ops.ConnLimitsFromEnv()
	if err != nil || l.ReadHeaderTimeout != 10*time.Second || l.MaxConnsPerIP != 100 {
		t.Fatalf("defaults %+v %v", l, err)
	}
	app := testapp.New(t)
	_, srv := serve(t, app)
	if srv.ReadHeaderTimeout != 10*time.Second {
		t.Fatalf("the server waits %v for headers", srv.ReadHeaderTimeout)
	}
	for env, bad := range map[string]string{ops.MaxConnsPerIPEnv: "-1", ops.ReadHeaderTimeoutEnv: "soon"} {
		t.Setenv(env, bad)
		if _, err := ops.ConnLimitsFromEnv(); err == nil {
			t.Errorf("%s=%s accepted", env, bad)
		}
		t.Setenv(env, "")
	}
}
