package routes

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/cart"
	"stageshop/shop/catalog"
	"stageshop/shop/contact"
	"stageshop/shop/field"
	"stageshop/shop/mail"
	"stageshop/shop/promo"
	"stageshop/shop/site"
	"stageshop/shop/tax"
)

// apiError is an answer in the contract's error envelope:
// {"status", "code", "message", "errors"?}.
type apiError struct {
	Status  int               `json:"status"`
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
	// Available is what is left of each product that ran short (409
	// insufficient_stock), by product id.
	Available map[string]int `json:"available,omitempty"`
	// Total, Subtotal, Discount, Shipping and Tax are the server's figures
	// when the total a shopper saw changed (409 total_changed).
	Total    *shop.Amount `json:"total,omitempty"`
	Subtotal *shop.Amount `json:"subtotal,omitempty"`
	Discount *shop.Amount `json:"discount,omitempty"`
	Shipping *shop.Amount `json:"shipping,omitempty"`
	Tax      *shop.Amount `json:"tax,omitempty"`
	// Refundable is what is left to refund (409 refund_exceeds_paid).
	Refundable *shop.Amount `json:"refundable,omitempty"`
	// Limit is the most units one customer may put on a line (409 line_limit).
	Limit *int `json:"limit,omitempty"`
}

// Error is what the request log records: the code and the message.
func (e *apiError) Error() string { return e.Code + ": " + e.Message }

// newError makes an envelope error.
func newError(status int, code, message string) *apiError {
	return &apiError{Status: status, Code: code, Message: message}
}

// notFound is the 404 envelope for a missing (or someone else's) record.
func notFound(message string) *apiError {
	return newError(http.StatusNotFound, "not_found", message)
}

// validationError is the 400 envelope for field errors.
func validationError(errs map[string]string) *apiError {
	ae := newError(http.StatusBadRequest, "validation_failed", "Please correct the highlighted fields")
	ae.Errors = errs
	return ae
}

// errorsMiddlewareID names shopErrors; bound on nested groups it is kept
// once.
const errorsMiddlewareID = "shopErrors"

// shopErrors is the one error path of the shop's routes, bound on each of
// their groups: a handler (or a guard such as signedIn) returns an error,
// and this answers it in the contract's envelope and hands it on to
// PocketBase's request log, which records it with the request.
func shopErrors() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: errorsMiddlewareID, Func: func(e *core.RequestEvent) error {
		err := e.Next()
		if err == nil {
			return nil
		}
		if e.Written() {
			e.App.Logger().Error("error after the response was written", "error", err.Error(), "path", e.Request.URL.Path)
			return err
		}
		return writeError(e, err)
	}}
}

// shopGroup is a group of shop routes under prefix whose errors leave
// through shopErrors.
func shopGroup(se *core.ServeEvent, prefix string) *router.RouterGroup[*core.RequestEvent] {
	g := se.Router.Group(prefix)
	g.Bind(shopErrors())
	return g
}

// writeError answers err in the envelope and returns it for the request
// log. Errors that envelopeOf does not know are unexpected: they are
// logged with the request id and answered with a generic 500 that reveals
// nothing of the internals.
func writeError(e *core.RequestEvent, err error) error {
	ae := envelopeOf(err)
	if ae == nil {
		e.App.Logger().Error("unexpected error",
			"error", err.Error(),
			"method", e.Request.Method,
			"path", e.Request.URL.Path,
			"requestId", e.Response.Header().Get("X-Request-Id"),
		)
		ae = newError(http.StatusInternalServerError, "internal_error", "Something went wrong. Please try again later.")
	}
	e.Set(answeredErrorKey, ae)
	if werr := e.JSON(ae.Status, ae); werr != nil {
		return werr
	}
	if ae.Status == http.StatusInternalServerError {
		return err // the log keeps the cause
	}
	return ae
}

// answeredErrorKey keeps the envelope writeError answered on the request
// event, for the request metrics.
const answeredErrorKey = "shopAnsweredError"

