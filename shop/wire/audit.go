package wire

// AuditEntry is one entry of the audit log (GET /api/admin/audit): when,
// who (Actor: an e-mail, "API key <name>", "superuser" or "system"; its
// kind user, apikey, superuser or system), the action (role.changed, ...),
// the target (its label as it was, collection and id), an English summary
// and the changed fields before and after, each value as JSON text
// (amounts in cents under names ending in Cents).
type AuditEntry struct {
	ID               string            `json:"id"`
	At               string            `json:"at"`
	Actor            string            `json:"actor"`
	ActorKind        string            `json:"actorKind"`
	ActorID          string            `json:"actorId"`
	Action           string            `json:"action"`
	Target           string            `json:"target"`
	TargetCollection string            `json:"targetCollection"`
	TargetID         string            `json:"targetId"`
	Summary          string            `json:"summary"`
	Before           map[string]string `json:"before"`
	After            map[string]string `json:"after"`
}

// AuditPage is one page of the audit log, newest first.
type AuditPage struct {
	Entries    []AuditEntry `json:"entries"`
	Pagination Page         `json:"pagination"`
}
