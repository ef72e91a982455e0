package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// Issue 43: a 20,000-row import held the write lock for its whole
// transaction (a shopper's add-to-cart waited 39 s). Every row is checked
// first, then the products are written in batches of a few hundred, each
// committed on its own: when the first products are in the shop the rest
// are still being written, and the admin's screen sees how far it got. A
// second file with a SKU used twice writes nothing.
func TestImportWritesInBatches(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	auth := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	img := testapp.NewImage(t, h.App)
	const rows = 650
	var b strings.Builder
	b.WriteString("name,category,price,stockQuantity,images,sku\n")
	for i := range rows {
		fmt.Fprintf(&b, "Batch Lamp %03d,Stage,10.00,5,%s,BATCH-%03d\n", i, img, i)
	}
	var once sync.Once
	var firstSeen int64
	var during map[string]any
	h.App.OnRecordAfterCreateSuccess("products").BindFunc(func(e *core.RecordEvent) error {
		once.Do(func() { // after the first commit: what a shopper's request sees meanwhile
			firstSeen = int64(testapp.Count(t, h.App, "products"))
			wantStatus(t, c.Do("GET", "/api/admin/products/import/progress", nil, auth...), http.StatusOK, &during)
		})
		return e.Next()
	})
	a := importCSV(t, c, auth, b.String(), false)
	if a.Created != rows || len(a.Errors) != 0 {
		t.Fatalf("import: %+v", a)
	}
	if firstSeen == 0 || firstSeen >= rows {
		t.Fatalf("%d products in the shop at the first commit, want one batch of a few hundred, not all %d", firstSeen, rows)
	}
	if during["running"] != true || during["phase"] != "writing" || during["rows"] != float64(rows) {
		t.Errorf("progress during the import: %v", during)
	}
	var after map[string]any
	wantStatus(t, c.Do("GET", "/api/admin/products/import/progress", nil, auth...), http.StatusOK, &after)
	if after["running"] != false || after["phase"] != "done" || after["rowsDone"] != float64(rows) || after["created"] != float64(rows) || after["errors"] != float64(0) {
		t.Errorf("progress after the import: %v", after)
	}
	expectErr(t, c.Do("GET", "/api/admin/products/import/progress", nil, testapp.Auth(testapp.NewUser(t, h.App, false).Token)...), http.StatusForbidden, "")

	// The same SKU on two new products in different batches: checked
	// before anything is written, so nothing is.
	dup := strings.Replace(b.String(), "Batch Lamp", "Other Lamp", -1)
	dup = strings.Replace(dup, "BATCH-", "OTHER-", -1)
	dup = strings.Replace(dup, "OTHER-600", "OTHER-001", 1)
	a = importCSV(t, c, auth, dup, false)
	if len(a.Errors) != 1 || a.Errors[0].Row != 602 || a.Errors[0].Field != "sku" {
		t.Fatalf("a SKU twice in the file: %+v", a.Errors)
	}
	if n := testapp.Count(t, h.App, "products"); n != rows {
		t.Fatalf("%d products after the failed file, want %d", n, rows)
	}
}
