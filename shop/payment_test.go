package shop_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/mail"
)

// payFixture is a shop with card payments against stripe-mock, a product
// with plenty of stock and a router for the webhook.
type payFixture struct {
	t       *testing.T
	h       testapp.Harness
	app     core.App
	product *core.Record
	shopID  string
}

func newPayFixture(t *testing.T, stock int) *payFixture {
	t.Helper()
	testapp.UseStripe(t, testapp.StripeMock(t))
	h := testapp.NewHarness(t)
	f := &payFixture{t: t, h: h, app: h.App,
		product: testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 2500, Stock: stock})}
	return f
}

// cardOrder places an order of qty units by card for a new customer.
func (f *payFixture) cardOrder(qty int) (testapp.User, *shop.OrderDetail) {
	f.t.Helper()
	u := testapp.NewUser(f.t, f.app, false)
	if _, err := cart.Add(f.app, cart.Owner{UserID: u.ID()}, f.product.Id, "", qty); err != nil {
		f.t.Fatal(err)
	}
	in := validInput()
	in.PaymentMethod = shop.MethodCard
	d, err := shop.PlaceOrder(f.app, u.ID(), in)
	if err != nil {
		f.t.Fatal(err)
	}
	if f.shopID == "" {
		rec, err := f.app.FindFirstRecordByFilter(shop.PaymentSettingsCollection, "")
		if err != nil {
			f.t.Fatal(err)
		}
		f.shopID = rec.GetString("shopId")
	}
	return u, d
}

// session is the test's view of an order's first hosted page.
func (f *payFixture) session(d *shop.OrderDetail) testapp.Session {
	f.t.Helper()
	a, err := f.app.FindFirstRecordByFilter(shop.PaymentAttemptsCollection, "orderRef = {:o} && attempt = 1", dbx.Params{"o": d.ID})
	if err != nil {
		f.t.Fatal(err)
	}
	return testapp.Session{ID: a.GetString("reference"), OrderID: d.ID, ShopID: f.shopID, Attempt: 1,
		Amount: int64(d.TotalAmount), PaymentIntent: "pi_" + d.ID, Paid: true}
}

// post sends a signed event to the webhook and returns the status.
func (f *payFixture) post(payload []byte) int {
	return f.h.Client.Do("POST", "/api/payments/stripe/webhook", payload, "Stripe-Signature", testapp.Sign(payload)).Status
}

// order reads an order's payment as the shopper sees it.
func (f *payFixture) order(id string) *shop.OrderDetail {
	f.t.Helper()
	d, err := shop.GetOrder(f.app, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return d
}

// events counts an order's ledger rows of a type.
func (f *payFixture) events(orderID, typ string) int {
	f.t.Helper()
	n, err := f.app.CountRecords(shop.PaymentEventsCollection, dbx.HashExp{"orderRef": orderID, "type": typ})
	if err != nil {
		f.t.Fatal(err)
	}
	return int(n)
}

// mails counts the outbox's e-mails of a kind about an order.
func (f *payFixture) mails(kind, orderID string) int {
	f.t.Helper()
	n, err := f.app.CountRecords(mail.Collection, dbx.HashExp{"kind": kind},
		dbx.Like("eventKey", orderID).Match(true, true))
	if err != nil {
		f.t.Fatal(err)
	}
	return int(n)
}

// A card order opens a hosted page that stripe-mock accepted (the request's
// shape is checked against Stripe's OpenAPI spec), holds its stock, and is
// paid only by a signed event.
func TestCardOrderOpensHostedPage(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(2)
	if d.CheckoutURL == "" || d.PaymentError != "" {
		t.Fatalf("checkoutUrl %q, paymentError %q", d.CheckoutURL, d.PaymentError)
	}
	if d.Payment.Method != shop.MethodCard || d.Payment.Status != shop.PayPending || d.Payment.HoldUntil == "" ||
		d.Payment.AmountDue != d.TotalAmount || d.Payment.Reference != d.OrderNumber {
		t.Fatalf("payment %+v", d.Payment)
	}
	if got := testapp.Stock(t, f.app, f.product.Id); got != 8 {
		t.Fatalf("stock %d, want 8 held", got)
	}
	s := f.session(d)
	if s.ID == "" {
		t.Fatal("the attempt kept no session id")
	}
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, s)
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("webhook %d", code)
	}
	got := f.order(d.ID).Payment
	if got.Status != shop.PayPaid || got.AmountPaid != d.TotalAmount || got.PaidAt == "" {
		t.Fatalf("after the webhook: %+v", got)
	}
	if n := f.mails(mail.KindPaymentReceived, ""); n != 1 {
		t.Fatalf("%d payment e-mails", n)
	}
}

