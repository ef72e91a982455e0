package routes_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/cart"
	"stageshop/shop/mail"
)

// orderBody is a valid create-order body with a payment method.
func payOrderBody(method, po string) map[string]any {
	return map[string]any{
		"shippingInfo": map[string]any{"firstName": "Vera", "lastName": "Venue", "address": "1 Stage St", "city": "Austin",
			"state": "TX", "zipCode": "73301", "country": "US", "phone": "+1 555 0100", "email": "vera@example.com"},
		"useShippingForBilling": true, "shippingMethod": "standard", "paymentMethod": method, "poNumber": po,
	}
}

// placeWith fills the user's cart with qty units and places an order.
func placeWith(t *testing.T, h testapp.Harness, u testapp.User, productID, method, po string) testapp.Response {
	t.Helper()
	if _, err := cart.Add(h.App, cart.Owner{UserID: u.ID()}, productID, "", 2); err != nil {
		t.Fatal(err)
	}
	return h.Client.Do("POST", "/api/checkout/create-order", payOrderBody(method, po), testapp.Auth(u.Token)...)
}

// payOrder is an order answer as the app reads it (amounts in dollars).
type payOrder struct {
	ID          string  `json:"id"`
	OrderNumber string  `json:"orderNumber"`
	TotalAmount float64 `json:"totalAmount"`
	Payment     struct {
		Method, Status, DueDate, PONumber, Reference, Flag string
		AmountPaid, AmountRefunded                         float64
		Refunds                                            []struct {
			ID, Status string
			Amount     float64
		}
	} `json:"payment"`
}

func methodsOf(t *testing.T, r testapp.Response) map[string]bool {
	t.Helper()
	var body struct {
		Methods []struct {
			Code    string `json:"code"`
			Enabled bool   `json:"enabled"`
		} `json:"methods"`
	}
	r.JSON(t, &body)
	out := map[string]bool{}
	for _, m := range body.Methods {
		out[m.Code] = m.Enabled
	}
	return out
}

