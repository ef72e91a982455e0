package routes_test

import (
	"encoding/csv"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
)

// orderOn places an order for a customer with a given name on a given day.
func orderOn(t *testing.T, h testapp.Harness, token, productID, first, day string) orderJSON {
	t.Helper()
	addLine(t, h.Client, token, productID, 1)
	body := usBody("standard")
	body["shippingInfo"].(map[string]any)["firstName"] = first
	body["shippingInfo"].(map[string]any)["email"] = strings.TrimPrefix(strings.ToLower(first), "-") + "@example.com"
	o := placeOrder(t, h.Client, token, body)
	_, err := h.App.DB().NewQuery("UPDATE orders SET created = {:d} WHERE id = {:id}").
		Bind(dbx.Params{"d": day + " 12:00:00.000Z", "id": o.ID}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestAdminOrdersFiltersAndPages(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 50})
	h, c, admin, u, p := s.h, s.c, s.admin, s.user, s.product
	o1 := orderOn(t, h, u.Token, p.Id, "Grace", "2026-11-01")
	o2 := orderOn(t, h, u.Token, p.Id, "Linus", "2026-11-10")
	o3 := orderOn(t, h, u.Token, p.Id, "Grace", "2026-11-20")
	if _, err := h.App.DB().NewQuery("UPDATE orders SET status = 'Shipped' WHERE id = {:id}").Bind(dbx.Params{"id": o2.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	list := func(query string) ([]orderJSON, string) {
		t.Helper()
		r := c.Do("GET", "/api/checkout/admin/orders"+query, nil, testapp.Auth(admin.Token)...)
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", query, r.Status, r.Body)
		}
		var out []orderJSON
		r.JSON(t, &out)
		return out, r.Header.Get("X-Total-Count")
	}
	ids := func(os []orderJSON) string {
		var s []string
		for _, o := range os {
			s = append(s, o.ID)
		}
		return strings.Join(s, ",")
	}

	if all, n := list(""); ids(all) != o3.ID+","+o2.ID+","+o1.ID || n != "3" {
		t.Errorf("all: %s total %s", ids(all), n)
	}
	if got, _ := list("?status=Shipped"); ids(got) != o2.ID {
		t.Errorf("status: %s", ids(got))
	}
	if got, _ := list("?search=grace"); ids(got) != o3.ID+","+o1.ID {
		t.Errorf("search by name: %s", ids(got))
	}
	if got, _ := list("?search=LINUS@example"); ids(got) != o2.ID {
		t.Errorf("search by e-mail: %s", ids(got))
	}
	if got, _ := list("?search=" + o2.OrderNumber[4:]); ids(got) != o2.ID {
		t.Errorf("search by number: %s", ids(got))
	}
	if got, _ := list("?from=2026-11-10&to=2026-11-20"); ids(got) != o3.ID+","+o2.ID {
		t.Errorf("dates inclusive: %s", ids(got))
	}
	if got, n := list("?page=2&pageSize=2"); ids(got) != o1.ID || n != "3" {
		t.Errorf("page 2: %s total %s", ids(got), n)
	}
	if got, _ := list("?search=%25"); len(got) != 0 {
		t.Errorf("a %% is searched literally: %s", ids(got))
	}

	var refused []testapp.Scenario
	for q, field := range map[string]string{"?status=Lost": "status", "?from=yesterday": "from", "?to=2026-13-01": "to", "?page=-1": "page",
		"?pageSize=101": "pageSize", "?page=x": "page", "?from=2026-11-20&to=2026-11-01": "to"} {
		refused = append(refused, testapp.Scenario{Name: q, Method: "GET", URL: "/api/checkout/admin/orders" + q, Token: admin.Token,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{field}})
	}
	testapp.RunScenarios(t, h, append(refused,
		testapp.Scenario{Name: "signed out", Method: "GET", URL: "/api/checkout/admin/orders?status=Created",
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*"},
		testapp.Scenario{Name: "a customer", Method: "GET", URL: "/api/checkout/admin/orders?status=Created", Token: u.Token,
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "*"}))
}

// The export has one row per order line, quotes commas, quotes and
// newlines, and defuses texts a spreadsheet would run as a formula.
func TestAdminOrdersCSVExport(t *testing.T) {
	s := newOrderShop(t, testapp.Product{Name: `=HYPERLINK("http://evil")`, PriceCents: 1050, Stock: 50})
	h, c, admin, u, p1 := s.h, s.c, s.admin, s.user, s.product
	p2 := testapp.NewProduct(t, h.App, testapp.Product{Name: "Cable, 10 m \"pro\"\nblack", PriceCents: 200, Stock: 50})
	p3 := testapp.NewProduct(t, h.App, testapp.Product{Name: "@SUM(1+1)", PriceCents: 100, Stock: 50})
	addLine(t, c, u.Token, p1.Id, 2)
	addLine(t, c, u.Token, p2.Id, 3)
	addLine(t, c, u.Token, p3.Id, 1)
	body := usBody("express")
	body["shippingInfo"].(map[string]any)["firstName"] = "+1 Ann"
	body["shippingInfo"].(map[string]any)["lastName"] = "@Lee"
	o := placeOrder(t, c, u.Token, body)
	wantStatus(t, c.Do("PUT", "/api/checkout/admin/orders/"+o.ID+"/status",
		map[string]any{"status": "Shipped", "trackingNumber": "-2+3"}, testapp.Auth(admin.Token)...), 200, nil)
	old := orderOn(t, h, u.Token, p2.Id, "-Old", "2020-01-01")

	r := c.Do("GET", "/api/checkout/admin/orders/export.csv?from=2021-01-01", nil, testapp.Auth(admin.Token)...)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, r.Body)
	}
	if len(rows) != 4 || rows[0][0] != "orderNumber" {
		t.Fatalf("rows %q", rows)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	first, second, third := rows[1], rows[2], rows[3]
	if first[col["orderNumber"]] != o.OrderNumber || first[col["productName"]] != `'=HYPERLINK("http://evil")` ||
		first[col["quantity"]] != "2" || first[col["unitPrice"]] != "10.50" || first[col["lineTotal"]] != "21.00" ||
		first[col["customerName"]] != "'+1 Ann @Lee" || first[col["orderTotal"]] != "47.99" || first[col["shippingMethod"]] != "express" ||
		first[col["trackingNumber"]] != "'-2+3" {
		t.Errorf("first line %q", first)
	}
	if second[col["productName"]] != "Cable, 10 m \"pro\"\nblack" || second[col["lineTotal"]] != "6.00" {
		t.Errorf("second line %q", second)
	}
	if third[col["productName"]] != "'@SUM(1+1)" || third[col["orderNumber"]] != o.OrderNumber {
		t.Errorf("third line %q", third)
	}
	if strings.Contains(string(r.Body), old.OrderNumber) {
		t.Error("an order outside the date range was exported")
	}
	if first[col["shippingCountry"]] != "United States" {
		t.Errorf("country %q, want the English name by default", first[col["shippingCountry"]])
	}
	ru := c.Do("GET", "/api/checkout/admin/orders/export.csv?from=2021-01-01&lang=ru", nil, testapp.Auth(admin.Token)...)
	if ruRows, err := csv.NewReader(strings.NewReader(string(ru.Body))).ReadAll(); err != nil || len(ruRows) != 4 ||
		ruRows[1][col["shippingCountry"]] != "Соединенные Штаты" {
		t.Errorf("export in Russian: %v %q", err, ruRows)
	}

	expectErr(t, c.Do("GET", "/api/checkout/admin/orders/export.csv?from=soon", nil, testapp.Auth(admin.Token)...), http.StatusBadRequest, "validation_failed")
	expectErr(t, c.Do("GET", "/api/checkout/admin/orders/export.csv", nil), http.StatusUnauthorized, "")
	expectErr(t, c.Do("GET", "/api/checkout/admin/orders/export.csv", nil, testapp.Auth(u.Token)...), http.StatusForbidden, "")
}

// A CSV export that fails after its 200 has gone out aborts the connection:
// the admin's download fails instead of ending as a short file that looks
// complete (here a damaged line of the newest order cannot be read).
func TestAdminOrdersCSVExportFailureAborts(t *testing.T) {
	s := newOrderShop(t, testapp.Product{PriceCents: 1000, Stock: 50})
	h, admin, u, p := s.h, s.admin, s.user, s.product
	orderOn(t, h, u.Token, p.Id, "Grace", "2026-11-01")
	o := orderOn(t, h, u.Token, p.Id, "Linus", "2026-11-10")
	if _, err := h.App.DB().NewQuery("UPDATE order_items SET quantity = 'lots' WHERE orderRef = {:id}").
		Bind(dbx.Params{"id": o.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Client.Handler)
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/api/checkout/admin/orders/export.csv", nil)
	req.Header.Set("Authorization", "Bearer "+admin.Token)
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		body, readErr := io.ReadAll(resp.Body)
		resp.Body.Close()
		if readErr == nil {
			t.Fatalf("a failed export ended normally: %d, %d bytes:\n%s", resp.StatusCode, len(body), body)
		}
	}
}

// Issue 27, 8: Excel in ru-RU or de-DE splits on ';', so a text such as
// "x;=HYPERLINK(...)" is one harmless cell for a comma reader and a
// formula for them. Read with either separator, no cell starts a formula.
func TestAdminOrdersCSVSafeWithEitherSeparator(t *testing.T) {
	s := newOrderShop(t, testapp.Product{Name: `Wash; "@SUM(A1)",-cmd|' /C calc'!A0`, PriceCents: 1000, Stock: 5})
	c, admin := s.c, s.admin
	body := usBody("standard")
	body["shippingInfo"].(map[string]any)["lastName"] = `x;=HYPERLINK("http://evil.example","open")`
	s.place(t, 1, body)

	r := c.Do("GET", "/api/checkout/admin/orders/export.csv", nil, testapp.Auth(admin.Token)...)
	if r.Status != 200 {
		t.Fatalf("export: %d %s", r.Status, r.Body)
	}
	for _, sep := range []rune{',', ';'} {
		reader := csv.NewReader(strings.NewReader(string(r.Body)))
		reader.Comma, reader.LazyQuotes, reader.FieldsPerRecord = sep, true, -1
		rows, err := reader.ReadAll()
		if err != nil {
			t.Fatalf("read with %q: %v", sep, err)
		}
		for _, row := range rows {
			for _, cell := range row {
				if c := strings.TrimLeft(cell, ` "`); c != "" && strings.ContainsRune("=+-@", rune(c[0])) {
					t.Errorf("read with %q, a cell starts a formula: %q", sep, cell)
				}
			}
		}
	}
	if !strings.Contains(string(r.Body), `x;'=HYPERLINK(`) {
		t.Errorf("the name is not kept readable: %s", r.Body)
	}
}
