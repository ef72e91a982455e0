// Package stripepay is the shop's Stripe adapter: the only code that knows
// Stripe's shapes. It turns shop.CheckoutRequest into a Checkout Session
// (the hosted payment page), asks for sessions, expires them, refunds
// payments and verifies and decodes webhook events, through stripe-go.
package stripepay

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"stageshop/shop"
)

// Metadata keys on every session and payment the shop makes.
const (
	metaOrder   = "orderId"
	metaAttempt = "attempt"
	metaShop    = "shopId"
)

// Provider is Stripe for one set of keys.
type Provider struct {
	client *stripe.Client
	secret string
}

// New makes the Stripe provider for the settings' keys; the API base is
// Stripe's unless STAGESHOP_STRIPE_API_BASE names another (stripe-mock in
// tests). Its logger is silent: stripe-go's would print request details.
func New(s shop.PaymentSettings) shop.PaymentProvider {
	cfg := &stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: 30 * time.Second},
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
		MaxNetworkRetries: stripe.Int64(2),
	}
	if s.StripeAPIBase != "" {
		cfg.URL = stripe.String(s.StripeAPIBase)
	}
	backends := stripe.NewBackendsWithConfig(cfg)
	return &Provider{client: stripe.NewClient(s.StripeSecretKey, stripe.WithBackends(backends)), secret: s.StripeWebhookSecret}
}

// CreateCheckout creates a Checkout Session in payment mode for the
// order's total as one line named by the request's Title, with the order
// in client_reference_id and metadata, an expiry and the request's
// idempotency key. The payment's description, which the shop's Stripe
// dashboard lists, stays "Order ORD-..." whoever pays.
func (p *Provider) CreateCheckout(ctx context.Context, r shop.CheckoutRequest) (*shop.CheckoutSession, error) {
	meta := map[string]string{metaOrder: r.OrderID, metaAttempt: strconv.Itoa(r.Attempt), metaShop: r.ShopID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(r.OrderID),
		SuccessURL:        stripe.String(r.SuccessURL),
		CancelURL:         stripe.String(r.CancelURL),
		ExpiresAt:         stripe.Int64(r.ExpiresAt.Unix()),
		Metadata:          meta,
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(r.Currency),
				UnitAmount:  stripe.Int64(r.Amount),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(r.Title)},
			},
		}},
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{
			Description: stripe.String("Order " + r.OrderNumber),
			Metadata:    meta,
		},
	}
	if r.CustomerEmail != "" {
		params.CustomerEmail = stripe.String(r.CustomerEmail)
	}
	if r.Language != "" {
		params.Locale = stripe.String(r.Language)
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	params.Context = ctx
	s, err := p.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return nil, scrub(err)
	}
	return session(s), nil
}

// GetCheckout asks Stripe for a session's state.
func (p *Provider) GetCheckout(ctx context.Context, id string) (*shop.CheckoutSession, error) {
	s, err := p.client.V1CheckoutSessions.Retrieve(ctx, id, &stripe.CheckoutSessionRetrieveParams{})
	if err != nil {
		return nil, scrub(err)
	}
	return session(s), nil
}

// ExpireCheckout closes an open session so it can no longer be paid.
func (p *Provider) ExpireCheckout(ctx context.Context, id string) error {
	_, err := p.client.V1CheckoutSessions.Expire(ctx, id, &stripe.CheckoutSessionExpireParams{})
	return scrub(err)
}

// Refund refunds part or all of a payment, with the request's idempotency
// key (a retry never refunds twice).
func (p *Provider) Refund(ctx context.Context, r shop.RefundRequest) (*shop.RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(r.PaymentIntent),
		Amount:        stripe.Int64(r.Amount),
		Metadata:      map[string]string{metaOrder: r.OrderID, "refundId": r.RefundID},
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	rf, err := p.client.V1Refunds.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != 429 {
			return nil, &shop.ProviderRefusal{Code: string(se.Code), Message: redact(se.Msg)}
		}
		return nil, scrub(err)
	}
	return refund(rf), nil
}

