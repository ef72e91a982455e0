package shop_test

import (
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

// Both CSV exports name the shipping method the order kept when it was
// placed (in English, the shop's base language), in a new last column, and
// keep the code where old spreadsheets read it; an old order saved without
// a name shows its code there.
func TestOrderExportsNameTheSavedShippingMethod(t *testing.T) {
	app := testapp.New(t)
	insert := func(id, code, name string) {
		t.Helper()
		_, err := app.DB().NewQuery(`INSERT INTO orders (id, orderNumber, status, customerName, customerEmail,
			shippingMethod, shippingMethodName, shipping, subtotalCents, shippingCents, totalCents, itemCount, created, updated)
			VALUES ({:id}, {:number}, 'Created', 'Ada Lovelace', 'ada@example.com', {:code}, {:name},
			'{"firstName":"Ada","lastName":"Lovelace","country":"US"}', 5000, 999, 5999, 1,
			'2026-11-20 12:00:00.000Z', '2026-11-20 12:00:00.000Z')`).
			Bind(map[string]any{"id": id, "number": "ORD-20261120-" + id[:6], "code": code, "name": name}).Execute()
		if err == nil {
			_, err = app.DB().NewQuery(`INSERT INTO order_items (id, orderRef, productId, productName, quantity, unitPriceCents, totalCents)
				VALUES ({:line}, {:id}, 'someproduct123', 'Par 64 LED Wash', 1, 5000, 5000)`).
				Bind(map[string]any{"line": "line" + id[:11], "id": id}).Execute()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	insert("NAMED0000000001", "courier_2", `{"en":"Courier, two days","ru":"Курьер, два дня","zh":"快递两天"}`)
	insert("OLDORD000000003", "standard", "")

	for _, export := range []struct {
		name    string
		write   func(core.App, shop.OrderFilter, io.Writer) error
		codeCol int
		nameCol int // where the name was appended; later columns come after it
	}{{"orders", shop.ExportOrdersCSV, 5, 33}, {"shipping", shop.ExportShippingCSV, 12, -1}} {
		var buf bytes.Buffer
		if err := export.write(app, shop.OrderFilter{}, &buf); err != nil {
			t.Fatal(export.name, err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil || len(rows) != 3 {
			t.Fatalf("%s export: %v %q", export.name, err, rows)
		}
		// A spreadsheet that reads columns by position keeps working: the
		// code keeps its column and the name stays where it was appended
		// (the shipping export's last; the orders export has grown since).
		last := export.nameCol
		if last < 0 {
			last = len(rows[0]) - 1
		}
		if rows[0][export.codeCol] != "shippingMethod" || rows[0][last] != "shippingMethodName" ||
			slices.Index(rows[0], "shippingMethodName") != last {
			t.Fatalf("%s header %q: the code's column moved or the name left its column", export.name, rows[0])
		}
		want := [][2]string{{"courier_2", "Courier, two days"}, {"standard", "standard"}}
		for i, w := range want {
			if got := [2]string{rows[i+1][export.codeCol], rows[i+1][last]}; got != w {
				t.Errorf("%s row %d: code and method name %q, want %q", export.name, i+1, got, w)
			}
		}
	}
}
