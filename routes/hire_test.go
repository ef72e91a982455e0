package routes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
	"stageshop/shop/hire"
)

// hireDates are dates from the shop's today: d(n) is n days on.
func hireDates(t testing.TB, h testapp.Harness) func(n int) string {
	t.Helper()
	today, err := hire.Today(h.App)
	if err != nil {
		t.Fatal(err)
	}
	return func(n int) string { return today.AddDays(n).String() }
}

// GET /api/products/{id}/availability: anyone, per day, with the window's
// rules as field errors.
func TestHireAvailabilityRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	p, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Fleet: 2, DayCents: 5000, BufferDays: 1})
	sale := testapp.NewProduct(t, h.App, testapp.Product{Name: "Cable"})
	if _, err := hire.Book(h.App, testapp.NewOrder(t, h.App), []hire.Line{{ProductID: p.Id, Quantity: 1, Start: d(10), End: d(11)}}); err != nil {
		t.Fatal(err)
	}
	url := "/api/products/" + p.Id + "/availability"
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "days", Method: "GET", URL: url + "?from=" + d(9) + "&to=" + d(13), ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`{"days":[{"date":"` + d(9) + `","available":1},{"date":"` + d(10) + `","available":1},` +
				`{"date":"` + d(11) + `","available":1},{"date":"` + d(12) + `","available":1},{"date":"` + d(13) + `","available":2}],"today":"` + d(0) + `"}`}},
		{Name: "one day", Method: "GET", URL: url + "?from=" + d(13) + "&to=" + d(13), ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`{"days":[{"date":"` + d(13) + `","available":2}],"today":"` + d(0) + `"}`}},
		{Name: "120 days", Method: "GET", URL: url + "?from=" + d(1) + "&to=" + d(120), ExpectedStatus: http.StatusOK},
		{Name: "121 days", Method: "GET", URL: url + "?from=" + d(1) + "&to=" + d(121), ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"to"}},
		{Name: "backwards", Method: "GET", URL: url + "?from=" + d(5) + "&to=" + d(4), ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"to"}},
		{Name: "not dates", Method: "GET", URL: url + "?from=tomorrow&to=2026-02-30", ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"from", "to"}},
		{Name: "missing", Method: "GET", URL: url, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"from", "to"}},
		{Name: "unknown product", Method: "GET", URL: "/api/products/nope/availability?from=" + d(1) + "&to=" + d(2),
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "unknown variant", Method: "GET", URL: url + "?variantId=nope&from=" + d(1) + "&to=" + d(2),
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
		{Name: "not for hire", Method: "GET", URL: "/api/products/" + sale.Id + "/availability?from=" + d(1) + "&to=" + d(2),
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "not_for_hire"},
	})
}

