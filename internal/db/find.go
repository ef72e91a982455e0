package db

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"
)

// FindRecord loads the record of collection with id, or answers notFound
// (the caller's error for a missing one) when there is none or id is empty.
func FindRecord(app core.App, collection, id string, notFound error) (*core.Record, error) {
	if id == "" {
		return nil, notFound
	}
	rec, err := app.FindRecordById(collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	}
	return rec, err
}
