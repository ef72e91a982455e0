package testapp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"
)

// Keys of the test shop's Stripe account; stripe-mock takes any sk_test_ key.
const (
	StripeSecretKey     = "sk_test_stageshop0000000000"
	StripeWebhookSecret = "whsec_stageshop_test_secret_0000"
)

// stripeMockPath is the pinned stripe-mock: $STRIPE_MOCK_PATH, else what
// scripts/ensure-stripe-mock.sh installs.
func stripeMockPath() (string, error) {
	if p := os.Getenv("STRIPE_MOCK_PATH"); p != "" {
		return p, nil
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	out, err := exec.Command(filepath.Join(root, "scripts", "ensure-stripe-mock.sh")).Output()
	if err != nil {
		return "", fmt.Errorf("installing stripe-mock: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

var listening = regexp.MustCompile(`Listening for HTTP at address: (127\.0\.0\.1:\d+)`)

// stripeMock is the test binary's one stripe-mock. It answers every call
// from its fixtures and keeps no state, so tests share it: starting one
// reads Stripe's whole API description, a second and a half each time.
var stripeMock struct {
	once sync.Once
	base string
	err  error
}

// StripeMock returns the base URL of stripe-mock, started on a free
// loopback port (HTTPS on another) for the first test that asks and
// stopped when the test binary ends.
func StripeMock(t testing.TB) string {
	t.Helper()
	stripeMock.once.Do(func() { stripeMock.base, stripeMock.err = startStripeMock() })
	if stripeMock.err != nil {
		t.Fatal(stripeMock.err)
	}
	return stripeMock.base
}

// startStripeMock starts stripe-mock and waits until it listens. Its
// process is started from a goroutine that keeps its OS thread for the
// life of the binary, and dies with that thread (killWithParent): the
// binary may end without cleaning up after its tests.
func startStripeMock() (string, error) {
	path, err := stripeMockPath()
	if err != nil {
		return "", err
	}
	addr, failed := make(chan string, 1), make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the binary
		cmd := exec.Command(path, "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
		killWithParent(cmd)
		out, err := cmd.StdoutPipe()
		if err == nil {
			cmd.Stderr = cmd.Stdout
			err = cmd.Start()
		}
		if err != nil {
			failed <- fmt.Errorf("starting stripe-mock: %w", err)
			return
		}
		// Read its log to the end, or a full pipe would stop it.
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		select {} // keep the thread
	}()
	select {
	case a := <-addr:
		return "http://" + a, nil
	case err := <-failed:
		return "", err
	case <-time.After(30 * time.Second):
		return "", fmt.Errorf("stripe-mock did not start in 30 s")
	}
}

// UseStripe turns card payments on for the test: the test keys and the
// API base (stripe-mock) in the environment, as an operator would set them.
func UseStripe(t *testing.T, base string) {
	t.Setenv("STAGESHOP_STRIPE_SECRET_KEY", StripeSecretKey)
	t.Setenv("STAGESHOP_STRIPE_WEBHOOK_SECRET", StripeWebhookSecret)
	t.Setenv("STAGESHOP_STRIPE_API_BASE", base)
}

var eventSeq atomic.Int64

// Session is a Checkout Session as a test event carries it.
type Session struct {
	ID, OrderID, ShopID, PaymentIntent string
	Attempt                            int
	Amount                             int64
	Currency                           string // default usd
	Paid                               bool
	Status                             string // default complete when paid, else open
}

// SessionEvent is a Stripe event of type typ about s, as Stripe sends it.
func SessionEvent(typ string, s Session) (id string, payload []byte) {
	if s.Currency == "" {
		s.Currency = "usd"
	}
	status, pay := s.Status, "unpaid"
	if s.Paid {
		pay = "paid"
		if status == "" {
			status = "complete"
		}
	}
	if status == "" {
		status = "open"
	}
	obj := map[string]any{"id": s.ID, "object": "checkout.session", "amount_total": s.Amount, "currency": s.Currency,
		"client_reference_id": s.OrderID, "payment_status": pay, "status": status, "mode": "payment",
		"payment_intent": s.PaymentIntent,
		"metadata":       map[string]string{"orderId": s.OrderID, "attempt": fmt.Sprint(s.Attempt), "shopId": s.ShopID}}
	return Event(typ, obj)
}

// Event is a Stripe event of type typ carrying obj.
func Event(typ string, obj map[string]any) (id string, payload []byte) {
	id = fmt.Sprintf("evt_test_%d_%d", time.Now().UnixNano(), eventSeq.Add(1))
	b, _ := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "api_version": "2025-08-27.basil",
		"created": time.Now().Unix(), "livemode": false, "pending_webhooks": 1, "data": map[string]any{"object": obj}})
	return id, b
}

// Sign is the Stripe-Signature header Stripe would send with payload.
func Sign(payload []byte) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: StripeWebhookSecret}).Header
}
