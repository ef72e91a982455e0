package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The audit log (issue 49, api.md "Staff, API keys and webhooks"): one
// row per audited change, written by shop/audit in the change's own
// transaction: who (the actor's kind, user id and e-mail as they were, or
// the API key's name), what (the action), the target (collection, id and
// a label as it was), a small before/after of the changed fields, and
// when. Locked down: the shop's routes read it (Admin only); a daily cron
// removes rows older than two years.
func init() {
	m.Register(func(app core.App) error {
		return saveCollections(app, auditLog())
	}, func(app core.App) error {
		return deleteCollections(app, "audit_log")
	})
}

func auditLog() *core.Collection {
	c := core.NewBaseCollection("audit_log")
	c.Fields.Add(
		&core.SelectField{Name: "actorKind", Required: true, MaxSelect: 1, Values: []string{"user", "apikey", "superuser", "system"}},
		&core.TextField{Name: "actorId", Max: 50},
		&core.TextField{Name: "actor", Max: 300},
		&core.TextField{Name: "action", Required: true, Max: 60},
		&core.TextField{Name: "targetCollection", Max: 100},
		&core.TextField{Name: "targetId", Max: 50},
		&core.TextField{Name: "targetLabel", Max: 300},
		&core.JSONField{Name: "before", MaxSize: 20000},
		&core.JSONField{Name: "after", MaxSize: 20000},
		created(),
	)
	c.AddIndex("idx_audit_log_created", false, "created", "")
	c.AddIndex("idx_audit_log_action", false, "action, created", "")
	c.AddIndex("idx_audit_log_actor", false, "actorId, created", "")
	c.AddIndex("idx_audit_log_target", false, "targetId, created", "")
	return c
}