// 50 copies of one event at once: one transition, one e-mail, one ledger row.
func TestWebhookFiftyCopiesAtOnce(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(1)
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(d))
	var wg sync.WaitGroup
	codes := make(chan int, 50)
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- f.post(payload)
		}()
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Fatalf("a copy got %d", c)
		}
	}
	got := f.order(d.ID).Payment
	if got.AmountPaid != d.TotalAmount || got.Status != shop.PayPaid {
		t.Fatalf("payment %+v", got)
	}
	if n := f.events(d.ID, shop.EvPaid); n != 1 {
		t.Fatalf("%d paid events, want 1", n)
	}
	n, _ := f.app.CountRecords(shop.PaymentEventsCollection, dbx.HashExp{"orderRef": d.ID})
	if n != 1 {
		t.Fatalf("%d ledger rows, want 1", n)
	}
	if m := f.mails(mail.KindPaymentReceived, d.ID); m != 1 {
		t.Fatalf("%d payment e-mails, want 1", m)
	}
}

// A body whose signature does not match is 400 and changes nothing.
func TestWebhookBadSignature(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(1)
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(d))
	sig := testapp.Sign(payload)
	tampered := []byte(string(payload[:len(payload)-1]) + " }")
	for name, r := range map[string]testapp.Response{
		"tampered body": f.h.Client.Do("POST", "/api/payments/stripe/webhook", tampered, "Stripe-Signature", sig),
		"no signature":  f.h.Client.Do("POST", "/api/payments/stripe/webhook", payload),
		"other secret":  f.h.Client.Do("POST", "/api/payments/stripe/webhook", payload, "Stripe-Signature", "t=1,v1=00ff"),
	} {
		if r.Status != http.StatusBadRequest || r.Map(t)["code"] != "invalid_signature" {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	if got := f.order(d.ID).Payment; got.Status != shop.PayPending || got.AmountPaid != 0 {
		t.Fatalf("payment %+v", got)
	}
	if n := testapp.Count(t, f.app, shop.PaymentEventsCollection); n != 0 {
		t.Fatalf("%d ledger rows", n)
	}
}

// An event whose amount or currency differs from the order pays nothing
// and flags the order.
func TestWebhookWrongAmountNotPaid(t *testing.T) {
	f := newPayFixture(t, 10)
	for name, change := range map[string]func(*testapp.Session){
		"amount":   func(s *testapp.Session) { s.Amount-- },
		"currency": func(s *testapp.Session) { s.Currency = "eur" },
	} {
		_, d := f.cardOrder(1)
		s := f.session(d)
		change(&s)
		_, payload := testapp.SessionEvent(shop.EventSessionCompleted, s)
		if code := f.post(payload); code != http.StatusOK {
			t.Fatalf("%s: webhook %d", name, code)
		}
		got := f.order(d.ID).Payment
		if got.Status != shop.PayPending || got.AmountPaid != 0 || got.Flag != shop.FlagAmountMismatch {
			t.Errorf("%s: payment %+v", name, got)
		}
		if f.events(d.ID, shop.EvAmountMismatch) != 1 || f.mails(mail.KindPaymentReceived, d.ID) != 0 {
			t.Errorf("%s: no mismatch event, or a payment e-mail", name)
		}
	}
}

// Events of another shop on the same account are ignored; one for an
// unknown order of this shop is answered 200 and recorded.
func TestWebhookOtherShopAndUnknownOrder(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(1)
	other := f.session(d)
	other.ShopID = "shop_someoneelse"
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, other)
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("other shop: %d", code)
	}
	if got := f.order(d.ID).Payment; got.Status != shop.PayPending {
		t.Fatalf("another shop's event paid the order: %+v", got)
	}
	unknown := f.session(d)
	unknown.OrderID = "nosuchorder0001"
	_, payload = testapp.SessionEvent(shop.EventSessionCompleted, unknown)
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("unknown order: %d", code)
	}
	n, _ := f.app.CountRecords(shop.PaymentEventsCollection, dbx.HashExp{"type": shop.EvUnknownOrder})
	if n != 1 {
		t.Fatalf("%d unknown-order rows", n)
	}
}