// Without Stripe keys the shop takes bank transfers (make run needs no
// Stripe account); invoice only for a customer an admin approved, who
// must give a PO number.
func TestPaymentMethodsAndInvoiceApproval(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	venue := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 20})

	r := h.Client.Do("GET", "/api/payments/methods", nil)
	if m := methodsOf(t, r); r.Status != 200 || m["card"] || !m["bank_transfer"] || m["invoice"] || !strings.Contains(string(r.Body), "bankDetails") {
		t.Fatalf("signed out: %d %s", r.Status, r.Body)
	}
	if r := placeWith(t, h, venue, p.Id, "invoice", "PO-1"); r.Status != 400 || !strings.Contains(string(r.Body), "paymentMethod") {
		t.Fatalf("invoice before approval: %d %s", r.Status, r.Body)
	}
	terms := "/api/admin/users/" + venue.ID() + "/invoice-terms"
	for name, c := range map[string]struct {
		token string
		body  any
		want  int
	}{
		"signed out": {"", map[string]any{"allowed": true}, 401},
		"customer":   {venue.Token, map[string]any{"allowed": true}, 403},
		"no allowed": {admin.Token, map[string]any{"termsDays": 10}, 400},
		"bad days":   {admin.Token, map[string]any{"allowed": true, "termsDays": 400}, 400},
	} {
		if r := h.Client.Do("PUT", terms, c.body, testapp.Auth(c.token)...); r.Status != c.want {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	if r := h.Client.Do("PUT", "/api/admin/users/nosuchuser0001/invoice-terms", map[string]any{"allowed": true}, testapp.Auth(admin.Token)...); r.Status != 404 {
		t.Errorf("unknown user: %d", r.Status)
	}
	r = h.Client.Do("PUT", terms, map[string]any{"allowed": true, "termsDays": 45}, testapp.Auth(admin.Token)...)
	if m := r.Map(t); r.Status != 200 || m["invoiceAllowed"] != true || m["invoiceTermsDays"] != 45.0 {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
	if m := methodsOf(t, h.Client.Do("GET", "/api/payments/methods", nil, testapp.Auth(venue.Token)...)); !m["invoice"] {
		t.Fatal("invoice not offered to the approved customer")
	}
	if r := placeWith(t, h, venue, p.Id, "invoice", " "); r.Status != 400 || !strings.Contains(string(r.Body), "poNumber") {
		t.Fatalf("invoice without PO: %d %s", r.Status, r.Body)
	}
	r = placeWith(t, h, venue, p.Id, "invoice", "PO-2026-17")
	var d payOrder
	r.JSON(t, &d)
	due, _ := time.Parse(time.RFC3339, d.Payment.DueDate)
	if r.Status != 201 || d.Payment.Status != shop.PayAwaiting || d.Payment.PONumber != "PO-2026-17" ||
		due.Sub(time.Now()) < 44*24*time.Hour || due.Sub(time.Now()) > 46*24*time.Hour {
		t.Fatalf("invoice order: %d %+v", r.Status, d.Payment)
	}
	checkOverdueReminder(t, h, d.ID)
}

// checkOverdueReminder: one reminder after the due date, however often
// the job runs.
func checkOverdueReminder(t *testing.T, h testapp.Harness, orderID string) {
	t.Helper()
	for i := 0; i < 2; i++ {
		if _, err := shop.RemindOverdueInvoices(h.App, time.Now().AddDate(0, 0, 50)); err != nil {
			t.Fatal(err)
		}
	}
	n, _ := h.App.CountRecords(mail.Collection, dbx.HashExp{"kind": mail.KindInvoiceOverdue})
	due, _ := h.App.CountRecords(mail.Collection, dbx.HashExp{"kind": mail.KindInvoiceDue})
	if n != 1 || due != 1 {
		t.Fatalf("%d overdue reminders, %d invoice e-mails for %s", n, due, orderID)
	}
}

// An admin records money received: a part stays partially paid, more than
// outstanding is refused, the rest makes it paid; never for card orders.
func TestAdminRecordsBankTransfer(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 20})
	r := placeWith(t, h, customer, p.Id, "", "")
	var d payOrder
	r.JSON(t, &d)
	if r.Status != 201 || d.Payment.Method != shop.MethodBankTransfer || d.Payment.Status != shop.PayAwaiting || d.Payment.Reference != d.OrderNumber {
		t.Fatalf("default method: %d %+v", r.Status, d.Payment)
	}
	url := "/api/checkout/admin/orders/" + d.ID + "/payments"
	if r := h.Client.Do("POST", url, map[string]any{"amount": 50}, testapp.Auth(customer.Token)...); r.Status != 403 {
		t.Fatalf("customer: %d", r.Status)
	}
	for _, bad := range []any{map[string]any{}, map[string]any{"amount": -1}, map[string]any{"amount": 1.234}, map[string]any{"amount": "x"}} {
		if r := h.Client.Do("POST", url, bad, testapp.Auth(admin.Token)...); r.Status != 400 {
			t.Errorf("%v: %d", bad, r.Status)
		}
	}
	r = h.Client.Do("POST", url, map[string]any{"amount": 100, "paidAt": time.Now().UTC().Format(time.DateOnly), "note": "first part"}, testapp.Auth(admin.Token)...)
	r.JSON(t, &d)
	if r.Status != 201 || d.Payment.Status != shop.PayPartiallyPaid || d.Payment.AmountPaid != 100 {
		t.Fatalf("part payment: %d %+v", r.Status, d.Payment)
	}
	if r := h.Client.Do("POST", url, map[string]any{"amount": 200}, testapp.Auth(admin.Token)...); r.Status != 400 {
		t.Fatalf("over outstanding: %d %s", r.Status, r.Body)
	}
	rest := json.Number(fmt.Sprintf("%.2f", d.TotalAmount-100))
	r = h.Client.Do("POST", url, map[string]any{"amount": rest}, testapp.Auth(admin.Token)...)
	r.JSON(t, &d)
	if r.Status != 201 || d.Payment.Status != shop.PayPaid || d.Payment.AmountPaid != d.TotalAmount {
		t.Fatalf("rest: %d %+v", r.Status, d.Payment)
	}
	if n, _ := h.App.CountRecords(mail.Collection, dbx.HashExp{"kind": mail.KindPaymentReceived}); n != 2 {
		t.Fatalf("%d payment e-mails, want 2", n)
	}
	checkCustomerCancelRefund(t, h, admin, customer, d)
}

