package shop

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	_ "stageshop/pb_migrations"
)

// TestCartLookupUsesTheIndexes guards against a cart look-up that scans
// every cart (the unique indexes are partial and need their condition).
func TestCartLookupUsesTheIndexes(t *testing.T) {
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	for owner, index := range map[CartOwner]string{
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
