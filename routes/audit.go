package routes

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/audit"
)

// acting is the app a route passes to an audited use case: its
// transactions are bound to the request's actor, so the audit entries
// written in them name who acted (shop/audit).
func acting(e *core.RequestEvent) core.App {
	return audit.Acting(e.App, audit.FromRequest(e))
}
