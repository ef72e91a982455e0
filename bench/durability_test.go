package main

// Small versions of the bench's oversell race (test 4) and crash test
// (test 5), run by `make test` against the real binary. They assert
// correctness only, never timings.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		_ = os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// shopBinary builds the server once for all tests of the package.
func shopBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "stageshop-bench-test-"); buildErr != nil {
			return
		}
		builtBin = filepath.Join(buildDir, "stageshop")
		buildErr = buildBinary("..", builtBin)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// startShop prepares a data dir and starts the binary on it.
func startShop(t *testing.T, catalog, customers, raceRounds, raceUnits int) (*shopFixture, *server) {
	t.Helper()
	bin := shopBinary(t)
	f, err := setupShop(bin, t.TempDir(), false, catalog, customers, raceRounds, raceUnits)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := startServer(bin, f.dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.stop() })
	requireCheckout(t, srv, &f.customers[0])
	return f, srv
}

// requireCheckout checks that checkout answers an empty cart with 400
// cart_empty before the test relies on it.
func requireCheckout(t *testing.T, srv *server, c *customer) {
	t.Helper()
	client := newClient(1)
	defer client.CloseIdleConnections()
	st, body, _, err := call(context.Background(), client, srv.url(""), c, http.MethodPost, "/api/checkout/create-order", checkoutBody(c))
	if err != nil {
		t.Fatal(err)
	}
	if st != http.StatusBadRequest || errorCode(body) != "cart_empty" {
		t.Fatalf("checkout with an empty cart: want 400 cart_empty, got %d %s", st, body)
	}
}

func TestOversellRace(t *testing.T) {
	const customers, units, rounds = 40, 10, 2
	f, srv := startShop(t, 50, customers, rounds, units)
	for i := 0; i < rounds; i++ {
		r, err := raceRound(context.Background(), srv.url(""), f.dir, f.customers, f.race[i], units)
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		if !r.ok() {
			t.Errorf("round %d: %s", i+1, r)
		}
	}
	check, err := checkIntegrity(f.dir, f.initial)
	if err != nil {
		t.Fatal(err)
	}
	if !check.ok() {
		t.Errorf("after the race: %s", check)
	}
}

func TestCrashRecovery(t *testing.T) {
	const customers, rounds = 20, 2
	f, srv := startShop(t, 50, customers, 0, 0)
	orders := 0
	for i := 0; i < rounds; i++ {
		next, r, err := crashRound(context.Background(), srv, f.customers, f.plenty, f.initial, time.Duration(1500+700*i)*time.Millisecond)
		if next != nil {
			srv = next
			t.Cleanup(func() { next.stop() })
		}
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		t.Logf("round %d: %s", i+1, r)
		if !r.ok() {
			t.Errorf("round %d: %s", i+1, r)
		}
		orders += r.OrdersInRun
	}
	if orders == 0 {
		t.Errorf("no order was placed in %d rounds of load", rounds)
	}
}

// buildBinary builds the shop's binary from the module root into out.
func buildBinary(moduleRoot, out string) error {
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = moduleRoot
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, b)
	}
	return nil
}

// errorCode reads the code of an error envelope.
func errorCode(body []byte) string {
	var e struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(body, &e)
	return e.Code
}
