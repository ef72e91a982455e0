package routes_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"stageshop/internal/testapp"
)

// balanceOf is the payment's figures of one order as an answer gives them.
type balanceOf struct {
	ID      string `json:"id"`
	Payment struct {
		AmountRefunded float64 `json:"amountRefunded"`
		Outstanding    float64 `json:"outstanding"`
		Refundable     float64 `json:"refundable"`
	} `json:"payment"`
}

// checkBalance asks for the order the four ways an app reads it (the
// customer's and the admin's detail and lists) and wants outstanding and
// refundable in each.
func checkBalance(t *testing.T, s orderShop, id, step string, outstanding, refundable float64) {
	t.Helper()
	want := fmt.Sprintf("outstanding %.2f, refundable %.2f", outstanding, refundable)
	check := func(where string, b balanceOf) {
		t.Helper()
		if got := fmt.Sprintf("outstanding %.2f, refundable %.2f", b.Payment.Outstanding, b.Payment.Refundable); got != want {
			t.Errorf("%s, %s: %s, want %s", step, where, got, want)
		}
	}
	for _, v := range []struct {
		where, path, token string
	}{
		{"customer's order", "/api/checkout/orders/" + id, s.user.Token},
		{"admin's order", "/api/checkout/admin/orders/" + id, s.admin.Token},
	} {
		var b balanceOf
		s.c.Do("GET", v.path, nil, testapp.Auth(v.token)...).JSON(t, &b)
		check(v.where, b)
	}
	for _, v := range []struct {
		where, path, token string
	}{
		{"customer's list", "/api/checkout/orders", s.user.Token},
		{"admin's list", "/api/checkout/admin/orders", s.admin.Token},
		{"admin's list page", "/api/checkout/admin/orders?page=1", s.admin.Token},
	} {
		var list []balanceOf
		s.c.Do("GET", v.path, nil, testapp.Auth(v.token)...).JSON(t, &list)
		if len(list) != 1 || list[0].ID != id {
			t.Fatalf("%s, %s: %+v", step, v.where, list)
		}
		check(v.where, list[0])
	}
}

// The payment answer says what is still to pay and what may still be
// refunded (docs/api.md, Payments), so that no client works them out: a
// part payment, a refund sent at once, the rest paid, then the customer's
// cancel, whose refund waits for the admin to send it and so can no longer
// be refunded again.
func TestPaymentAnswersOutstandingAndRefundable(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 10000, Stock: 20})
	var d payOrder
	r := placeWith(t, s.h, s.user, s.product.Id, "", "")
	r.JSON(t, &d)
	if r.Status != 201 {
		t.Fatalf("place: %d %s", r.Status, r.Body)
	}
	total := d.TotalAmount
	checkBalance(t, s, d.ID, "placed", total, 0)

	admin := testapp.Auth(s.admin.Token)
	order := "/api/checkout/admin/orders/" + d.ID
	if r := s.c.Do("POST", order+"/payments", map[string]any{"amount": 100}, admin...); r.Status != 201 {
		t.Fatalf("record: %d %s", r.Status, r.Body)
	}
	checkBalance(t, s, d.ID, "part paid", total-100, 100)

	if r := s.c.Do("POST", order+"/refunds", map[string]any{"amount": 30}, admin...); r.Status != 201 {
		t.Fatalf("refund: %d %s", r.Status, r.Body)
	}
	// 30 of the part payment handed back is owed again (issue 43 item 9:
	// payment state follows money in and out).
	checkBalance(t, s, d.ID, "30 refunded", total-70, 70)

	rest := json.Number(fmt.Sprintf("%.2f", total-70))
	if r := s.c.Do("POST", order+"/payments", map[string]any{"amount": rest}, admin...); r.Status != 201 {
		t.Fatalf("record the rest: %d %s", r.Status, r.Body)
	}
	checkBalance(t, s, d.ID, "paid", 0, total)

	if r := s.c.Do("POST", "/api/checkout/orders/"+d.ID+"/cancel", nil, testapp.Auth(s.user.Token)...); r.Status != 200 {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	checkBalance(t, s, d.ID, "cancelled, refund to send", 0, 0)
	var b balanceOf
	s.c.Do("GET", order, nil, admin...).JSON(t, &b)
	if b.Payment.AmountRefunded != 0 {
		t.Fatalf("the cancel's refund is not sent yet: refunded %.2f", b.Payment.AmountRefunded)
	}
}
