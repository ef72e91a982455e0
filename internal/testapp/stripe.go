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
func stripeMockPath(t testing.TB) string {
	if p := os.Getenv("STRIPE_MOCK_PATH"); p != "" {
		return p
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	out, err := exec.Command(filepath.Join(root, "scripts", "ensure-stripe-mock.sh")).Output()
	if err != nil {
		t.Fatalf("installing stripe-mock: %v", err)
	}
	return strings.TrimSpace(string(out))
}

var listening = regexp.MustCompile(`Listening for HTTP at address: (127\.0\.0\.1:\d+)`)

// StripeMock starts stripe-mock on a free loopback port (HTTPS on another)
// and returns its base URL; it is stopped when the test ends.
func StripeMock(t testing.TB) string {
	t.Helper()
	cmd := exec.Command(stripeMockPath(t), "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("stripe-mock did not start in 30 s")
	}
	return ""
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