// Two or more admins refunding at once never refund more than was paid.
func TestRefundAbovePaidRefusedUnderConcurrency(t *testing.T) {
	f := newPayFixture(t, 10)
	admin := testapp.NewUser(t, f.app, true)
	_, d := f.cardOrder(4) // $100.00 + $49.99 shipping
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(d))
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("webhook %d", code)
	}
	paid := int64(d.TotalAmount)
	part := paid * 4 / 10 // two fit, the third does not
	body := map[string]any{"amount": shop.Amount(part), "reason": "damaged"}
	var wg sync.WaitGroup
	codes := make(chan int, 10)
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- f.h.Client.Do("POST", "/api/checkout/admin/orders/"+d.ID+"/refunds", body, testapp.Auth(admin.Token)...).Status
		}()
	}
	wg.Wait()
	close(codes)
	ok, refused := 0, 0
	for c := range codes {
		switch c {
		case http.StatusCreated:
			ok++
		case http.StatusConflict:
			refused++
		default:
			t.Errorf("refund answered %d", c)
		}
	}
	got := f.order(d.ID).Payment
	if ok != 2 || refused != 8 || int64(got.AmountRefunded) != 2*part || got.Status != shop.PayPartiallyRefunded {
		t.Fatalf("%d refunded, %d refused; payment %+v", ok, refused, got)
	}
	r := f.h.Client.Do("POST", "/api/checkout/admin/orders/"+d.ID+"/refunds", map[string]any{"amount": shop.Amount(paid - 2*part + 1)},
		testapp.Auth(admin.Token)...)
	if m := r.Map(t); r.Status != http.StatusConflict || m["code"] != "refund_exceeds_paid" || fmt.Sprint(m["refundable"]) != shop.Amount(paid-2*part).String() {
		t.Fatalf("over-refund: %d %s", r.Status, r.Body)
	}
}

// An unpaid card order past its hold expires once: cancelled, restocked
// once, one e-mail (payment expired, not the generic cancel), however
// many jobs and expiry events race.
func TestExpiryRestocksOnce(t *testing.T) {
	f := newPayFixture(t, 10)
	_, d := f.cardOrder(3)
	if _, err := f.app.DB().Update(shop.OrdersCollection, dbx.Params{"holdUntil": "2000-01-01 00:00:00.000Z"},
		dbx.HashExp{"id": d.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	s := f.session(d)
	s.Paid, s.Status = false, "expired"
	_, expired := testapp.SessionEvent(shop.EventSessionExpired, s)
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i%2 == 0 {
				f.post(expired)
				return
			}
			if _, err := shop.ExpireUnpaidOrders(f.app, timeNow()); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	got := f.order(d.ID)
	if got.Status != shop.StatusCancelled || got.Payment.Status != shop.PayExpired {
		t.Fatalf("order %s, payment %s", got.Status, got.Payment.Status)
	}
	if stock := testapp.Stock(t, f.app, f.product.Id); stock != 10 {
		t.Fatalf("stock %d, want 10 (restocked once)", stock)
	}
	if f.events(d.ID, shop.EvExpired) != 1 || f.mails(mail.KindPaymentExpired, d.ID) != 1 || f.mails(mail.KindOrderCancelled, d.ID) != 0 {
		t.Fatalf("expired events %d, expired e-mails %d, cancel e-mails %d", f.events(d.ID, shop.EvExpired),
			f.mails(mail.KindPaymentExpired, d.ID), f.mails(mail.KindOrderCancelled, d.ID))
	}
	// Paying the closed page later gives the money back, never an error.
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, f.session(d))
	if code := f.post(payload); code != http.StatusOK {
		t.Fatalf("late payment: %d", code)
	}
	late := f.order(d.ID).Payment
	if late.Status != shop.PayExpired || late.AmountPaid != 0 || f.events(d.ID, shop.EvLatePayment) != 1 || f.events(d.ID, shop.EvRefunded) != 1 {
		t.Fatalf("late payment not refunded: %+v", late)
	}
	if stock := testapp.Stock(t, f.app, f.product.Id); stock != 10 {
		t.Fatalf("stock %d after the late payment", stock)
	}
}

// timeNow is now; the hold was moved into the past by the test.
func timeNow() time.Time { return time.Now() }
