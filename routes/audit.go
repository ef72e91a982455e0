package routes

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/audit"
)

// auditActorKey is where the staff guard leaves the actor of a request
// made with an API key (the key, not the unsaved user standing for it).
const auditActorKey = "stageshop.audit.actor"

// acting is the app a route passes to an audited use case: its
// transactions are bound to the request's actor, so the audit entries
// written in them name who acted (shop/audit).
func acting(e *core.RequestEvent) core.App {
	return audit.Acting(e.App, requestActor(e))
}

// requestActor is who makes the request: its API key, else its signed-in
// user or superuser.
func requestActor(e *core.RequestEvent) audit.Actor {
	if a, ok := e.Get(auditActorKey).(audit.Actor); ok {
		return a
	}
	return audit.FromRequest(e)
}

// registerAudit binds GET /api/admin/audit (Admin): the audit log, newest
// first, filtered by actor, action, target and time, a page at a time.
func registerAudit(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/audit")
	g.Bind(staffOnly())
	g.GET("", adminAudit)
}

func adminAudit(e *core.RequestEvent) error {
	q := audit.Query{Actor: queryText(e, "actor"), Action: queryText(e, "action"), Target: queryText(e, "target"),
		From: queryText(e, "from"), To: queryText(e, "to"),
		Page: pageParam(e, "page", 1, 0), PageSize: pageParam(e, "pageSize", audit.DefaultPageSize, 0)}
	page, err := audit.List(e.App, q)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, page)
}
