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
	identity atomic.Pointer[func(core.App) Identity]
}

// Identity is who the e-mails say they come from: the shop's name (in
// every e-mail) and the contact address replies go to (Reply-To).
type Identity struct {
	Name, ReplyTo string
}

// UseIdentity makes the e-mails of app name the shop and take replies as
// identity says (package shop gives its store details). Without it they
// use the dashboard's Application name and no Reply-To.
func UseIdentity(app core.App, identity func(core.App) Identity) {
	stateOf(app).identity.Store(&identity)
}

// identityOf is the shop's identity for app's e-mails.
func identityOf(app core.App) Identity {
	if f := stateOf(app).identity.Load(); f != nil {
		if id := (*f)(app); id.Name != "" {
			return id
		}
	}
	return Identity{Name: currentSettings(app).Meta.AppName}
}

// stateOf is app's outbox state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state { return &state{} })
}
