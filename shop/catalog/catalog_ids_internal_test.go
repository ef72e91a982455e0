package catalog

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/migrated"
)

// TestProductsByIDsLooksUpTheIDs guards the check of search answers
// against the database: it must look the ids up, not walk every active
// product through an isActive index (which SQLite chose for
// "id IN (...) AND isActive = 1" without statistics: 300 ms for 5 ids at
// 100,000 products, bench section 10).
func TestProductsByIDsLooksUpTheIDs(t *testing.T) {
	app := migrated.NewApp(t)
	q := productsByIDsQuery(app, []any{"a", "b", "c", "d", "e"}).Build()
	var plan []dbx.NullStringMap
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q.SQL()).Bind(q.Params()).All(&plan); err != nil {
		t.Fatal(err)
	}
	var details []string
	for _, row := range plan {
		details = append(details, row["detail"].String)
	}
	if got := strings.Join(details, "; "); !strings.Contains(got, "(id=?)") || strings.Contains(got, "isActive") {
		t.Errorf("products by id: plan %q does not look the ids up by the primary key", got)
	}
}
