package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// forgotAnswer is the one answer of forgot-password, whether the account
// exists or not.
var forgotAnswer = wire.Message{
	Message: "If an account exists for this e-mail, we have sent a link to reset the password.",
}

// resetSlots bounds the reset requests being worked on in the background.
var resetSlots = make(chan struct{}, 16)

// authForgotPassword answers 202 at once for every well-formed e-mail and
// looks the account up afterwards, in the background: the answer and its
// timing are the same whether the account exists or not. (Working before
// answering would take a few milliseconds longer for real accounts: the
// token, the e-mail's rendering and a write.)
func authForgotPassword(e *core.RequestEvent) error {
	var in shop.ForgotInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	select {
	case resetSlots <- struct{}{}:
		app := e.App
		started := runInBackground(app, func() {
			defer func() { <-resetSlots }()
			if err := shop.RequestPasswordReset(app, in.Email); err != nil {
				app.Logger().Error("password reset request", "error", err.Error())
			}
		})
		if !started { // the server is stopping
			<-resetSlots
		}
	default:
		// A flood beyond the per-IP limit (many addresses): drop rather
		// than queue unbounded work; the answer stays the same.
		e.App.Logger().Warn("password reset requests dropped: too many at once")
	}
	return e.JSON(http.StatusAccepted, forgotAnswer)
}

// authResetPassword sets a new password with an e-mailed token and ends
// every session of the user.
func authResetPassword(e *core.RequestEvent) error {
	var in shop.ResetInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := shop.ResetPassword(e.App, in); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Your password has been reset. You can now sign in."})
}
