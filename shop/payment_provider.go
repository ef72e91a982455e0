package shop

import (
	"context"
	"errors"
	"sync"
	"time"

	"stageshop/shop/wire"

	"github.com/pocketbase/pocketbase/core"
)

// The card payment provider sits behind this small interface; the Stripe
// adapter (shop/stripepay) is the only code that knows Stripe's shapes.

// ErrBadSignature: a webhook whose signature does not match its body.
var ErrBadSignature = wire.BadRequest("invalid_signature", "Invalid webhook signature")

// ErrCardUnavailable: card payments are off or not configured.
var ErrCardUnavailable = errors.New("card payments are not available")

// ProviderStripe names Stripe in the payment records.
const ProviderStripe = "stripe"

// ProviderManual names money an admin recorded (bank transfer, invoice).
const ProviderManual = "manual"

// CheckoutRequest asks for a hosted payment page for one attempt.
type CheckoutRequest struct {
	OrderID, OrderNumber string
	Attempt              int
	Amount               int64 // cents
	Currency             string
	CustomerEmail        string
	Language             string
	SuccessURL           string
	CancelURL            string
	ExpiresAt            time.Time
	ShopID               string
	IdempotencyKey       string
	// Title is the hosted page's one line: the order, in the customer's
	// language ("Заказ ORD-1") as the page around it is.
	Title string
}

// CheckoutSession is a hosted payment page as the provider tells it.
type CheckoutSession struct {
	ID, URL       string
	Status        string // open, complete, expired
	Paid          bool   // the money is taken
	Amount        int64  // cents
	Currency      string // lower case
	PaymentIntent string
	OrderID       string
	Attempt       int
	ShopID        string
}

// RefundRequest asks the provider to give money back.
type RefundRequest struct {
	PaymentIntent  string
	Amount         int64
	OrderID        string
	RefundID       string
	IdempotencyKey string
}

// RefundResult is a refund as the provider tells it.
type RefundResult struct {
	ID     string
	Status string // pending, succeeded, failed (canceled and requires_action count as pending or failed)
	Amount int64
}

// ChargeInfo is a charge named by a refund or dispute event.
type ChargeInfo struct {
	ID            string
	PaymentIntent string
	Amount        int64
	Refunded      int64 // total refunded so far
	Currency      string
	Refunds       []RefundResult // when the event lists them
}

// ProviderEvent is a verified webhook event.
type ProviderEvent struct {
	ID      string
	Type    string
	Created time.Time
	Session *CheckoutSession // checkout.session.* events
	Charge  *ChargeInfo      // charge.refunded, charge.dispute.created
}

// Webhook event types the shop acts on.
const (
	EventSessionCompleted      = "checkout.session.completed"
	EventSessionAsyncSucceeded = "checkout.session.async_payment_succeeded"
	EventSessionAsyncFailed    = "checkout.session.async_payment_failed"
	EventSessionExpired        = "checkout.session.expired"
	EventChargeRefunded        = "charge.refunded"
	EventDisputeCreated        = "charge.dispute.created"
)

// PaymentProvider is a card payment service with hosted payment pages.
type PaymentProvider interface {
	CreateCheckout(ctx context.Context, r CheckoutRequest) (*CheckoutSession, error)
	GetCheckout(ctx context.Context, id string) (*CheckoutSession, error)
	ExpireCheckout(ctx context.Context, id string) error
	Refund(ctx context.Context, r RefundRequest) (*RefundResult, error)
	// ParseEvent verifies the signature on the raw body and decodes it;
	// a bad signature is ErrBadSignature.
	ParseEvent(payload []byte, signature string) (*ProviderEvent, error)
}

// ProviderFactory makes a provider for the settings' keys.
type ProviderFactory func(s PaymentSettings) PaymentProvider

// payState is an app's provider: the factory and the provider made for
// the current keys.
type payState struct {
	mu      sync.Mutex
	factory ProviderFactory
	made    PaymentProvider
	madeFor [3]string
}

// UseCardProvider sets how app talks to its card provider (the wiring
// calls it with the Stripe adapter).
func UseCardProvider(app core.App, f ProviderFactory) {
	p := &stateOf(app).pay
	p.mu.Lock()
	defer p.mu.Unlock()
	p.factory, p.made = f, nil
}

// cardProvider returns the provider for the current settings, or
// ErrCardUnavailable when card payments are off or lack keys.
func cardProvider(app core.App, s PaymentSettings) (PaymentProvider, error) {
	if !s.CardReady() {
		return nil, ErrCardUnavailable
	}
	p := &stateOf(app).pay
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.factory == nil {
		return nil, ErrCardUnavailable
	}
	key := [3]string{s.StripeSecretKey, s.StripeWebhookSecret, s.StripeAPIBase}
	if p.made == nil || p.madeFor != key {
		p.made, p.madeFor = p.factory(s), key
	}
	return p.made, nil
}

// providerTimeout bounds one call to the provider.
const providerTimeout = 20 * time.Second