// sentinelErrors are the envelopes of the shop's sentinel errors.
var sentinelErrors = []struct {
	err error
	ae  *apiError
}{
	{cart.ErrSessionRequired, newError(http.StatusBadRequest, "session_required", "Sign in or send an X-Session-Id header")},
	{cart.ErrBadSessionID, newError(http.StatusBadRequest, "invalid_session_id", "X-Session-Id must be 8-128 characters of letters, digits, '_' or '-'")},
	{cart.ErrItemNotFound, notFound("Cart item not found")},
	{cart.ErrProductNotFound, notFound("Product not found")},
	{catalog.ErrVariantNotFound, notFound("This option of the product is not available")},
	{cart.ErrVariantRequired, &apiError{Status: http.StatusBadRequest, Code: "variant_required",
		Message: "Please choose the product's options", Errors: map[string]string{"variantId": "Choose one of the product's variants"}}},
	{cart.ErrHireDatesRequired, &apiError{Status: http.StatusBadRequest, Code: "hire_dates_required",
		Message: "This product is for hire only: choose the dates", Errors: map[string]string{"hire": "Choose the dates of the hire"}}},
	{catalog.ErrProductNotFound, errProductNotFound},
	{shop.ErrOrderNotFound, notFound("Order not found")},
	{shop.ErrNoInvoice, notFound("This order has no invoice yet")},
	{shop.ErrCreditExceedsTotal, newError(http.StatusConflict, "credit_exceeds_total", "Credit notes cannot exceed the order's total")},
	{account.ErrAddressNotFound, notFound("Address not found")},
	{catalog.ErrCategoryNotFound, notFound("Category not found")},
	{promo.ErrNotFound, notFound("Promotion not found")},
	{account.ErrAddressBookFull, newError(http.StatusConflict, "address_book_full", "The address book holds at most 20 addresses: delete one first")},
	{contact.ErrNotFound, notFound("Contact request not found")},
	{site.ErrPageNotFound, notFound("Page not found")},
	{tax.ErrRateNotFound, notFound("Tax rate not found")},
	{site.ErrPageExists, &apiError{Status: http.StatusConflict, Code: "page_exists", Message: "A page with this address exists",
		Errors: map[string]string{"slug": "Another page has this address"}}},
	{account.ErrUserNotFound, notFound("User not found")},
	{mail.ErrNotFound, notFound("E-mail not found")},
	{mail.ErrNotResendable, newError(http.StatusConflict, "not_resendable",
		"A password reset e-mail cannot be sent again: its one-time link went only to the user. The user can ask for a new link on the sign-in page.")},
	{shop.ErrPromotionUsedUp, newError(http.StatusConflict, "total_changed", "The order total has changed; please review it and place the order again")},
	{shop.ErrCartEmpty, newError(http.StatusBadRequest, "cart_empty", "Your cart is empty")},
	{shop.ErrNotCancellable, newError(http.StatusConflict, "not_cancellable", "This order can no longer be cancelled")},
	{shop.ErrInStock, newError(http.StatusConflict, "in_stock", "This product is in stock: it can be bought now")},
	{account.ErrEmailTaken, errEmailTaken},
	{catalog.ErrNotAnImage, errNotAnImage},
	{catalog.ErrImageTooLarge, errImageTooLarge},
	{account.ErrInvalidCredentials, newError(http.StatusUnauthorized, "invalid_credentials", "Invalid email or password")},
	{account.ErrRefreshTokenInvalid, errInvalidRefresh},
	{account.ErrRefreshTokenReused, errInvalidRefresh},
	{account.ErrInvalidResetToken, newError(http.StatusBadRequest, "invalid_token", "This password reset link is invalid or has expired")},
	{account.ErrOwnAdminRole, newError(http.StatusBadRequest, "own_admin_role", "You cannot remove your own Admin role")},
	{account.ErrLastAdmin, newError(http.StatusConflict, "last_admin", "The shop must keep at least one admin")},
	{account.ErrNotAdmin, errAdminRequired},
	{shop.ErrNotAwaitingQuote, newError(http.StatusConflict, "not_awaiting_quote", "This order is not waiting for a freight quote")},
	{shop.ErrNotPayable, newError(http.StatusConflict, "not_payable", "This order cannot be paid by card now")},
	{shop.ErrNotRecordable, newError(http.StatusConflict, "not_recordable", "Payments are recorded only for open bank transfer and invoice orders")},
	{shop.ErrRefundNotPending, newError(http.StatusConflict, "refund_not_pending", "This refund is not waiting to be sent")},
	{shop.ErrBadSignature, newError(http.StatusBadRequest, "invalid_signature", "Invalid webhook signature")},
}

var (
	errInvalidRefresh = newError(http.StatusUnauthorized, "invalid_refresh_token", "Invalid or expired refresh token")
	errEmailTaken     = &apiError{Status: http.StatusConflict, Code: "email_taken",
		Message: "An account with this email already exists",
		Errors:  map[string]string{"email": "This email is already registered"}}
)

// envelopeOf is the envelope of a shop error, or nil for an unexpected one.
func envelopeOf(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	for _, s := range sentinelErrors {
		if errors.Is(err, s.err) {
			return s.ae
		}
	}
	if ae := paymentEnvelope(err); ae != nil {
		return ae
	}
	if ae := hireEnvelope(err); ae != nil {
		return ae
	}
	var stock *cart.StockError
	var lineLimit *cart.LineLimitError
	var unpaid *shop.UnpaidOrdersError
	var changed *shop.TotalChangedError
	var lines shop.LineErrors
	var sku *catalog.SKUTakenError
	var notEmpty *catalog.CategoryNotEmptyError
	switch {
	case errors.As(err, &lineLimit):
		ae := newError(http.StatusConflict, "line_limit", lineLimit.Error())
		limit := lineLimit.Limit
		ae.Limit = &limit
		return ae
	case errors.As(err, &stock):
		ae := newError(http.StatusConflict, "insufficient_stock", stock.Error())
		// By product (the contract's key) and by variant.
		ae.Available = map[string]int{stock.ProductID: max(stock.Available, 0)}
		if stock.VariantID != "" {
			ae.Available[stock.VariantID] = max(stock.Available, 0)
		}
		return ae
	case errors.As(err, &sku):
		ae := newError(http.StatusConflict, "sku_taken", sku.Error())
		ae.Errors = map[string]string{sku.Field: sku.Error()}
		return ae
	case errors.As(err, &notEmpty):
		return newError(http.StatusConflict, "category_not_empty",
			fmt.Sprintf("%d products remain in this category: move them to another category first", notEmpty.Products))
	case errors.As(err, &unpaid):
		return newError(http.StatusConflict, "too_many_unpaid_orders", unpaid.Error())
	case errors.As(err, &changed):
		return totalChanged(changed)
	case errors.As(err, &lines):
		return lineConflict(lines)
	}
	if fields, message, ok := field.Messages(err); ok {
		ae := validationError(fields)
		if message != "" {
			ae.Message = message
		}
		return ae
	}
	return nil
}
