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
// every e-mail and the From name), the address they are sent from (From;
// the SMTP settings' sender when empty), the contact address replies go
// to (Reply-To) and the logo in the e-mails' header (a URL, absolute or
// under the shop's public URL; none when empty).
type Identity struct {
	Name, ReplyTo, Email, LogoURL string
}

// UseIdentity makes the e-mails of app name the shop and take replies as
// identity says (package shop gives its store details). Without it they
// use the dashboard's Application name and no Reply-To.
func UseIdentity(app core.App, identity func(core.App) Identity) {
	stateOf(app).identity.Store(&identity)
}

// identityOf is the shop's identity for app's e-mails.
func identityOf(app core.App) Identity {
	if id, ok := storeIdentity(app); ok {
		return id
	}
	return Identity{Name: currentSettings(app).Meta.AppName}
}

// storeIdentity is the identity UseIdentity gave, when it names the shop.
func storeIdentity(app core.App) (Identity, bool) {
	if f := stateOf(app).identity.Load(); f != nil {
		if id := (*f)(app); id.Name != "" {
			return id, true
		}
	}
	return Identity{}, false
}

// sender is the From of app's e-mails: the store details' name and e-mail,
// each falling back to the SMTP settings' sender when empty (the contract).
func sender(app core.App) (name, address string) {
	meta := currentSettings(app).Meta
	name, address = meta.SenderName, meta.SenderAddress
	if id, ok := storeIdentity(app); ok {
		name = id.Name
		if id.Email != "" {
			address = id.Email
		}
	}
	return name, address
}

// stateOf is app's outbox state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state { return &state{} })
}
