package db

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
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

// EscapeLike escapes LIKE's wildcards (% and _) and the escape character
// itself (\), so user text matches literally (with ESCAPE '\').
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// CountByStatus is the filter of a list of collection's records by their
// status field (every record when status is empty) and how many records
// it admits: the two an admin's paged list (contact requests, e-mails)
// starts from.
func CountByStatus(app core.App, collection, status string) (dbx.Expression, int, error) {
	var where dbx.Expression = dbx.NewExp("1=1")
	if status != "" {
		where = dbx.HashExp{"status": status}
	}
	var total int
	err := app.DB().Select("COUNT(*)").From(collection).Where(where).Row(&total)
	return where, total, err
}