// ParseEvent verifies the Stripe-Signature header on the raw body (within
// Stripe's 5-minute tolerance) and decodes the event.
func (p *Provider) ParseEvent(payload []byte, signature string) (*shop.ProviderEvent, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, p.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, shop.ErrBadSignature
	}
	out := &shop.ProviderEvent{ID: ev.ID, Type: string(ev.Type), Created: time.Unix(ev.Created, 0).UTC()}
	if ev.Data == nil {
		return out, nil
	}
	switch out.Type {
	case shop.EventSessionCompleted, shop.EventSessionAsyncSucceeded, shop.EventSessionAsyncFailed, shop.EventSessionExpired:
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return out, nil // not a session: nothing to act on
		}
		out.Session = session(&s)
	case shop.EventChargeRefunded:
		var c stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &c); err == nil {
			out.Charge = charge(&c)
		}
	case shop.EventDisputeCreated:
		var d stripe.Dispute
		if err := json.Unmarshal(ev.Data.Raw, &d); err == nil {
			out.Charge = &shop.ChargeInfo{Amount: d.Amount, Currency: string(d.Currency)}
			if d.PaymentIntent != nil {
				out.Charge.PaymentIntent = d.PaymentIntent.ID
			}
			if d.Charge != nil {
				out.Charge.ID = d.Charge.ID
			}
		}
	}
	return out, nil
}

// session turns a Stripe session into the shop's view of it.
func session(s *stripe.CheckoutSession) *shop.CheckoutSession {
	out := &shop.CheckoutSession{
		ID: s.ID, URL: s.URL, Status: string(s.Status),
		Paid:     s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid,
		Amount:   s.AmountTotal,
		Currency: string(s.Currency),
		OrderID:  s.ClientReferenceID,
	}
	if s.PaymentIntent != nil {
		out.PaymentIntent = s.PaymentIntent.ID
	}
	if s.Metadata != nil {
		if out.OrderID == "" {
			out.OrderID = s.Metadata[metaOrder]
		}
		out.Attempt, _ = strconv.Atoi(s.Metadata[metaAttempt])
		out.ShopID = s.Metadata[metaShop]
	}
	return out
}

// charge turns a Stripe charge into the shop's view of it.
func charge(c *stripe.Charge) *shop.ChargeInfo {
	out := &shop.ChargeInfo{ID: c.ID, Amount: c.Amount, Refunded: c.AmountRefunded, Currency: string(c.Currency)}
	if c.PaymentIntent != nil {
		out.PaymentIntent = c.PaymentIntent.ID
	}
	if c.Refunds != nil {
		for _, r := range c.Refunds.Data {
			out.Refunds = append(out.Refunds, *refund(r))
		}
	}
	return out
}

// refund turns a Stripe refund into the shop's view: pending unless
// Stripe says it succeeded or failed.
func refund(r *stripe.Refund) *shop.RefundResult {
	status := "pending"
	switch r.Status {
	case stripe.RefundStatusSucceeded:
		status = "succeeded"
	case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
		status = "failed"
	}
	return &shop.RefundResult{ID: r.ID, Status: status, Amount: r.Amount}
}

// keyPattern matches Stripe secrets: secret and restricted keys, webhook
// signing secrets.
var keyPattern = regexp.MustCompile(`\b(sk|rk)_(test|live)_[A-Za-z0-9_]+|\bwhsec_[A-Za-z0-9_]+`)

// redact removes any Stripe secret from a text (an API error may quote the
// key it was sent: stripe-mock does, in full).
func redact(s string) string { return keyPattern.ReplaceAllString(s, "[redacted]") }

// scrub is err with any Stripe secret removed from its text, so no log
// line or stored error ever holds a key.
func scrub(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(redact(err.Error()))
}
