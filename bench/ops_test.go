package main

// Operations checks against the built binary, run by `make test`: exit codes
// of the CLI and a graceful stop under checkout load.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// exitCode runs the binary and returns its exit status and output.
func exitCode(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &ee):
		return ee.ExitCode(), string(out)
	}
	t.Fatalf("%v: %v", args, err)
	return -1, ""
}

// Every command that fails exits 1, ours and PocketBase's alike; the ones
// that succeed exit 0, and a refused command changes nothing.
func TestCLIExitCodes(t *testing.T) {
	bin := shopBinary(t)
	dir := t.TempDir()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()

	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"migrate", "up"}, 0},
		{[]string{"bogus"}, 1},
		{[]string{"migrate", "bogus"}, 1},
		{[]string{"admin", "create", "bad-email", "Secret12"}, 1},
		{[]string{"admin", "create", "weak@example.com", "short"}, 1},
		{[]string{"admin", "create"}, 1},
		{[]string{"seed", "--no-such-flag"}, 1},
		{[]string{"superuser", "upsert", "not-an-email", "Secret1234567"}, 1},
		{[]string{"serve", "--http", busy.Addr().String()}, 1},
		{[]string{"admin", "create", "boss@example.com", "Secret12"}, 0},
		{[]string{"superuser", "upsert", "root@example.com", "Secret1234567"}, 0},
	} {
		args := append(c.args, "--dir", dir)
		got, out := exitCode(t, bin, args...)
		if got != c.want {
			t.Errorf("stageshop %v: exit %d, want %d\n%s", c.args, got, c.want, out)
		}
		// A refused command says why (PocketBase silences cobra's errors).
		if c.want == 1 && !strings.Contains(out, "Error: ") {
			t.Errorf("stageshop %v failed without saying why: %q", c.args, out)
		}
	}

	db, err := openDB(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var users int
	if err := db.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&users); err != nil {
		t.Fatal(err)
	}
	if users != 1 {
		t.Errorf("%d users after one good and three refused admin create, want 1", users)
	}
}

// A command other than serve stopped by a signal half way has not done its
// work and exits 1 saying so: the journeys' template once got a third of
// the demo catalog from a seed cut off by its runner's time limit, exit 0.
func TestCLIInterruptedCommandFails(t *testing.T) {
	bin := shopBinary(t)
	dir := t.TempDir()
	if got, out := exitCode(t, bin, "migrate", "up", "--dir", dir); got != 0 {
		t.Fatalf("migrate up: exit %d\n%s", got, out)
	}
	cmd := exec.Command(bin, "seed", "--dir", dir)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The seed draws every product's pictures: seconds of work, well past this.
	time.Sleep(700 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("seed stopped by SIGTERM: %v, want exit 1\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Error: interrupted") {
		t.Errorf("seed stopped by SIGTERM did not say so: %q", out.String())
	}
}

// shutdownLoad is what the clients saw during TestGracefulShutdown.
type shutdownLoad struct {
	mu        sync.Mutex
	statuses  map[int]int
	acked     []string // ids of the orders answered 201
	afterStop int      // answers received after SIGTERM was sent
}

// SIGTERM in the middle of the checkout load: every request the server had
// taken gets its answer (no 5xx, no dropped connection while it is
// working), every acknowledged order is stored whole, the stock adds up,
// and the process exits 0. Two of the customers are on a slow network:
// their checkout's body takes 2.5 s to arrive and is still arriving at the
// SIGTERM; PocketBase alone gives requests one second, then exits under
// them.
func TestGracefulShutdown(t *testing.T) {
	const customers, slow = 16, 2
	f, srv := startShop(t, 30, customers+slow, 0, 0)
	load := &shutdownLoad{statuses: map[int]int{}}
	var stopped time.Time
	var stopMu sync.Mutex
	stoppedAt := func() time.Time { stopMu.Lock(); defer stopMu.Unlock(); return stopped }

	client := newClient(customers)
	defer client.CloseIdleConnections()
	slowDone := make(chan int, slow)
	sending := make(chan struct{}, slow)
	for i := customers; i < customers+slow; i++ {
		go func(c *customer) {
			slowDone <- slowCheckout(t, srv, c, f.plenty[0], 2500*time.Millisecond, sending)
		}(&f.customers[i])
	}
	wg := load.run(client, srv, f.customers[:customers], f.plenty, stoppedAt)

	// The SIGTERM must find the slow checkouts half sent: on a loaded
	// machine their cart and connection can take longer than the 1.5 s.
	time.Sleep(1500 * time.Millisecond)
	for range slow {
		select {
		case <-sending:
		case <-time.After(30 * time.Second):
			t.Fatal("the slow checkouts did not start sending within 30 s")
		}
	}
	stopMu.Lock()
	stopped = time.Now()
	stopMu.Unlock()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-srv.done:
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop within 15 s of SIGTERM")
	}
	wg.Wait()
	for range slow {
		if st := <-slowDone; st != http.StatusCreated {
			t.Errorf("a slow checkout under way at the SIGTERM was answered %d, want 201", st)
		}
	}
	if code := srv.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit code after SIGTERM %d, want 0\n%s", code, srv.log.String())
	}
	t.Logf("answers %v, %d orders acknowledged, %d answers after SIGTERM", load.statuses, len(load.acked), load.afterStop)
	for st, n := range load.statuses {
		if st >= 500 || st != http.StatusOK && st != http.StatusCreated && st != http.StatusConflict {
			t.Errorf("%d answers with status %d", n, st)
		}
	}
	if len(load.acked) == 0 {
		t.Fatal("no order was placed before the stop")
	}
	checkAcked(t, f.dir, load.acked)
	checkOutboxStopped(t, srv)
	check, err := checkIntegrity(f.dir, f.initial)
	if err != nil {
		t.Fatal(err)
	}
	if !check.ok() {
		t.Errorf("after the stop: %s", check)
	}
}

