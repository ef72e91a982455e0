package shop_test

import (
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// How each order of the stream is treated.
const (
	streamPaid         = iota // paid; its event repeated
	streamBeforeReturn        // paid before the shop stored its page's id
	streamOutOfOrder          // a page expired, then paid (async: processing first)
	streamAfterExpiry         // expired by the job, then paid: given back
	streamNeverPaid           // only expiries: ends expired
	streamKinds
)

// A shuffled stream of events for 1,000 card orders, sent 8 at a time:
// duplicates, out of order, before the page's id was stored, after expiry,
// other shops' events. None is paid twice, none is left pending, and
// every amount is exact to the cent.
func TestWebhookStreamOfThousandOrders(t *testing.T) {
	const orders = 1000
	f := newPayFixture(t, orders*2)
	rng := rand.New(rand.NewPCG(29, 1))
	kinds := make(map[string]int, orders)
	totals := make(map[string]int64, orders)
	var stream [][]byte
	var afterExpiry []string
	for i := 0; i < orders; i++ {
		_, d := f.cardOrder(1 + i%2)
		kind := i % streamKinds
		kinds[d.ID], totals[d.ID] = kind, int64(d.TotalAmount)
		s := f.session(d)
		stream = append(stream, streamEvents(t, f, kind, s, rng)...)
		if kind == streamAfterExpiry {
			afterExpiry = append(afterExpiry, d.ID)
		}
		if kind == streamBeforeReturn { // the page's id not stored yet
			if _, err := f.app.DB().Update(shop.PaymentAttemptsCollection, dbx.Params{"reference": "", "status": shop.AttemptCreating},
				dbx.HashExp{"orderRef": d.ID}).Execute(); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Orders paid after expiry: their hold ends and the job expires them first.
	if _, err := f.app.DB().Update(shop.OrdersCollection, dbx.Params{"holdUntil": "2000-01-01 00:00:00.000Z"},
		dbx.In("id", anySlice(afterExpiry)...)).Execute(); err != nil {
		t.Fatal(err)
	}
	if n, err := shop.ExpireUnpaidOrders(f.app, time.Now()); err != nil || n != len(afterExpiry) {
		t.Fatalf("expired %d of %d: %v", n, len(afterExpiry), err)
	}
	rng.Shuffle(len(stream), func(i, j int) { stream[i], stream[j] = stream[j], stream[i] })
	sendAll(t, f, stream, 8)
	// The hold of every order still unpaid ends.
	if _, err := shop.ExpireUnpaidOrders(f.app, time.Now().Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	checkStream(t, f, kinds, totals)
}

// streamEvents are the events of one order of the stream.
func streamEvents(t *testing.T, f *payFixture, kind int, s testapp.Session, rng *rand.Rand) [][]byte {
	paid := func() []byte { _, p := testapp.SessionEvent(shop.EventSessionCompleted, s); return p }
	var out [][]byte
	switch kind {
	case streamPaid, streamBeforeReturn, streamAfterExpiry:
		p := paid()
		for n := 1 + rng.IntN(3); n > 0; n-- {
			out = append(out, p) // the same event, delivered again
		}
		out = append(out, paid()) // and a second event of the same page
	case streamOutOfOrder:
		exp := s
		exp.Paid, exp.Status, exp.ID = false, "expired", s.ID+"_old"
		_, e := testapp.SessionEvent(shop.EventSessionExpired, exp)
		processing := s
		processing.Paid = false
		_, pr := testapp.SessionEvent(shop.EventSessionCompleted, processing)
		_, ok := testapp.SessionEvent(shop.EventSessionAsyncSucceeded, s)
		out = append(out, e, pr, ok, ok)
	case streamNeverPaid:
		exp := s
		exp.Paid, exp.Status = false, "expired"
		_, e := testapp.SessionEvent(shop.EventSessionExpired, exp)
		out = append(out, e, e)
	}
	other := s
	other.ShopID = "shop_other"
	_, o := testapp.SessionEvent(shop.EventSessionCompleted, other)
	return append(out, o)
}

// sendAll posts every event with workers at a time; each must get 200.
func sendAll(t *testing.T, f *payFixture, stream [][]byte, workers int) {
	next := make(chan []byte)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				if code := f.post(p); code != http.StatusOK {
					t.Errorf("event answered %d", code)
				}
			}
		}()
	}
	for _, p := range stream {
		next <- p
	}
	close(next)
	wg.Wait()
}

// checkStream checks every order's end state and money to the cent.
func checkStream(t *testing.T, f *payFixture, kinds map[string]int, totals map[string]int64) {
	for id, kind := range kinds {
		d := f.order(id)
		p := d.Payment
		paid := f.events(id, shop.EvPaid)
		switch kind {
		case streamAfterExpiry:
			if p.Status != shop.PayExpired || p.AmountPaid != 0 || paid != 0 || f.events(id, shop.EvLatePayment) != 1 ||
				refunded(t, f, id) != totals[id] {
				t.Fatalf("after expiry %s: %+v, late %d, refunded %d", id, p, f.events(id, shop.EvLatePayment), refunded(t, f, id))
			}
		case streamNeverPaid:
			if p.Status != shop.PayExpired || p.AmountPaid != 0 || d.Status != shop.StatusCancelled {
				t.Fatalf("never paid %s: %s %+v", id, d.Status, p)
			}
		default:
			if p.Status != shop.PayPaid || int64(p.AmountPaid) != totals[id] || paid != 1 || f.events(id, shop.EvLatePayment) != 0 {
				t.Fatalf("kind %d order %s: %+v, %d paid events", kind, id, p, paid)
			}
		}
	}
	pending, _ := f.app.CountRecords(shop.OrdersCollection, dbx.HashExp{"paymentStatus": shop.PayPending})
	if pending != 0 {
		t.Fatalf("%d orders left pending", pending)
	}
}

// refunded sums an order's succeeded refunds in cents.
func refunded(t *testing.T, f *payFixture, orderID string) int64 {
	var sum float64
	err := f.app.DB().Select("COALESCE(SUM(amountCents), 0)").From(shop.RefundsCollection).
		Where(dbx.HashExp{"orderRef": orderID, "status": shop.RefundSucceeded}).Row(&sum)
	if err != nil {
		t.Fatal(err)
	}
	return int64(sum)
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
