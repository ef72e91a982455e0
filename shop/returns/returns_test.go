package returns_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/mail"
	"stageshop/shop/returns"
	"stageshop/shop/shipping"
)

// Returning 1 of 3 discounted, taxed cables refunds that unit's share of
// the discounted line and its tax, to the cent, and its credit note says
// so: 3 x $19.99 = $59.97, 10 % off ($6.00) leaves $53.97 and 8.25 % tax
// of it is $4.45; one unit is $17.99 + $1.48 = $19.47 (not the $19.99
// price, not a share of the order's total with its shipping). The other
// two then give back exactly the rest, shipping included (the last unit).
func TestRefundOneOfThreeToTheCent(t *testing.T) {
	f := newShop(t)
	u, d := f.delivered(3)
	if d.Items[0].DiscountAmount != 600 || d.Items[0].TaxAmount != 445 {
		t.Fatalf("fixture: line %+v", d.Items[0])
	}
	before := f.revenueToday()
	id := f.mustID(f.ask(u, d, 1))
	if r := f.step(id, map[string]any{"status": "approved"}); r.Status != http.StatusOK {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
	r := f.step(id, map[string]any{"status": "received", "lines": []map[string]any{{"orderItemId": d.Items[0].ID, "restock": false}}})
	got := r.Map(t)
	line := got["lines"].([]any)[0].(map[string]any)
	if r.Status != http.StatusOK || got["status"] != "received" || fmt.Sprint(got["refundAmount"]) != "19.47" ||
		fmt.Sprint(line["taxAmount"]) != "1.48" || fmt.Sprint(got["shippingAmount"]) != "0" {
		t.Fatalf("received: %d %s", r.Status, r.Body)
	}
	o, err := shop.GetOrder(f.app, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if o.Payment.AmountRefunded != 1947 || len(o.CreditNotes) != 1 || o.CreditNotes[0].Amount != 1947 || o.CreditNotes[0].TaxAmount != 148 {
		t.Fatalf("order after: refunded %v, notes %+v", o.Payment.AmountRefunded, o.CreditNotes)
	}
	if s := testapp.Stock(t, f.app, f.cable.Id); s != 17 {
		t.Fatalf("a damaged unit went back on sale: stock %d", s)
	}
	if after := f.revenueToday(); before-after != 1947 {
		t.Fatalf("the overview's revenue went from %v to %v", before, after)
	}
	// The last two by line: the rest of the line, its tax and the shipping.
	q := f.do("POST", "/api/checkout/admin/orders/"+d.ID+"/refunds/quote", f.admin.Token,
		map[string]any{"lines": []map[string]any{{"orderItemId": d.Items[0].ID, "quantity": 2}}}).Map(t)
	ship := int64(d.ShippingAmount)
	if fmt.Sprint(q["amount"]) != shop.Amount(3598+297+ship).String() || fmt.Sprint(q["taxAmount"]) != "2.97" {
		t.Fatalf("quote of the rest: %v (shipping %d)", q, ship)
	}
	rest := f.do("POST", "/api/checkout/admin/orders/"+d.ID+"/refunds", f.admin.Token,
		map[string]any{"lines": []map[string]any{{"orderItemId": d.Items[0].ID, "quantity": 2, "restock": true}}})
	after, _ := shop.GetOrder(f.app, d.ID)
	if rest.Status != http.StatusCreated || after.Payment.AmountRefunded != d.TotalAmount || after.Payment.Status != shop.PayRefunded {
		t.Fatalf("rest: %d %s; refunded %v of %v", rest.Status, rest.Body, after.Payment.AmountRefunded, d.TotalAmount)
	}
	if s := testapp.Stock(t, f.app, f.cable.Id); s != 19 {
		t.Fatalf("restocked lines: stock %d", s)
	}
	if again := f.ask(u, d, 1); again.Status != http.StatusConflict || again.Map(t)["code"] != "return_exceeds_order" {
		t.Fatalf("a unit refunded by line returned again: %d %s", again.Status, again.Body)
	}
}

// Ten returns asked at once for the last unit of a line: one is
// recorded, nine are 409 return_exceeds_order (open returns count);
// rejecting it frees the unit for a new return.
func TestTwoReturnsAtOnceForTheLastUnit(t *testing.T) {
	f := newShop(t)
	u, d := f.delivered(2)
	f.mustID(f.ask(u, d, 1))
	var wg sync.WaitGroup
	codes := make(chan testapp.Response, 10)
	for range 10 {
		wg.Add(1)
		go func() { defer wg.Done(); codes <- f.ask(u, d, 1) }()
	}
	wg.Wait()
	close(codes)
	created, refused, last := 0, 0, ""
	for r := range codes {
		switch {
		case r.Status == http.StatusCreated:
			created++
			last = r.Map(t)["id"].(string)
		case r.Status == http.StatusConflict && r.Map(t)["code"] == "return_exceeds_order":
			refused++
		default:
			t.Errorf("return answered %d %s", r.Status, r.Body)
		}
	}
	if created != 1 || refused != 9 || f.count(returns.Collection, dbx.HashExp{"orderRef": d.ID}) != 2 {
		t.Fatalf("%d created, %d refused", created, refused)
	}
	if r := f.step(last, map[string]any{"status": "rejected", "message": "Not ours"}); r.Status != http.StatusOK {
		t.Fatalf("reject: %d %s", r.Status, r.Body)
	}
	f.mustID(f.ask(u, d, 1))
}

// Receiving a return ten times at once restocks its units once, refunds
// once and issues one credit note; the later calls change nothing.
func TestReceiveRestocksOnce(t *testing.T) {
	f := newShop(t)
	u, d := f.delivered(3)
	id := f.mustID(f.ask(u, d, 2))
	f.step(id, map[string]any{"status": "approved"})
	body := map[string]any{"status": "received", "lines": []map[string]any{{"orderItemId": d.Items[0].ID, "restock": true}}}
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := f.step(id, body); r.Status != http.StatusOK {
				t.Errorf("receive: %d %s", r.Status, r.Body)
			}
		}()
	}
	wg.Wait()
	if s := testapp.Stock(t, f.app, f.cable.Id); s != 19 {
		t.Fatalf("stock %d, want 17 + 2 once", s)
	}
	if n := f.count(shop.RefundsCollection, dbx.HashExp{"orderRef": d.ID}); n != 1 {
		t.Fatalf("%d refunds", n)
	}
	if n := f.count(shop.CreditNotesCollection, dbx.HashExp{"orderRef": d.ID}); n != 1 {
		t.Fatalf("%d credit notes", n)
	}
	if n := f.count(mail.Collection, dbx.HashExp{"kind": mail.KindReturnReceived}); n != 1 {
		t.Fatalf("%d received e-mails", n)
	}
	if r := f.step(id, map[string]any{"status": "rejected"}); r.Status != http.StatusConflict || r.Map(t)["code"] != "return_status" {
		t.Fatalf("rejecting a received return: %d %s", r.Status, r.Body)
	}
}

