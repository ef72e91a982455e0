package mail

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// state is what the outbox keeps in memory for one app: its worker (a
// resend wakes it), the settings as of the last reload and the admins.
type state struct {
	worker   atomic.Pointer[Worker]
	settings atomic.Pointer[core.Settings]
	admins   atomic.Pointer[keep.Value[[]Recipient]]
}

// stateOf is app's outbox state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state { return &state{} })
}
