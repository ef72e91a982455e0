package wire

import (
	"maps"
	"net/http"
)

// Problem is an error a client can cause, as the contract's error envelope
// answers it: {"status", "code", "message", "errors"?} and the figures some
// codes carry. Each shop package declares its errors as Problems (or as
// types with a Problem method, for figures known only when they happen),
// so routes answers a new error without a table of its own. Error is the
// message.
type Problem struct {
	Status  int               `json:"status"`
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
	// Available is what is left of each product or variant that ran short
	// (409 insufficient_stock, not_available), by id.
	Available map[string]int `json:"available,omitempty"`
	// Total, Subtotal, Discount, Shipping and Tax are the server's figures
	// when the total a shopper saw changed (409 total_changed).
	Total    *Amount `json:"total,omitempty"`
	Subtotal *Amount `json:"subtotal,omitempty"`
	Discount *Amount `json:"discount,omitempty"`
	Shipping *Amount `json:"shipping,omitempty"`
	Tax      *Amount `json:"tax,omitempty"`
	// Refundable is what is left to refund (409 refund_exceeds_paid).
	Refundable *Amount `json:"refundable,omitempty"`
	// Limit is the most units one customer may put on a line (409 line_limit).
	Limit *int `json:"limit,omitempty"`
	// Reason says why a code does not apply, and Missing what is still to
	// add for min_subtotal (409 promotion_not_applicable).
	Reason  string  `json:"reason,omitempty"`
	Missing *Amount `json:"missing,omitempty"`
}

func (p *Problem) Error() string { return p.Message }

// Problem is p itself: a Problem is Coded.
func (p *Problem) Problem() *Problem { return p }

// Coded is an error that knows its answer.
type Coded interface {
	error
	Problem() *Problem
}

// NewProblem is the error of status, code and message.
func NewProblem(status int, code, message string) *Problem {
	return &Problem{Status: status, Code: code, Message: message}
}

// NotFound is a 404 not_found: a missing record, or someone else's.
func NotFound(message string) *Problem { return NewProblem(http.StatusNotFound, "not_found", message) }

// BadRequest is a 400 with code.
func BadRequest(code, message string) *Problem {
	return NewProblem(http.StatusBadRequest, code, message)
}

// Unauthorized is a 401 with code.
func Unauthorized(code, message string) *Problem {
	return NewProblem(http.StatusUnauthorized, code, message)
}

// Forbidden is a 403 with code.
func Forbidden(code, message string) *Problem { return NewProblem(http.StatusForbidden, code, message) }

// Conflict is a 409 with code.
func Conflict(code, message string) *Problem { return NewProblem(http.StatusConflict, code, message) }

// WithField is a copy of p that also names the field path with its message.
func (p *Problem) WithField(path, message string) *Problem {
	q := *p
	q.Errors = map[string]string{}
	maps.Copy(q.Errors, p.Errors)
	q.Errors[path] = message
	return &q
}
