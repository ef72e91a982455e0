package shop_test

import (
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/mail"
)

// transferOrder places an order of qty units of p by bank transfer (the
// default method) for a new customer.
func transferOrder(t *testing.T, f *payFixture, qty int) *shop.OrderDetail {
	t.Helper()
	u := testapp.NewUser(t, f.app, false)
	if _, err := cart.Add(f.app, cart.Owner{UserID: u.ID()}, f.product.Id, "", qty); err != nil {
		t.Fatal(err)
	}
	d, err := shop.PlaceOrder(f.app, u.ID(), validInput())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Issue 43: one bank-transfer order held every unit of three products with
// no hold and no expiry. It now holds them transferHoldDays (7): a
// reminder a day before the end, then, the day after the reminder, it is
// cancelled and restocked exactly once, however many jobs run at once, and
// the customer is told (not with the generic cancel e-mail). A paid
// transfer and one an admin moved on are left alone.
func TestUnpaidTransfersExpireOnce(t *testing.T) {
	h := testapp.NewHarness(t)
	f := &payFixture{t: t, h: h, app: h.App, product: testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 2500, Stock: 10})}
	placed := time.Now()
	d := transferOrder(t, f, 6)
	moved := transferOrder(t, f, 2)
	if _, err := f.app.DB().Update(shop.OrdersCollection, dbx.Params{"status": shop.StatusProcessing}, dbx.HashExp{"id": moved.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	if stock := testapp.Stock(t, f.app, f.product.Id); stock != 2 {
		t.Fatalf("stock %d after the orders, want 2", stock)
	}
	hold := f.order(d.ID).Payment.HoldUntil
	if want := placed.Add(7 * 24 * time.Hour).UTC().Format("2006-01-02"); len(hold) < 10 || hold[:10] != want {
		t.Fatalf("holdUntil %q, want %s", hold, want)
	}
	run := func(at time.Time) {
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := shop.ExpireUnpaidTransfers(f.app, at); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	run(placed.Add(5 * 24 * time.Hour)) // too early for anything
	if f.mails(mail.KindTransferReminder, d.ID) != 0 {
		t.Fatal("reminded five days in")
	}
	run(placed.Add(6*24*time.Hour + time.Hour))
	if f.mails(mail.KindTransferReminder, d.ID) != 1 || f.events(d.ID, shop.EvTransferReminder) != 1 || f.order(d.ID).Status != shop.StatusCreated {
		t.Fatalf("reminders %d, events %d, status %s", f.mails(mail.KindTransferReminder, d.ID), f.events(d.ID, shop.EvTransferReminder), f.order(d.ID).Status)
	}
	run(placed.Add(7*24*time.Hour + 2*time.Hour))
	got := f.order(d.ID)
	if got.Status != shop.StatusCancelled || got.Payment.Status != shop.PayExpired {
		t.Fatalf("order %s, payment %s", got.Status, got.Payment.Status)
	}
	run(placed.Add(8 * 24 * time.Hour))
	if stock := testapp.Stock(t, f.app, f.product.Id); stock != 8 {
		t.Fatalf("stock %d, want 8 (6 restocked once, the moved order's 2 still out)", stock)
	}
	if f.events(d.ID, shop.EvExpired) != 1 || f.mails(mail.KindTransferExpired, d.ID) != 1 || f.mails(mail.KindOrderCancelled, d.ID) != 0 {
		t.Fatalf("expired events %d, expired e-mails %d, cancel e-mails %d", f.events(d.ID, shop.EvExpired),
			f.mails(mail.KindTransferExpired, d.ID), f.mails(mail.KindOrderCancelled, d.ID))
	}
	if m := f.order(moved.ID); m.Status != shop.StatusProcessing || f.mails(mail.KindTransferReminder, moved.ID) != 0 {
		t.Fatalf("the order an admin moved on: %s, %d reminders", m.Status, f.mails(mail.KindTransferReminder, moved.ID))
	}
}

// A reminder sent late (the job did not run) still gives the customer the
// lead before the order expires; the setting changes the hold of new
// orders.
func TestTransferReminderBeforeExpiry(t *testing.T) {
	h := testapp.NewHarness(t)
	f := &payFixture{t: t, h: h, app: h.App, product: testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 2500, Stock: 10})}
	if _, err := f.app.DB().NewQuery("UPDATE payment_settings SET transferHoldDays = 2").Execute(); err != nil {
		t.Fatal(err)
	}
	placed := time.Now()
	d := transferOrder(t, f, 3)
	late := placed.Add(30 * 24 * time.Hour)
	if r, e, err := shop.ExpireUnpaidTransfers(f.app, late); err != nil || r != 1 || e != 0 {
		t.Fatalf("first run a month late: %d reminded, %d expired, %v; want the reminder only", r, e, err)
	}
	if r, e, err := shop.ExpireUnpaidTransfers(f.app, late.Add(23*time.Hour)); err != nil || r != 0 || e != 0 {
		t.Fatalf("23 hours after the reminder: %d, %d, %v", r, e, err)
	}
	if r, e, err := shop.ExpireUnpaidTransfers(f.app, late.Add(25*time.Hour)); err != nil || r != 0 || e != 1 {
		t.Fatalf("25 hours after the reminder: %d, %d, %v", r, e, err)
	}
	if f.order(d.ID).Status != shop.StatusCancelled {
		t.Fatal("not cancelled")
	}
}
