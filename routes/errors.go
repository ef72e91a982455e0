package routes

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
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
	// Total, Subtotal and Shipping are the server's figures when the total
	// a shopper saw changed (409 total_changed).
	Total    *shop.Amount `json:"total,omitempty"`
	Subtotal *shop.Amount `json:"subtotal,omitempty"`
	Shipping *shop.Amount `json:"shipping,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

// newError makes an envelope error.
func newError(status int, code, message string) *apiError {
	return &apiError{Status: status, Code: code, Message: message}
}

// notFound is the 404 envelope for a missing (or someone else's) record.
func notFound(message string) *apiError {
	return newError(http.StatusNotFound, "not_found", message)
}

// writeError answers err in the envelope. Errors that are not *apiError are
// unexpected: they are logged with the request id and answered with a
// generic 500 that reveals nothing of the internals.
func writeError(e *core.RequestEvent, err error) error {
	var ae *apiError
	if !errors.As(err, &ae) {
		e.App.Logger().Error("unexpected error",
			"error", err.Error(),
			"method", e.Request.Method,
			"path", e.Request.URL.Path,
			"requestId", e.Response.Header().Get("X-Request-Id"),
		)
		ae = newError(http.StatusInternalServerError, "internal_error", "Something went wrong. Please try again later.")
	}
	e.Set(answeredErrorKey, ae)
	return e.JSON(ae.Status, ae)
}

// answeredErrorKey keeps the envelope writeError answered on the request
// event, for the request log of quiet routes (quietRead).
const answeredErrorKey = "shopAnsweredError"
