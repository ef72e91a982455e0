package shop

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// StatusChange is one entry of an order's history: the status it got and
// when (RFC 3339 UTC).
type StatusChange struct {
	Status string `json:"status"`
	At     string `json:"at"`
}

// historyOf reads an order's status history, oldest first.
func historyOf(rec *core.Record) []StatusChange {
	h := []StatusChange{}
	_ = rec.UnmarshalJSONField("history", &h)
	if h == nil {
		h = []StatusChange{}
	}
	return h
}

// OrderHistoryHook is the orders OnRecordCreate and OnRecordUpdate hook
// that appends every status change to the order's history with its time,
// however the order is saved (our routes, the dashboard).
func OrderHistoryHook(e *core.RecordEvent) error {
	status := e.Record.GetString("status")
	if e.Record.IsNew() || e.Record.Original().GetString("status") != status {
		h := historyOf(e.Record)
		h = append(h, StatusChange{Status: status, At: time.Now().UTC().Format(time.RFC3339)})
		e.Record.Set("history", h)
	}
	return e.Next()
}
