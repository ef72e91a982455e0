package routes

import (
	"io"
	"net/http"

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
	admin.Bind(staffOnly())
	admin.POST("/{id}/payments", adminRecordPayment)
	admin.POST("/{id}/refunds", adminRefund)
	admin.POST("/{id}/refunds/{refundId}/sent", adminRefundSent)

	users := shopGroup(se, "/api/admin/users")
	users.Bind(staffOnly())
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

func adminRecordPayment(e *core.RequestEvent) error {
	var form shop.PaymentForm
	if err := decodeJSON(e, &form); err != nil {
		return err
	}
	if err := form.Validate(); err != nil {
		return err
	}
	order, err := shop.RecordPayment(e.App, e.Auth, e.Request.PathValue("id"), form.Input())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, order)
}

func adminRefund(e *core.RequestEvent) error {
	var body refundBody
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	if byLines, err := refundByLines(e, body); byLines {
		return err
	}
	form := body.RefundForm
	if err := form.Validate(); err != nil {
		return err
	}
	order, err := shop.RefundOrder(acting(e), e.Auth, e.Request.PathValue("id"), form.Input())
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

func adminInvoiceTerms(e *core.RequestEvent) error {
	var form shop.InvoiceTermsForm
	if err := decodeJSON(e, &form); err != nil {
		return err
	}
	if err := form.Validate(); err != nil {
		return err
	}
	u, err := shop.SetInvoiceTerms(e.App, e.Request.PathValue("id"), form.Input())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toUserJSON(u))
}
