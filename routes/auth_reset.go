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

// authForgotPassword answers 202 for every well-formed e-mail and only
// then, with the answer written and flushed to the client, looks the
// account up in the background: the answer and its timing are the same
// whether the account exists or not. (Working before answering would take
// a few milliseconds longer for real accounts: the token, the e-mail's
// rendering and a write; starting the work before the answer went out let
// it compete with writing the answer.)
func authForgotPassword(e *core.RequestEvent) error {
	var in shop.ForgotInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if err := e.JSON(http.StatusAccepted, forgotAnswer); err != nil {
		return err
	}
	_ = e.Flush() // the answer is on its way before the look-up starts
	requestResetLater(e.App, in.Email)
	return nil
}

// requestResetLater runs shop.RequestPasswordReset in the background,
// bounded by resetSlots.
func requestResetLater(app core.App, email string) {
	select {
	case resetSlots <- struct{}{}:
		started := runInBackground(app, func() {
			defer func() { <-resetSlots }()
			if err := shop.RequestPasswordReset(app, email); err != nil {
				app.Logger().Error("password reset request", "error", err.Error())
			}
		})
		if !started { // the server is stopping
			<-resetSlots
		}
	default:
		// A flood beyond the per-IP limit (many addresses): drop rather
		// than queue unbounded work; the answer stays the same.
		app.Logger().Warn("password reset requests dropped: too many at once")
	}
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
