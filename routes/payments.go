package routes

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// MaxWebhookBody bounds a provider's webhook (Stripe's events are a few kB).
const MaxWebhookBody = 512 << 10

// registerPayments binds the payment routes of docs/api.md (Payments).
func registerPayments(se *core.ServeEvent) {
	g := shopGroup(se, "/api/payments")
	g.GET("/methods", paymentMethods)
	g.POST("/stripe/webhook", stripeWebhook)

	own := shopGroup(se, "/api/checkout/orders")
	own.Bind(signedIn())
	own.POST("/{id}/pay", payAgain)

	admin := shopGroup(se, "/api/checkout/admin/orders")
	admin.Bind(adminOnly())
	admin.POST("/{id}/payments", adminRecordPayment)
	admin.POST("/{id}/refunds", adminRefund)
	admin.POST("/{id}/refunds/{refundId}/sent", adminRefundSent)

	users := shopGroup(se, "/api/admin/users")
	users.Bind(adminOnly())
	users.PUT("/{id}/invoice-terms", adminInvoiceTerms)
}

func paymentMethods(e *core.RequestEvent) error {
	userID := ""
	if u := shopUser(e); u != nil {
		userID = u.Id
	}
	info, err := shop.PaymentMethodsFor(e.App, userID)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, info)
}

// stripeWebhook reads the raw body (the signature is over its bytes) and
// hands it to the shop unparsed.
func stripeWebhook(e *core.RequestEvent) error {
	body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, MaxWebhookBody))
	if err != nil {
		return decodeError(err)
	}
	if err := shop.HandleCardWebhook(e.App, body, e.Request.Header.Get("Stripe-Signature")); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"received": true})
}

func payAgain(e *core.RequestEvent) error {
	url, err := shop.PayAgain(e.App, e.Auth.Id, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.CheckoutURL{CheckoutURL: url})
}

// amountBody reads a required amount in dollars with at most two decimals.
func amountOf(n json.Number, field string) (shop.Amount, error) {
	if n == "" {
		return 0, validationError(map[string]string{field: "This field is required"})
	}
	c, err := shop.CentsFromJSON(n)
	if err != nil || c <= 0 || c > shop.MaxPriceCents*100 {
		return 0, validationError(map[string]string{field: "Must be an amount above 0 with at most two decimals"})
	}
	return shop.Amount(c), nil
}

type paymentBody struct {
	Amount json.Number `json:"amount"`
	PaidAt string      `json:"paidAt"`
	Note   string      `json:"note"`
}

func adminRecordPayment(e *core.RequestEvent) error {
	var body paymentBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	amount, err := amountOf(body.Amount, "amount")
	if err != nil {
		return err
	}
	in := shop.PaymentInput{Amount: amount, Note: body.Note}
	if s := strings.TrimSpace(body.PaidAt); s != "" {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			if t, err = time.Parse(time.DateOnly, s); err != nil {
				return validationError(map[string]string{"paidAt": "Must be a date such as 2026-11-22"})
			}
		}
		in.PaidAt = t
	}
	order, err := shop.RecordPayment(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, order)
}

type refundBody struct {
	Amount json.Number `json:"amount"`
	Reason string      `json:"reason"`
}

func adminRefund(e *core.RequestEvent) error {
	var body refundBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	amount, err := amountOf(body.Amount, "amount")
	if err != nil {
		return err
	}
	order, err := shop.RefundOrder(e.App, e.Auth, e.Request.PathValue("id"), shop.RefundInput{Amount: amount, Reason: body.Reason})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, order)
}

func adminRefundSent(e *core.RequestEvent) error {
	order, err := shop.MarkRefundSent(e.App, e.Auth, e.Request.PathValue("id"), e.Request.PathValue("refundId"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, order)
}

type invoiceTermsBody struct {
	Allowed   *bool       `json:"allowed"`
	TermsDays json.Number `json:"termsDays"`
}

func adminInvoiceTerms(e *core.RequestEvent) error {
	var body invoiceTermsBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	if body.Allowed == nil {
		return validationError(map[string]string{"allowed": "This field is required"})
	}
	in := shop.InvoiceTermsInput{Allowed: *body.Allowed}
	if body.TermsDays != "" {
		n, whole := shop.ParseWhole(body.TermsDays.String())
		if !whole || n < 0 || n > shop.MaxTermsDays {
			return validationError(map[string]string{"termsDays": "Must be a whole number of days from 0 to 365"})
		}
		in.TermsDays = int(n)
	}
	u, err := shop.SetInvoiceTerms(e.App, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toUserJSON(u))
}

// paymentEnvelope is the envelope of the payment errors, or nil.
func paymentEnvelope(err error) *apiError {
	var exceeds *shop.RefundExceedsError
	if errors.As(err, &exceeds) {
		ae := newError(http.StatusConflict, "refund_exceeds_paid", exceeds.Error())
		left := exceeds.Refundable
		ae.Refundable = &left
		return ae
	}
	return nil
}
