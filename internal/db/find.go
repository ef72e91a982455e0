package db

import (
	"database/sql"
	"errors"
	"strings"

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
