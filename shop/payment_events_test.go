package shop_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/mail"
)

// attemptStatus is the status of an order's first hosted page.
func (f *payFixture) attemptStatus(orderID string) string {
	f.t.Helper()
	a, err := f.app.FindFirstRecordByFilter(shop.PaymentAttemptsCollection, "orderRef = {:o} && attempt = 1", dbx.Params{"o": orderID})
	if err != nil {
		f.t.Fatal(err)
	}
	return a.GetString("status")
}

// send posts a signed event and fails the test unless it is answered 200.
func (f *payFixture) send(what string, payload []byte) {
	f.t.Helper()
	if code := f.post(payload); code != http.StatusOK {
		f.t.Fatalf("%s: webhook %d", what, code)
	}
}

// A payment method that settles later (a bank debit through Checkout):
// the completed page with payment_status unpaid pays nothing; the order
// is paid once by async_payment_succeeded, repeats included. A failed one
// leaves the order unpaid and holding its stock, so it can be paid again.
func TestAsyncPaymentsSettleLater(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(1)
	processing := f.session(d)
	processing.Paid, processing.Status = false, "complete"
	_, completed := testapp.SessionEvent(shop.EventSessionCompleted, processing)
	f.send("completed, processing", completed)
	if got := f.order(d.ID).Payment; got.Status != shop.PayPending || got.AmountPaid != 0 {
		t.Fatalf("a page still processing paid the order: %+v", got)
	}
	_, succeeded := testapp.SessionEvent(shop.EventSessionAsyncSucceeded, f.session(d))
	f.send("async succeeded", succeeded)
	f.send("async succeeded again", succeeded)
	if got := f.order(d.ID).Payment; got.Status != shop.PayPaid || got.AmountPaid != d.TotalAmount {
		t.Fatalf("after async_payment_succeeded: %+v", got)
	}
	if f.events(d.ID, shop.EvPaid) != 1 || f.mails(mail.KindPaymentReceived, d.ID) != 1 {
		t.Fatalf("paid events %d, payment e-mails %d; want 1 and 1", f.events(d.ID, shop.EvPaid), f.mails(mail.KindPaymentReceived, d.ID))
	}

	_, d2 := f.cardOrder(2)
	failed := f.session(d2)
	failed.Paid, failed.Status = false, "complete"
	_, payload := testapp.SessionEvent(shop.EventSessionAsyncFailed, failed)
	f.send("async failed", payload)
	got := f.order(d2.ID)
	if got.Payment.Status != shop.PayPending || got.Status != shop.StatusCreated || got.Payment.AmountPaid != 0 {
		t.Fatalf("after async_payment_failed: order %s, payment %+v", got.Status, got.Payment)
	}
	if s := f.attemptStatus(d2.ID); s != shop.AttemptFailed || f.events(d2.ID, shop.EvPaymentFailed) != 1 {
		t.Fatalf("attempt %s, failed events %d", s, f.events(d2.ID, shop.EvPaymentFailed))
	}
	if stock := testapp.Stock(t, f.app, f.product.Id); stock != 7 {
		t.Fatalf("stock %d, want 7 (both orders still hold theirs)", stock)
	}
}

// A dispute flags the paid order for the admin once and takes nothing
// back by itself; a refund made in Stripe's dashboard is recorded once
// from the charge's refunded total, however often Stripe says so.
func TestDisputeAndDashboardRefund(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(2) // $50.00 + shipping
	s := f.session(d)
	_, paid := testapp.SessionEvent(shop.EventSessionCompleted, s)
	f.send("paid", paid)
	total := int64(d.TotalAmount)

	dispute := map[string]any{"id": "dp_" + d.ID, "object": "dispute", "amount": total, "currency": "usd",
		"charge": "ch_" + d.ID, "payment_intent": s.PaymentIntent, "status": "needs_response", "reason": "fraudulent"}
	_, disputed := testapp.Event(shop.EventDisputeCreated, dispute)
	f.send("dispute", disputed)
	f.send("dispute again", disputed)
	got := f.order(d.ID).Payment
	if got.Flag != shop.FlagDispute || got.Status != shop.PayPaid || got.AmountPaid != d.TotalAmount {
		t.Fatalf("after the dispute: %+v", got)
	}
	if n := f.events(d.ID, shop.EvDispute); n != 1 {
		t.Fatalf("%d dispute events, want 1", n)
	}

	charge := func(refunded int64) []byte {
		_, p := testapp.Event(shop.EventChargeRefunded, map[string]any{"id": "ch_" + d.ID, "object": "charge",
			"amount": total, "amount_refunded": refunded, "currency": "usd", "payment_intent": s.PaymentIntent, "refunded": refunded == total})
		return p
	}
	f.send("dashboard refund of $10.00", charge(1000))
	f.send("the same total told again", charge(1000))
	if got := f.order(d.ID).Payment; int64(got.AmountRefunded) != 1000 || got.Status != shop.PayPartiallyRefunded {
		t.Fatalf("after a $10.00 dashboard refund: %+v", got)
	}
	f.send("the rest refunded", charge(total))
	if got := f.order(d.ID).Payment; int64(got.AmountRefunded) != total || got.Status != shop.PayRefunded {
		t.Fatalf("after the full refund: %+v", got)
	}
	if n, _ := f.app.CountRecords(shop.RefundsCollection, dbx.HashExp{"orderRef": d.ID}); n != 2 {
		t.Fatalf("%d refunds recorded, want 2 ($10.00 and the rest)", n)
	}
}