// run starts one checkout loop per customer (add a unit, place the order)
// until the server stops answering.
func (l *shutdownLoad) run(client *http.Client, srv *server, customers []customer, products []string, stoppedAt func() time.Time) *sync.WaitGroup {
	var wg sync.WaitGroup
	for w := range customers {
		wg.Add(1)
		go func(c *customer) {
			defer wg.Done()
			for i := 0; i < 10_000; i++ {
				pid := products[(i*7+len(c.Email))%len(products)]
				if !l.step(client, srv, c, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1}, stoppedAt) {
					return
				}
				if !l.step(client, srv, c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c), stoppedAt) {
					return
				}
			}
		}(&customers[w])
	}
	return &wg
}

// step sends one request and records its answer. It returns false when the
// worker should stop: the server refused the connection after the stop
// (expected), or something else went wrong (an error of the test).
func (l *shutdownLoad) step(client *http.Client, srv *server, c *customer, method, path string, body any, stoppedAt func() time.Time) bool {
	sent := time.Now()
	st, b, _, err := call(context.Background(), client, srv.url(""), c, method, path, body)
	l.mu.Lock()
	defer l.mu.Unlock()
	stop := stoppedAt()
	if err != nil {
		// Refused, or a kept-alive idle connection closed by the stop: the
		// request never reached a handler. Anything else before the stop
		// is a failure, recorded as status 0.
		if stop.IsZero() || sent.Before(stop.Add(-time.Second)) {
			l.statuses[0]++
		}
		return false
	}
	l.statuses[st]++
	if !stop.IsZero() {
		l.afterStop++
	}
	if st == http.StatusCreated {
		var o struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(b, &o)
		l.acked = append(l.acked, o.ID)
	}
	return st < 500
}

// checkAcked fails t for every acknowledged order that is not stored.
func checkAcked(t *testing.T, dir string, ids []string) {
	t.Helper()
	db, err := openDB(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	missing := 0
	for _, id := range ids {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM orders WHERE id = ?`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of %d acknowledged orders are not stored", missing, len(ids))
	}
}

// slowCheckout puts product pid in c's cart, then sends the checkout with
// its body trickling in over d, and returns the status (0: no answer).
func slowCheckout(t *testing.T, srv *server, c *customer, pid string, d time.Duration, sending chan<- struct{}) int {
	client := &http.Client{Timeout: time.Minute}
	if st, b, _, err := call(context.Background(), client, srv.url(""), c, http.MethodPost, "/api/cart/items", map[string]any{"productId": pid, "quantity": 1}); err != nil || st != http.StatusOK {
		t.Errorf("slow customer's cart: %d %s %v", st, b, err)
		return 0
	}
	body, _ := json.Marshal(checkoutBody(c))
	r, w := io.Pipe()
	go func() {
		time.Sleep(time.Second)
		_, _ = w.Write(body[:len(body)/2])
		sending <- struct{}{} // the server is reading this request now
		time.Sleep(d)
		_, _ = w.Write(body[len(body)/2:])
		_ = w.Close()
	}()
	req, _ := http.NewRequest(http.MethodPost, srv.url("/api/checkout/create-order"), r)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.ContentLength = int64(len(body))
	resp, err := client.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	var o struct {
		ID string `json:"id"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&o)
	if resp.StatusCode == http.StatusCreated {
		checkAcked(t, srv.dir, []string{o.ID})
	}
	return resp.StatusCode
}

// checkOutboxStopped fails t when the e-mail worker did not stop cleanly:
// it gave up waiting for a send, or left an e-mail claimed.
func checkOutboxStopped(t *testing.T, srv *server) {
	t.Helper()
	if strings.Contains(srv.log.String(), "mail worker still sending") {
		t.Errorf("the e-mail worker did not stop in time:\n%s", srv.log.String())
	}
	db, err := openDB(srv.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var claimed int
	if err := db.QueryRow(`SELECT COUNT(*) FROM emails WHERE status = 'queued' AND claimedUntil != ''`).Scan(&claimed); err != nil {
		t.Fatal(err)
	}
	if claimed > 0 {
		t.Errorf("%d e-mails left claimed by the stopped worker", claimed)
	}
}
