package db

import (
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteCode is the (extended) result code of a SQLite error, 0 when err
// is not one.
func sqliteCode(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()
	}
	return 0
}

// IsBusy reports whether err is SQLite's "database is locked" (SQLITE_BUSY
// or SQLITE_LOCKED, in any extended form).
func IsBusy(err error) bool {
	primary := sqliteCode(err) & 0xff
	return primary == sqlite3.SQLITE_BUSY || primary == sqlite3.SQLITE_LOCKED
}
