package cart

import (
	"regexp"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
)

// guestCartTTL is how long a guest cart is kept after its last change.
const guestCartTTL = 30 * 24 * time.Hour

// appPrefix is the start of the ids the app makes: session_{timestamp}_.
var appPrefix = regexp.MustCompile(`^session_(\d+_)?`)

// WeakSessionID reports a well-formed session id that is obviously easy
// to guess (the app makes 128 random bits): after a "session_{digits}_"
// prefix, fewer than five different characters ("aaaaaaaa", "abababab") or
// one run of consecutive characters ("12345678", "abcdefgh"). The
// contract's format (8-128 characters) stays as it is; only new carts are
// refused such ids.
func WeakSessionID(id string) bool {
	rest := appPrefix.ReplaceAllString(id, "")
	distinct := map[rune]bool{}
	for _, r := range rest {
		distinct[r] = true
	}
	return len(distinct) < 5 || consecutiveRun(rest)
}

// consecutiveRun reports whether s steps by +1 or by -1 throughout.
func consecutiveRun(s string) bool {
	if len(s) < 2 {
		return true
	}
	step := int(s[1]) - int(s[0])
	if step != 1 && step != -1 {
		return false
	}
	for i := 2; i < len(s); i++ {
		if int(s[i])-int(s[i-1]) != step {
			return false
		}
	}
	return true
}

// GuestExists reports whether the session id has a cart already.
func GuestExists(app core.App, sessionID string) (bool, error) {
	rec, err := Find(app, Owner{SessionID: sessionID})
	return rec != nil, err
}

// PruneGuests deletes the guest carts (with their lines) that nobody
// changed, nor any of their lines, for GuestCartTTL, in batches of 500. It
// returns how many it deleted.
func PruneGuests(app core.App) (int, error) {
	cutoff := types.NowDateTime().Add(-guestCartTTL).String()
	deleted := 0
	for {
		var ids []string
		err := app.DB().Select("c.id").From(Collection + " c").
			Where(dbx.NewExp(`c.[[user]] = '' AND c.[[sessionId]] != '' AND c.[[updated]] < {:cutoff}
				AND NOT EXISTS (SELECT 1 FROM `+ItemsCollection+` i WHERE i.[[cart]] = c.[[id]] AND i.[[updated]] >= {:cutoff})`,
				dbx.Params{"cutoff": cutoff})).
			Limit(500).Column(&ids)
		if err != nil || len(ids) == 0 {
			return deleted, err
		}
		err = db.Write(app, func(tx core.App) error {
			recs, err := tx.FindRecordsByIds(Collection, ids)
			if err != nil {
				return err
			}
			for _, rec := range recs {
				if err := tx.Delete(rec); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return deleted, err
		}
		deleted += len(ids)
	}
}