// A card order's return is refunded through Stripe (stripe-mock) once,
// however often it is received: one refund with the return's id as its
// idempotency key, confirmed, and the order refunded by that much.
func TestCardRefundIdempotent(t *testing.T) {
	testapp.UseStripe(t, testapp.StripeMock(t))
	f := newShop(t)
	u, d := f.place(2, shop.MethodCard)
	f.payByCard(d)
	d = f.deliver(d.ID)
	id := f.mustID(f.ask(u, d, 1))
	f.step(id, map[string]any{"status": "approved"})
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() { defer wg.Done(); f.step(id, map[string]any{"status": "received"}) }()
	}
	wg.Wait()
	recs, err := f.app.FindAllRecords(shop.RefundsCollection, dbx.HashExp{"orderRef": d.ID})
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d refunds (%v)", len(recs), err)
	}
	r := recs[0]
	if r.GetString("provider") != shop.ProviderStripe || r.GetString("status") != shop.RefundSucceeded || r.GetString("reference") == "" || r.GetString("returnRef") != id {
		t.Fatalf("refund %v", r.FieldsData())
	}
	o, _ := shop.GetOrder(f.app, d.ID)
	// 2 x $19.99 less 10 % ($4.00): $35.98, tax $2.97; one unit $17.99 + $1.49 (half of 297, rounded up).
	if o.Payment.AmountRefunded != 1799+149 || len(o.CreditNotes) != 1 {
		t.Fatalf("refunded %v, notes %+v", o.Payment.AmountRefunded, o.CreditNotes)
	}
}

// payByCard settles the order's hosted page by a signed webhook.
func (f *shopFix) payByCard(d *shop.OrderDetail) {
	f.t.Helper()
	a, err := f.app.FindFirstRecordByFilter(shop.PaymentAttemptsCollection, "orderRef = {:o}", dbx.Params{"o": d.ID})
	if err != nil {
		f.t.Fatal(err)
	}
	settings, err := f.app.FindFirstRecordByFilter(shop.PaymentSettingsCollection, "")
	if err != nil {
		f.t.Fatal(err)
	}
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, testapp.Session{ID: a.GetString("reference"), OrderID: d.ID,
		ShopID: settings.GetString("shopId"), Attempt: 1, Amount: int64(d.TotalAmount), PaymentIntent: "pi_" + d.ID, Paid: true})
	if code := f.h.Client.Do("POST", "/api/payments/stripe/webhook", payload, "Stripe-Signature", testapp.Sign(payload)).Status; code != http.StatusOK {
		f.t.Fatalf("webhook %d", code)
	}
}

