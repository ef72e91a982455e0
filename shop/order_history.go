package shop

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/wire"
)

// StatusChange is an answer shape (shop/wire).
type StatusChange = wire.StatusChange

// historyOf reads an order's status history, oldest first, as its
// customer sees it: without the admins' names.
func historyOf(rec *core.Record) []StatusChange {
	h := adminHistoryOf(rec)
	for i := range h {
		h[i].By = ""
	}
	return h
}

// adminHistoryOf reads an order's status history with who made each
// change.
func adminHistoryOf(rec *core.Record) []StatusChange {
	h := []StatusChange{}
	_ = rec.UnmarshalJSONField("history", &h)
	if h == nil {
		h = []StatusChange{}
	}
	return h
}

// OrderHistoryHook is the orders OnRecordCreate and OnRecordUpdate hook
// that appends every status change to the order's history with its time,
// however the order is saved (our routes, the dashboard). It compares with
// the status stored in the database, not with what the caller loaded.
func OrderHistoryHook(e *core.RecordEvent) error {
	status := e.Record.GetString("status")
	stored := ""
	if !e.Record.IsNew() {
		err := e.App.DB().Select("status").From(OrdersCollection).
			Where(dbx.HashExp{"id": e.Record.Id}).Row(&stored)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	if stored != status {
		h := adminHistoryOf(e.Record)
		h = append(h, historyEntry(e.Record, stored))
		e.Record.Set("history", h)
	}
	return e.Next()
}
