package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// forgotAnswer is the one answer of forgot-password, whether the account
// exists or not.
var forgotAnswer = wire.Message{
	Message: "If an account exists for this e-mail, we have sent a link to reset the password.",
}

// authForgotPassword answers 202 for every well-formed e-mail and leaves
// the address in the reset queue, which a worker of its own empties at its
// own times (resetQueue): the request does the same small thing whether
// the account exists or not, and the look-up, the token and the e-mail
// never run on its path or right after it. (Issue 27 moved the work after
// the answer, but it still ran at once and slowed the client's next
// request when the account existed: z = 6 on loopback, issue 43.)
func authForgotPassword(e *core.RequestEvent) error {
	var in account.ForgotInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if err := e.JSON(http.StatusAccepted, forgotAnswer); err != nil {
		return err
	}
	_ = e.Flush() // the answer is on its way before anything else
	stateOf(e.App).resets.add(e.App, in.Email)
	return nil
}

// authResetPassword sets a new password with an e-mailed token and ends
// every session of the user.
func authResetPassword(e *core.RequestEvent) error {
	var in account.ResetInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	if err := account.ResetPassword(e.App, in); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Your password has been reset. You can now sign in."})
}
