package shop_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// paidCardOrder places a card order and pays it through the webhook.
func (f *payFixture) paidCardOrder(qty int) (testapp.User, *shop.OrderDetail) {
	f.t.Helper()
	u, d := f.cardOrder(qty)
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(d))
	if code := f.post(payload); code != http.StatusOK {
		f.t.Fatalf("webhook %d", code)
	}
	return u, d
}

// A customer's cancel of a paid card order refunds it in full through
// Stripe; an admin's cancel refunds only when asked.
func TestCancelOfPaidCardOrder(t *testing.T) {
	f := newPayFixture(t, 20)
	u, d := f.paidCardOrder(2)
	got, err := shop.CancelOwnOrder(f.app, u.ID(), d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != shop.StatusCancelled || got.Payment.Status != shop.PayRefunded || got.Payment.AmountRefunded != d.TotalAmount {
		t.Fatalf("after the customer's cancel: %s %+v", got.Status, got.Payment)
	}
	if testapp.Stock(t, f.app, f.product.Id) != 20 {
		t.Fatal("not restocked")
	}
	_, kept := f.paidCardOrder(1)
	if got, err = shop.UpdateOrderStatus(f.app, kept.ID, shop.StatusUpdate{Status: shop.StatusCancelled}); err != nil {
		t.Fatal(err)
	}
	if got.Payment.Status != shop.PayPaid || got.Payment.AmountRefunded != 0 {
		t.Fatalf("cancel without refund: %+v", got.Payment)
	}
	_, refunded := f.paidCardOrder(1)
	if got, err = shop.UpdateOrderStatus(f.app, refunded.ID, shop.StatusUpdate{Status: shop.StatusCancelled, Refund: true}); err != nil {
		t.Fatal(err)
	}
	if got.Payment.Status != shop.PayRefunded || got.Payment.AmountRefunded != refunded.TotalAmount {
		t.Fatalf("cancel with refund: %+v", got.Payment)
	}
}

// Pay again opens a new page for one's own unpaid card order (and never
// for someone else's, or a paid one).
func TestPayAgain(t *testing.T) {
	f := newPayFixture(t, 20)
	u, d := f.cardOrder(1)
	other := testapp.NewUser(t, f.app, false)
	if _, err := shop.PayAgain(f.app, other.ID(), d.ID); err != shop.ErrOrderNotFound {
		t.Fatalf("someone else's order: %v", err)
	}
	url, err := shop.PayAgain(f.app, u.ID(), d.ID)
	if err != nil || url == "" {
		t.Fatalf("pay again: %q %v", url, err)
	}
	n, _ := f.app.CountRecords(shop.PaymentAttemptsCollection, dbx.HashExp{"orderRef": d.ID})
	if n != 2 {
		t.Fatalf("%d attempts, want 2", n)
	}
	_, paid := f.paidCardOrder(1)
	if _, err := shop.PayAgain(f.app, f.userOf(paid.ID), paid.ID); err != shop.ErrNotPayable {
		t.Fatalf("a paid order: %v", err)
	}
}

func (f *payFixture) userOf(orderID string) string {
	rec, err := f.app.FindRecordById(shop.OrdersCollection, orderID)
	if err != nil {
		f.t.Fatal(err)
	}
	return rec.GetString("user")
}

// A lost webhook loses nothing: the reconciliation asks Stripe about card
// orders pending for 10 minutes and applies what it says with the
// webhook's code; the late webhook then changes nothing. Stripe's state is
// played by a thin layer over stripe-mock: every request still goes to
// stripe-mock (so its shape is checked), and the session's answer is
// given the test's state (stripe-mock keeps none).
func TestReconciliationPaysWhatTheWebhookMissed(t *testing.T) {
	mock := testapp.StripeMock(t)
	var mu sync.Mutex
	paid := map[string]map[string]any{} // session id -> fields to answer
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target, _ := url.Parse(mock)
		req, _ := http.NewRequest(r.Method, target.String()+r.URL.RequestURI(), r.Body)
		req.Header = r.Header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		id := strings.TrimPrefix(r.URL.Path, "/v1/checkout/sessions/")
		mu.Lock()
		state, ok := paid[id]
		mu.Unlock()
		if r.Method == http.MethodGet && ok && resp.StatusCode == http.StatusOK {
			var obj map[string]any
			_ = json.Unmarshal(body, &obj)
			for k, v := range state {
				obj[k] = v
			}
			body, _ = json.Marshal(obj)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, bytes.NewReader(body))
	}))
	t.Cleanup(proxy.Close)
	testapp.UseStripe(t, proxy.URL)
	h := testapp.NewHarness(t)
	f := &payFixture{t: t, h: h, app: h.App, product: testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 2500, Stock: 10})}
	_, d := f.cardOrder(1)
	s := f.session(d)
	mu.Lock()
	paid[s.ID] = map[string]any{"payment_status": "paid", "status": "complete", "amount_total": int64(d.TotalAmount), "currency": "usd",
		"client_reference_id": d.ID, "payment_intent": "pi_" + d.ID,
		"metadata": map[string]string{"orderId": d.ID, "attempt": "1", "shopId": f.shopID}}
	mu.Unlock()
	if n, err := shop.ReconcileCardOrders(f.app, time.Now()); err != nil || n != 0 {
		t.Fatalf("a fresh order is left to its webhook: asked %d, %v", n, err)
	}
	if n, err := shop.ReconcileCardOrders(f.app, time.Now().Add(shop.ReconcileAfter+time.Minute)); err != nil || n != 1 {
		t.Fatalf("asked %d, %v", n, err)
	}
	got := f.order(d.ID).Payment
	if got.Status != shop.PayPaid || got.AmountPaid != d.TotalAmount {
		t.Fatalf("after reconciliation: %+v", got)
	}
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, s)
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("late webhook %d", code)
	}
	if got := f.order(d.ID).Payment; got.AmountPaid != d.TotalAmount || f.events(d.ID, shop.EvPaid) != 1 {
		t.Fatalf("the late webhook paid again: %+v", got)
	}
}
