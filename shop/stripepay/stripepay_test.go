package stripepay_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/stripepay"
)

// An error of Stripe's (here stripe-mock refusing a key it does not like,
// quoting it in full) reaches the shop without the key: nothing the shop
// logs or stores can hold it.
func TestErrorsNeverQuoteTheKey(t *testing.T) {
	const key = "sk_test_with_underscores_secret_42"
	base := testapp.StripeMock(t)
	p := stripepay.New(shop.PaymentSettings{StripeSecretKey: key, StripeWebhookSecret: "whsec_x_0000000000", StripeAPIBase: base})
	_, err := p.CreateCheckout(context.Background(), shop.CheckoutRequest{OrderID: "o1", OrderNumber: "ORD-1", Title: "Order ORD-1", Attempt: 1, Amount: 100,
		Currency: "usd", SuccessURL: "http://127.0.0.1/s", CancelURL: "http://127.0.0.1/c", ExpiresAt: time.Now().Add(time.Hour), IdempotencyKey: "k1"})
	if err == nil {
		t.Fatal("stripe-mock accepted the key: the test needs one it refuses")
	}
	if strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "[redacted]") {
		t.Fatalf("the error quotes the key: %v", err)
	}
	_, err = p.Refund(context.Background(), shop.RefundRequest{PaymentIntent: "pi_1", Amount: 100, IdempotencyKey: "k2"})
	if err == nil || strings.Contains(err.Error(), key) {
		t.Fatalf("refund error: %v", err)
	}
}
