package routes

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
)

// state is what the routes keep in memory for one app: the new guest
// carts and the searches counted per IP, the work left running after an
// answer, the forgot-password requests waiting for their look-up, and
// whether `serve --origins` was given. (The catalog's cached answers are in shop's
// catalog cache.)
type state struct {
	guestCarts   ipWindows
	searches     ipWindows
	background   backgroundWork
	resets       resetQueue
	originsGiven atomic.Pointer[func() bool]
}

func newState() *state {
	return &state{}
}

// stateOf is app's routes state.
func stateOf(app core.App) *state { return appstate.Of(app, newState) }