// GET and PUT /api/admin/bookings: the calendar and a booking's way out
// and back with its fees, for admins only.
func TestHireBookingsAdmin(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	admin := testapp.NewUser(t, h.App, true).Token
	shopper := testapp.NewUser(t, h.App, false).Token
	p, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: "Fog machine", Fleet: 1, DayCents: 5000})
	order := testapp.NewOrder(t, h.App)
	bs, err := hire.Book(h.App, order, []hire.Line{{ProductID: p.Id, Quantity: 1, Start: d(3), End: d(5)}})
	if err != nil {
		t.Fatal(err)
	}
	one := "/api/admin/bookings/" + bs[0].ID
	cal := "/api/admin/bookings?from=" + d(1) + "&to=" + d(30)
	returned := map[string]any{"status": "returned", "fees": []map[string]any{{"kind": "cleaning", "amount": 25, "note": "Fog fluid"}}}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "signed out", Method: "GET", URL: cal, ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*"},
		{Name: "shopper", Method: "GET", URL: cal, Token: shopper, ExpectedStatus: http.StatusForbidden, ExpectedCode: "*"},
		{Name: "shopper writes", Method: "PUT", URL: one, Token: shopper, Body: map[string]any{"status": "out"},
			ExpectedStatus: http.StatusForbidden, ExpectedCode: "*", ExpectedRecords: map[string]int{"hire_bookings:update": 0}},
		{Name: "signed out writes", Method: "PUT", URL: one, Body: map[string]any{"status": "out"},
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*", ExpectedRecords: map[string]int{"hire_bookings:update": 0}},
		{Name: "calendar", Method: "GET", URL: cal + "&productId=" + p.Id, Token: admin, ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"id":"` + bs[0].ID + `"`, `"orderId":"` + order + `"`, `"start":"` + d(3) + `"`,
				`"end":"` + d(5) + `"`, `"status":"reserved"`, `"fees":[]`, `"quantity":1`, `"productName":"Fog machine"`, `"productNameLocalized":{"en":"Fog machine"`}},
		{Name: "another window", Method: "GET", URL: "/api/admin/bookings?from=" + d(6) + "&to=" + d(9), Token: admin,
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`[]`}},
		{Name: "calendar without dates", Method: "GET", URL: "/api/admin/bookings", Token: admin,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"from", "to"}},
		{Name: "unknown status", Method: "PUT", URL: one, Token: admin, Body: map[string]any{"status": "lost"},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"status"},
			ExpectedRecords: map[string]int{"hire_bookings:update": 0}},
		{Name: "not out yet", Method: "PUT", URL: one, Token: admin, Body: returned,
			ExpectedStatus: http.StatusConflict, ExpectedCode: "invalid_status_change", ExpectedRecords: map[string]int{"hire_bookings:update": 0}},
		{Name: "fees before the return", Method: "PUT", URL: one, Token: admin,
			Body:           map[string]any{"status": "out", "fees": []map[string]any{{"kind": "damage", "amount": 10}}},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"fees"}},
		{Name: "out", Method: "PUT", URL: one, Token: admin, Body: map[string]any{"status": "out"},
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"status":"out"`, `"productName":"Fog machine"`}, ExpectedRecords: map[string]int{"hire_bookings:update": 1}},
		{Name: "bad fees", Method: "PUT", URL: one, Token: admin, Body: map[string]any{"status": "returned",
			"fees": []map[string]any{{"kind": "theft", "amount": 10}, {"kind": "damage", "amount": 1.234}, {"kind": "cleaning"}}},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed",
			ExpectedErrors: []string{"fees.0.kind", "fees.1.amount", "fees.2.amount"}, ExpectedRecords: map[string]int{"hire_bookings:update": 0}},
		{Name: "not late", Method: "PUT", URL: one, Token: admin, Body: map[string]any{"status": "returned", "fees": []map[string]any{{"kind": "late"}}},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"fees.0.amount"},
			ExpectedRecords: map[string]int{"hire_bookings:update": 0}},
		{Name: "returned with a cleaning fee", Method: "PUT", URL: one, Token: admin, Body: returned, ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"status":"returned"`, `"fees":[{"kind":"cleaning","amount":25.00,"note":"Fog fluid"}]`}},
		{Name: "wrong type", Method: "PUT", URL: one, Token: admin, Body: map[string]any{"status": 3},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "*"},
		{Name: "unknown booking", Method: "PUT", URL: "/api/admin/bookings/nope", Token: admin, Body: map[string]any{"status": "out"},
			ExpectedStatus: http.StatusNotFound, ExpectedCode: "not_found"},
	})
}

// With start and end, the availability answers the hire's quote by the
// pricing rule: a Friday-to-Monday at the weekend rate, the deposit per
// unit, what is free; a hire too soon is refused with its code.
func TestHireQuote(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	p, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Fleet: 3, DayCents: 5000, WeekendCents: 8000, DepositCents: 20000, Lead: 2})
	friday := 7
	for ; !strings.Contains(string(h.Client.Do("GET", "/api/products/"+p.Id+"/availability?from="+d(friday)+"&to="+d(friday)+
		"&start="+d(friday)+"&end="+d(friday+3), nil).Body), `"rule":"weekend"`); friday++ {
		if friday > 14 {
			t.Fatal("no Friday-to-Monday priced at the weekend rate")
		}
	}
	url := "/api/products/" + p.Id + "/availability?from=" + d(friday) + "&to=" + d(friday)
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "weekend", Method: "GET", URL: url + "&start=" + d(friday) + "&end=" + d(friday+3) + "&quantity=2", ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"quote":{"start":"` + d(friday) + `","end":"` + d(friday+3) + `","days":4,"quantity":2,"rule":"weekend","unitPrice":80.00,"lineTotal":160.00,"deposit":400.00,"available":3}`}},
		{Name: "by the day", Method: "GET", URL: url + "&start=" + d(friday+3) + "&end=" + d(friday+4), ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"rule":"day","unitPrice":100.00,"lineTotal":100.00,"deposit":200.00`}},
		{Name: "too soon", Method: "GET", URL: url + "&start=" + d(1) + "&end=" + d(2), ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "hire_too_soon", ExpectedErrors: []string{"hire.start"}},
		{Name: "bad quantity", Method: "GET", URL: url + "&start=" + d(friday) + "&end=" + d(friday) + "&quantity=x", ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"quantity"}},
	})
}

// The calendar names every booking's product from one query, however many
// products it shows (the app once named only the first 100 products): the
// queries of a list of 30 products' bookings are those of one's.
func TestBookingNamesWithoutAQueryPerRow(t *testing.T) {
	h := testapp.NewHarness(t)
	d := hireDates(t, h)
	admin := testapp.NewUser(t, h.App, true).Token
	count := func() int64 {
		var list []struct{ ProductName string }
		n := queryCount(h.App, func() {
			wantStatus(t, h.Client.Do("GET", "/api/admin/bookings?from="+d(1)+"&to="+d(30), nil, testapp.Auth(admin)...), http.StatusOK, &list)
		})
		for _, b := range list {
			if !strings.HasPrefix(b.ProductName, "Light ") {
				t.Fatalf("a booking without its product's name: %+v", list)
			}
		}
		return n
	}
	hireOne := func(i int) {
		p, _ := testapp.NewHireProduct(t, h.App, testapp.Hire{Name: fmt.Sprintf("Light %d", i), Fleet: 1, DayCents: 5000})
		if _, err := hire.Book(h.App, testapp.NewOrder(t, h.App), []hire.Line{{ProductID: p.Id, Quantity: 1, Start: d(3), End: d(5)}}); err != nil {
			t.Fatal(err)
		}
	}
	// The fewest of three reads: the count is every statement on the app
	// while the request runs, and a worker's poll may fall in one of them.
	fewest := func() int64 { return min(count(), count(), count()) }
	hireOne(0)
	one := fewest()
	for i := 1; i < 30; i++ {
		hireOne(i)
	}
	if many := fewest(); many != one {
		t.Errorf("30 products' bookings took %d queries, one product's %d", many, one)
	}
}