// checkCustomerCancelRefund: the customer's cancel of a paid bank transfer
// order refunds it in full, waiting for the admin to send the money.
func checkCustomerCancelRefund(t *testing.T, h testapp.Harness, admin, customer testapp.User, d payOrder) {
	t.Helper()
	r := h.Client.Do("POST", "/api/checkout/orders/"+d.ID+"/cancel", nil, testapp.Auth(customer.Token)...)
	if r.Status != 200 {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	var got payOrder
	h.Client.Do("GET", "/api/checkout/admin/orders/"+d.ID, nil, testapp.Auth(admin.Token)...).JSON(t, &got)
	if got.Payment.Flag != shop.FlagRefundToSend || len(got.Payment.Refunds) != 1 || got.Payment.Refunds[0].Status != shop.RefundPending ||
		got.Payment.Refunds[0].Amount != d.TotalAmount {
		t.Fatalf("after cancel: %+v", got.Payment)
	}
	url := "/api/checkout/admin/orders/" + d.ID + "/refunds/" + got.Payment.Refunds[0].ID + "/sent"
	r = h.Client.Do("POST", url, nil, testapp.Auth(admin.Token)...)
	got = payOrder{}
	r.JSON(t, &got)
	if r.Status != 200 || got.Payment.Status != shop.PayRefunded || got.Payment.AmountRefunded != d.TotalAmount || got.Payment.Flag != "" {
		t.Fatalf("sent: %d %+v", r.Status, got.Payment)
	}
	if r := h.Client.Do("POST", url, nil, testapp.Auth(admin.Token)...); r.Status != http.StatusConflict {
		t.Fatalf("sent twice: %d", r.Status)
	}
	if r := h.Client.Do("POST", "/api/checkout/orders/"+d.ID+"/pay", nil, testapp.Auth(customer.Token)...); r.Status != http.StatusConflict {
		t.Fatalf("pay a bank transfer order by card: %d", r.Status)
	}
}

// The Stripe keys never leave the server, whatever route is asked.
func TestStripeKeysNeverAnswered(t *testing.T) {
	testapp.UseStripe(t, "http://127.0.0.1:1")
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	for _, url := range []string{"/api/payments/methods", "/api/admin/overview"} {
		r := h.Client.Do("GET", url, nil, testapp.Auth(admin.Token)...)
		if r.Status != 200 || strings.Contains(string(r.Body), testapp.StripeSecretKey) || strings.Contains(string(r.Body), testapp.StripeWebhookSecret) {
			t.Fatalf("%s: %d leaks a key", url, r.Status)
		}
	}
	if m := methodsOf(t, h.Client.Do("GET", "/api/payments/methods", nil)); !m["card"] {
		t.Fatal("card not offered with both keys set")
	}
}

// The payment forms answer through the one error path: the contract's
// envelope with a message per field, and nothing recorded.
func TestPaymentFormsAnswerFieldErrors(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 10000, Stock: 5})
	var d payOrder
	placeWith(t, h, customer, p.Id, "", "").JSON(t, &d)
	order := "/api/checkout/admin/orders/" + d.ID
	terms := "/api/admin/users/" + customer.ID() + "/invoice-terms"
	for _, c := range []struct {
		method, url string
		body        map[string]any
		field, want string
	}{
		{"POST", order + "/payments", map[string]any{}, "amount", "This field is required"},
		{"POST", order + "/payments", map[string]any{"amount": 1.234}, "amount", "Must be an amount above 0 with at most two decimals"},
		{"POST", order + "/payments", map[string]any{"amount": 10, "paidAt": "yesterday"}, "paidAt", "Must be a date such as 2026-11-22"},
		{"POST", order + "/refunds", map[string]any{"amount": 0}, "amount", "Must be an amount above 0 with at most two decimals"},
		{"PUT", terms, map[string]any{"termsDays": 10}, "allowed", "This field is required"},
		{"PUT", terms, map[string]any{"allowed": true, "termsDays": 1.5}, "termsDays", "Must be a whole number of days from 0 to 365"},
	} {
		env := wantError(t, h.Client.Do(c.method, c.url, c.body, testapp.Auth(admin.Token)...), 400, "validation_failed")
		if env.Errors[c.field] != c.want {
			t.Errorf("%s %v: errors %v, want %s: %q", c.url, c.body, env.Errors, c.field, c.want)
		}
	}
	if n := testapp.Count(t, h.App, "payment_events"); n != 0 {
		t.Errorf("%d payment events recorded by refused requests", n)
	}
}

