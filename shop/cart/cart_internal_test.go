package cart

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/migrated"
)

// TestCartLookupUsesTheIndexes guards against a cart look-up that scans
// every cart (the unique indexes are partial and need their condition).
func TestCartLookupUsesTheIndexes(t *testing.T) {
	app := migrated.NewApp(t)
	for owner, index := range map[Owner]string{
		{UserID: "u1"}:               "idx_carts_user",
		{SessionID: "session_12345"}: "idx_carts_session",
	} {
		q := cartQuery(app, owner).Build()
		var plan []dbx.NullStringMap
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q.SQL()).Bind(q.Params()).All(&plan); err != nil {
			t.Fatal(err)
		}
		var details []string
		for _, row := range plan {
			details = append(details, row["detail"].String)
		}
		if got := strings.Join(details, "; "); !strings.Contains(got, "USING INDEX "+index) {
			t.Errorf("cart look-up for %+v: plan %q does not use %s", owner, got, index)
		}
	}
}
