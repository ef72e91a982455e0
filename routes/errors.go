package routes

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// apiError is an answer in the contract's error envelope:
// {"status", "code", "message", "errors"?} and the figures some codes
// carry (wire.Problem, which the shop's errors are).
type apiError struct {
	wire.Problem
}

// Error is what the request log records: the code and the message.
func (e *apiError) Error() string { return e.Code + ": " + e.Message }

// newError makes an envelope error.
func newError(status int, code, message string) *apiError {
	return &apiError{Problem: *wire.NewProblem(status, code, message)}
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

// envelopeOf is the envelope of a shop error, or nil for an unexpected
// one: each error knows its answer (wire.Coded), field errors are 400
// validation_failed.
func envelopeOf(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	var coded wire.Coded
	if errors.As(err, &coded) {
		return &apiError{Problem: *coded.Problem()}
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