// A payment cannot be dated before its order was placed (issue 43 item
// 10: paidAt 1900-01-01 was recorded): 400 on paidAt, nothing recorded;
// the day the order was placed and a time that day are taken.
func TestRecordedPaymentDatesAreBounded(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 5})
	o := s.place(t, 1, orderBody())
	url := "/api/checkout/admin/orders/" + o.ID + "/payments"
	auth := testapp.Auth(s.admin.Token)
	today := time.Now().UTC()
	for _, at := range []string{"1900-01-01", "0001-01-01", "1969-12-31T23:59:59Z", today.AddDate(0, 0, -1).Format(time.DateOnly), today.AddDate(0, 0, 3).Format(time.DateOnly)} {
		before := dbFingerprint(t, s.h)
		if e := expectErr(t, s.c.Do("POST", url, map[string]any{"amount": 1, "paidAt": at}, auth...), http.StatusBadRequest, "validation_failed"); e.Errors["paidAt"] == "" {
			t.Errorf("paidAt %s: errors %v", at, e.Errors)
		}
		if dbFingerprint(t, s.h) != before {
			t.Errorf("paidAt %s changed the database", at)
		}
	}
	wantStatus(t, s.c.Do("POST", url, map[string]any{"amount": 1, "paidAt": today.Format(time.DateOnly)}, auth...), http.StatusCreated, nil)
}

// Payment state follows money in and out (issue 43 item 9): a part payment
// of a transfer handed back leaves the order owing it again, so it can
// still be paid in full (it stayed partially_refunded, outstanding 0.00,
// never paid); a refund of a paid order is still partially_refunded.
func TestReturnedPartPaymentIsOwedAgain(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 10000, Stock: 5})
	o := s.place(t, 1, orderBody())
	auth := testapp.Auth(s.admin.Token)
	base := "/api/checkout/admin/orders/" + o.ID
	type pay struct {
		Payment struct {
			Status                     string
			AmountPaid, AmountRefunded float64
			Outstanding, Refundable    float64
		} `json:"payment"`
		InvoiceNumber string `json:"invoiceNumber"`
	}
	var d pay
	wantStatus(t, s.c.Do("POST", base+"/payments", map[string]any{"amount": 40}, auth...), http.StatusCreated, &d)
	wantStatus(t, s.c.Do("POST", base+"/refunds", map[string]any{"amount": 20, "reason": "sent too much"}, auth...), http.StatusCreated, &d)
	due := o.TotalAmount
	if d.Payment.Status != "partially_paid" || d.Payment.AmountPaid != 20 || d.Payment.Outstanding != due-20 || d.Payment.Refundable != 20 {
		t.Fatalf("after handing back 20 of a 40 part payment: %+v, want partially_paid, 20 paid, %.2f outstanding", d.Payment, due-20)
	}
	wantStatus(t, s.c.Do("POST", base+"/refunds", map[string]any{"amount": 20}, auth...), http.StatusCreated, &d)
	if d.Payment.Status != "awaiting_payment" || d.Payment.AmountPaid != 0 || d.Payment.Outstanding != due {
		t.Fatalf("after handing back all of it: %+v, want awaiting_payment, %.2f outstanding", d.Payment, due)
	}
	wantStatus(t, s.c.Do("POST", base+"/payments", map[string]any{"amount": due}, auth...), http.StatusCreated, &d)
	if d.Payment.Status != "paid" || d.Payment.Outstanding != 0 || d.InvoiceNumber == "" {
		t.Fatalf("paid in full after the returns: %+v invoice %q", d.Payment, d.InvoiceNumber)
	}
	// A paid order's refund is money given back: partially refunded, nothing owed.
	wantStatus(t, s.c.Do("POST", base+"/refunds", map[string]any{"amount": 10}, auth...), http.StatusCreated, &d)
	if d.Payment.Status != "partially_refunded" || d.Payment.AmountRefunded != 10 || d.Payment.Outstanding != 0 || d.Payment.Refundable != due-10 {
		t.Fatalf("refund of a paid order: %+v", d.Payment)
	}
}