// Returns open only on delivered orders and within the window
// (returnWindowDays from delivery): 409 not_returnable, then
// return_window_closed, and nothing is recorded.
func TestReturnWindow(t *testing.T) {
	f := newShop(t)
	u, d := f.place(1, shop.MethodBankTransfer)
	if r := f.ask(u, d, 1); r.Status != http.StatusConflict || r.Map(t)["code"] != "not_returnable" {
		t.Fatalf("undelivered: %d %s", r.Status, r.Body)
	}
	d = f.deliver(d.ID)
	_, err := f.app.DB().Update(shipping.SettingsCollection, dbx.Params{"returnWindowDays": 14}, dbx.NewExp("1=1")).Execute()
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := shop.FindOrderRecord(f.app, d.ID)
	h := []shop.StatusChange{}
	_ = rec.UnmarshalJSONField("history", &h)
	h[len(h)-1].At = time.Now().Add(-15 * 24 * time.Hour).UTC().Format(time.RFC3339)
	rec.Set("history", h)
	if err := f.app.Save(rec); err != nil {
		t.Fatal(err)
	}
	if r := f.ask(u, d, 1); r.Status != http.StatusConflict || r.Map(t)["code"] != "return_window_closed" {
		t.Fatalf("15 days after delivery with a 14-day window: %d %s", r.Status, r.Body)
	}
	h[len(h)-1].At = time.Now().Add(-13 * 24 * time.Hour).UTC().Format(time.RFC3339)
	rec.Set("history", h)
	if err := f.app.Save(rec); err != nil {
		t.Fatal(err)
	}
	f.mustID(f.ask(u, d, 1))
	if n := f.count(returns.Collection, nil); n != 1 {
		t.Fatalf("%d returns", n)
	}
}

// Each step e-mails the customer in their language: a Russian
// customer's request, approval and receipt come in Russian, the
// rejection of another return with the shop's message.
func TestReturnMailsInTheCustomersLanguage(t *testing.T) {
	f := newShop(t)
	u, d := f.delivered(2)
	u.Record.Set("language", "ru")
	if err := f.app.Save(u.Record); err != nil {
		t.Fatal(err)
	}
	id := f.mustID(f.ask(u, d, 1))
	f.step(id, map[string]any{"status": "approved"})
	f.step(id, map[string]any{"status": "received"})
	other := f.mustID(f.ask(u, d, 1))
	f.step(other, map[string]any{"status": "rejected", "message": "Кабель повреждён не при доставке"})
	want := map[string]string{mail.KindReturnRequested: "Заявка на возврат", mail.KindReturnApproved: "одобрен",
		mail.KindReturnReceived: "возвращено", mail.KindReturnRejected: "не принят"}
	for kind, text := range want {
		recs, err := f.app.FindAllRecords(mail.Collection, dbx.HashExp{"kind": kind})
		if err != nil || len(recs) == 0 {
			t.Fatalf("%s: no e-mail (%v)", kind, err)
		}
		if s := recs[0].GetString("subject"); !strings.Contains(s, text) {
			t.Errorf("%s: subject %q", kind, s)
		}
	}
	rejected, _ := f.app.FindFirstRecordByFilter(mail.Collection, "kind = {:k}", dbx.Params{"k": mail.KindReturnRejected})
	if !strings.Contains(rejected.GetString("view"), "Кабель повреждён") {
		t.Errorf("rejection without the message: %v", rejected.FieldsData())
	}
}

// A hired line is not returned this way (its deposit settles at check-in,
// issue 46): 409 not_returnable, by a customer and by an admin's refund by
// line, and nothing is recorded.
func TestHireLineRefused(t *testing.T) {
	f := newShop(t)
	u, d := f.delivered(1)
	// The order's line as a hire line stores it (shop/order_place.go).
	if _, err := f.app.DB().Update(shop.OrderItemsCollection, dbx.Params{"hireStart": "2026-12-01", "hireEnd": "2026-12-03"},
		dbx.HashExp{"id": d.Items[0].ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	if r := f.ask(u, d, 1); r.Status != http.StatusConflict || r.Map(t)["code"] != "not_returnable" {
		t.Fatalf("customer: %d %s", r.Status, r.Body)
	}
	r := f.do("POST", "/api/checkout/admin/orders/"+d.ID+"/refunds", f.admin.Token,
		map[string]any{"lines": []map[string]any{{"orderItemId": d.Items[0].ID, "quantity": 1}}})
	if r.Status != http.StatusConflict || r.Map(t)["code"] != "not_returnable" {
		t.Fatalf("admin: %d %s", r.Status, r.Body)
	}
	if n := f.count(returns.Collection, nil) + f.count(shop.RefundsCollection, nil); n != 0 {
		t.Fatalf("%d records", n)
	}
}

// revenueToday is the overview's revenue of today.
func (f *shopFix) revenueToday() shop.Amount {
	f.t.Helper()
	o, err := shop.GetOverview(f.app, shop.OverviewQuery{Days: 7})
	if err != nil {
		f.t.Fatal(err)
	}
	return o.Revenue.Today
}
