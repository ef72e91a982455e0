package shop

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// runWriteTx runs fn in a transaction and, when SQLite answers SQLITE_BUSY
// ("database is locked", seen rarely under bursts of checkouts while a
// checkpoint or another process holds the lock), runs it again a few times.
// The failed attempt rolled back completely, so a retry is safe; fn must
// only change the database and variables it sets afresh on every run.
func runWriteTx(app core.App, fn func(txApp core.App) error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = app.RunInTransaction(fn); err == nil || !isBusy(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 25 * time.Millisecond)
	}
	return err
}
