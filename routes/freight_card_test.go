package routes_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/mail"
	"stageshop/shop/tax"
)

// sessionRequests is a proxy in front of stripe-mock that keeps the form
// of every Checkout Session the shop asks Stripe for (what the hosted page
// will charge).
type sessionRequests struct {
	mu    sync.Mutex
	forms []url.Values
}

func recordSessions(t *testing.T, stripeMock string) (*sessionRequests, string) {
	target, err := url.Parse(stripeMock)
	if err != nil {
		t.Fatal(err)
	}
	rec := &sessionRequests{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/v1/checkout/sessions" {
			body, _ := io.ReadAll(r.Body)
			form, _ := url.ParseQuery(string(body))
			rec.mu.Lock()
			rec.forms = append(rec.forms, form)
			rec.mu.Unlock()
			r.Body = io.NopCloser(strings.NewReader(string(body)))
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return rec, srv.URL
}

func (s *sessionRequests) all() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]url.Values(nil), s.forms...)
}

// A freight order paid by card: placed awaiting the quote (no hosted page,
// nothing due, nothing to pay yet), quoted by the admin, then paid from My
// Orders through Stripe Checkout (stripe-mock): the hosted page asks for
// the quoted total (items + freight + tax on both) and the signed
// checkout.session.completed event for it pays the order in full; it is
// invoiced and the customer gets the payment e-mail.
func TestFreightOrderPaidByCardAfterTheQuote(t *testing.T) {
	sessions, base := recordSessions(t, testapp.StripeMock(t))
	testapp.UseStripe(t, base)
	s := newOrderShop(t, testapp.Product{PriceCents: 150000, Stock: 5})
	h, c, admin, u, hoist := s.h, s.c, s.admin, s.user, s.product
	saveZones(t, h, admin)
	testapp.NewTaxRate(t, h.App, "US", "TX", tax.Standard, 10, "Texas sales tax")
	testapp.SetTaxSettings(t, h.App, false, true)
	setWeight(t, h, admin, hoist.Id, 520, true)
	addLine(t, c, u.Token, hoist.Id, 1)

	body := texasBody("freight")
	body["paymentMethod"] = shop.MethodCard
	var o quoteOrderJSON
	r := c.Do("POST", "/api/checkout/create-order", body, testapp.Auth(u.Token)...)
	r.JSON(t, &o)
	if r.Status != http.StatusCreated || o.ShippingQuote != "pending" || o.CheckoutURL != "" || o.Payment.AmountDue != 0 {
		t.Fatalf("freight card order %d %s", r.Status, r.Body)
	}
	pay := "/api/checkout/orders/" + o.ID + "/pay"
	expectErr(t, c.Do("POST", pay, nil, testapp.Auth(u.Token)...), http.StatusConflict, "not_payable")
	if n := len(sessions.all()); n != 0 {
		t.Fatalf("%d hosted pages asked for before the quote", n)
	}

	wantStatus(t, c.Do("POST", "/api/checkout/admin/orders/"+o.ID+"/shipping-quote", map[string]any{"amount": 350},
		testapp.Auth(admin.Token)...), http.StatusOK, nil)
	// $1,500 + $350 freight, both taxed at 10 %: $2,035.00.
	const total = 150000 + 35000 + 18500
	var quoted quoteOrderJSON
	wantStatus(t, c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...), http.StatusOK, &quoted)
	if centsOf(quoted.TotalAmount) != total || centsOf(quoted.Payment.AmountDue) != total || quoted.Payment.Status != shop.PayPending {
		t.Fatalf("after the quote: %+v", quoted)
	}

	// The quote comes by e-mail, so the customer has days to pay, not the
	// checkout's hour, and the e-mail says until when; the hourly sweep of
	// unpaid orders leaves it (it used to cancel it an hour after the quote).
	holdUntil := func() time.Time {
		var hold string
		if err := h.App.DB().Select("holdUntil").From(shop.OrdersCollection).Where(dbx.HashExp{"id": o.ID}).Row(&hold); err != nil {
			t.Fatal(err)
		}
		at, err := types.ParseDateTime(hold)
		if err != nil {
			t.Fatal(err)
		}
		return at.Time()
	}
	week := time.Now().AddDate(0, 0, shop.QuoteHoldDays)
	if hold := holdUntil(); hold.Before(week.Add(-time.Minute)) || hold.After(week.Add(time.Minute)) {
		t.Fatalf("a quoted card order can be paid until %v, want %d days", hold, shop.QuoteHoldDays)
	}
	var view string
	if err := h.App.DB().Select("view").From(mail.Collection).Where(dbx.HashExp{"kind": mail.KindFreightQuoted}).Row(&view); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(view, "until "+week.UTC().Format("2006-01-02")) {
		t.Fatalf("the quote's e-mail does not say until when to pay: %.800s", view)
	}
	if n, err := shop.ExpireUnpaidOrders(h.App, time.Now().Add(2*time.Hour)); err != nil || n != 0 {
		t.Fatalf("two hours after the quote the sweep cancelled %d orders (%v)", n, err)
	}

	var page struct {
		CheckoutURL string `json:"checkoutUrl"`
	}
	wantStatus(t, c.Do("POST", pay, nil, testapp.Auth(u.Token)...), http.StatusOK, &page)
	forms := sessions.all()
	if page.CheckoutURL == "" || len(forms) != 1 {
		t.Fatalf("pay: checkoutUrl %q after %d session requests", page.CheckoutURL, len(forms))
	}
	f := forms[0]
	// Opening the hosted page keeps the days to pay; the page itself lives
	// at most Stripe's 24 hours (another one can be opened after it).
	if hold := holdUntil(); hold.Before(week.Add(-time.Minute)) {
		t.Fatalf("paying cut the time to pay to %v", hold)
	}
	if exp, err := strconv.ParseInt(f.Get("expires_at"), 10, 64); err != nil || time.Unix(exp, 0).After(time.Now().Add(24*time.Hour)) {
		t.Fatalf("the hosted page expires at %q: Stripe takes at most 24 hours", f.Get("expires_at"))
	}
	if f.Get("line_items[0][price_data][unit_amount]") != "203500" || f.Get("line_items[0][quantity]") != "1" ||
		f.Get("line_items[0][price_data][currency]") != "usd" || f.Get("metadata[orderId]") != o.ID || f.Get("line_items[1][quantity]") != "" {
		t.Fatalf("the hosted page does not ask for the quoted $2,035.00: %v", f)
	}

	attempt, err := h.App.FindFirstRecordByFilter(shop.PaymentAttemptsCollection, "orderRef = {:o}", dbx.Params{"o": o.ID})
	if err != nil {
		t.Fatal(err)
	}
	settings, err := h.App.FindFirstRecordByFilter(shop.PaymentSettingsCollection, "")
	if err != nil {
		t.Fatal(err)
	}
	_, payload := testapp.SessionEvent(shop.EventSessionCompleted, testapp.Session{ID: attempt.GetString("reference"),
		OrderID: o.ID, ShopID: settings.GetString("shopId"), Attempt: attempt.GetInt("attempt"), Amount: total,
		PaymentIntent: "pi_" + o.ID, Paid: true})
	wh := c.Do("POST", "/api/payments/stripe/webhook", payload, "Stripe-Signature", testapp.Sign(payload))
	if wh.Status != http.StatusOK {
		t.Fatalf("webhook %d %s", wh.Status, wh.Body)
	}
	var paid payOrder
	wantStatus(t, c.Do("GET", "/api/checkout/orders/"+o.ID, nil, testapp.Auth(u.Token)...), http.StatusOK, &paid)
	if paid.Payment.Status != shop.PayPaid || centsOf(paid.Payment.AmountPaid) != total || centsOf(paid.TotalAmount) != total ||
		paid.Payment.Flag != "" {
		t.Fatalf("after the payment: %+v", paid)
	}
	var invoice string
	if err := h.App.DB().Select("invoiceNumber").From(shop.OrdersCollection).Where(dbx.HashExp{"id": o.ID}).Row(&invoice); err != nil || invoice == "" {
		t.Fatalf("the paid order has no invoice number (%v)", err)
	}
	if n := countWhere(t, h, mail.Collection, dbx.HashExp{"kind": mail.KindPaymentReceived}); n != 1 {
		t.Fatalf("%d payment e-mails, want 1", n)
	}
}
