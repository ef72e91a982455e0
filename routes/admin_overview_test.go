package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// overviewJSON is the part of GET /api/admin/overview these tests read.
type overviewJSON struct {
	Revenue struct {
		Today      float64 `json:"today"`
		Last7Days  float64 `json:"last7Days"`
		Last30Days float64 `json:"last30Days"`
	} `json:"revenue"`
	AverageOrderValue float64        `json:"averageOrderValue"`
	OrdersByStatus    map[string]int `json:"ordersByStatus"`
	Awaiting          struct {
		Amount float64 `json:"amount"`
		Orders int     `json:"orders"`
	} `json:"awaiting"`
	RevenueByDay []struct {
		Date    string  `json:"date"`
		Revenue float64 `json:"revenue"`
		Orders  int     `json:"orders"`
	} `json:"revenueByDay"`
	TopProducts []struct {
		ID      string  `json:"id"`
		Name    string  `json:"name"`
		Units   int     `json:"units"`
		Revenue float64 `json:"revenue"`
	} `json:"topProducts"`
	LowStock []struct {
		ID            string `json:"id"`
		Name          string `json:"name"`
		StockQuantity int    `json:"stockQuantity"`
	} `json:"lowStock"`
	NewContactRequests int `json:"newContactRequests"`
	QueuedEmails       int `json:"queuedEmails"`
}

type adminUserRow struct {
	ID          string   `json:"id"`
	Email       string   `json:"email"`
	FirstName   string   `json:"firstName"`
	Roles       []string `json:"roles"`
	IsAdmin     bool     `json:"isAdmin"`
	CreatedAt   string   `json:"createdAt"`
	LastLoginAt *string  `json:"lastLoginAt"`
	OrdersCount int      `json:"ordersCount"`
	TotalSpent  float64  `json:"totalSpent"`
}

func getOverview(t *testing.T, c testapp.Client, token, query string) overviewJSON {
	t.Helper()
	r := c.Do("GET", "/api/admin/overview"+query, nil, testapp.Auth(token)...)
	if r.Status != 200 {
		t.Fatalf("overview: %d %s", r.Status, r.Body)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "private, no-store" {
		t.Fatalf("Cache-Control %q", cc)
	}
	var o overviewJSON
	r.JSON(t, &o)
	return o
}

func TestAdminOverviewRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{Name: "Hazer", PriceCents: 12345, Stock: 12})

	before := getOverview(t, h.Client, admin.Token, "")
	if before.Revenue.Today != 0 || len(before.RevenueByDay) != 30 || len(before.OrdersByStatus) != 6 || before.TopProducts == nil {
		t.Fatalf("empty shop %+v", before)
	}
	addLine(t, h.Client, customer.Token, p.Id, 3)
	order := placeOrder(t, h.Client, customer.Token, orderBody())
	// Revenue counts money paid: an unpaid order is awaited, not revenue.
	unpaid := getOverview(t, h.Client, admin.Token, "?days=7")
	if unpaid.Revenue.Today != 0 || unpaid.Awaiting.Amount != order.TotalAmount || unpaid.Awaiting.Orders != 1 {
		t.Fatalf("unpaid order of %.2f: revenue %+v, awaiting %+v", order.TotalAmount, unpaid.Revenue, unpaid.Awaiting)
	}
	pay := h.Client.Do("POST", "/api/checkout/admin/orders/"+order.ID+"/payments", map[string]any{"amount": order.TotalAmount}, testapp.Auth(admin.Token)...)
	if pay.Status != 201 {
		t.Fatalf("record payment: %d %s", pay.Status, pay.Body)
	}

	after := getOverview(t, h.Client, admin.Token, "?days=7")
	today := after.RevenueByDay[len(after.RevenueByDay)-1]
	if after.Revenue.Today != order.TotalAmount || after.Revenue.Last7Days != order.TotalAmount ||
		today.Revenue != order.TotalAmount || today.Orders != 1 || len(after.RevenueByDay) != 7 ||
		after.AverageOrderValue != order.TotalAmount || after.OrdersByStatus["Created"] != 1 {
		t.Fatalf("after an order of %.2f: %+v", order.TotalAmount, after)
	}
	if len(after.TopProducts) != 1 || after.TopProducts[0].Name != "Hazer" || after.TopProducts[0].Units != 3 || after.TopProducts[0].Revenue != 370.35 {
		t.Fatalf("top products %+v", after.TopProducts)
	}
	// 12 - 3 = 9 left: in the warning band.
	if len(after.LowStock) != 1 || after.LowStock[0].ID != p.Id || after.LowStock[0].StockQuantity != 9 {
		t.Fatalf("low stock %+v", after.LowStock)
	}

	// Cancelling takes the order out of the revenue (and restocks).
	r := h.Client.Do("PUT", "/api/checkout/admin/orders/"+order.ID+"/status", map[string]any{"status": "Cancelled"}, testapp.Auth(admin.Token)...)
	if r.Status != 200 {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	cancelled := getOverview(t, h.Client, admin.Token, "?days=90")
	if cancelled.Revenue.Today != 0 || cancelled.OrdersByStatus["Cancelled"] != 1 || len(cancelled.TopProducts) != 0 || len(cancelled.RevenueByDay) != 90 {
		t.Fatalf("after cancelling %+v", cancelled)
	}

	for _, q := range []string{"?days=1", "?days=abc", "?days=0", "?days=365", "?days=7.5"} {
		r := h.Client.Do("GET", "/api/admin/overview"+q, nil, testapp.Auth(admin.Token)...)
		m := r.Map(t)
		errs, _ := m["errors"].(map[string]any)
		if r.Status != 400 || m["code"] != "validation_failed" || errs["days"] == nil {
			t.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
	}
}

// Every admin overview route: 401 signed out, 403 for a customer.
func TestAdminOverviewRoutesNeedAdmin(t *testing.T) {
	h := testapp.NewHarness(t)
	customer := testapp.NewUser(t, h.App, false)
	routes := []struct{ method, path string }{
		{"GET", "/api/admin/overview"},
		{"GET", "/api/admin/users"},
		{"GET", "/api/admin/users/" + customer.ID() + "/orders"},
		{"PUT", "/api/admin/users/" + customer.ID() + "/roles"},
		{"GET", "/api/admin/role-changes"},
	}
	var scenarios []testapp.Scenario
	for _, rt := range routes {
		body := any(nil)
		if rt.method == "PUT" {
			body = map[string]any{"roles": []string{"Admin", "Customer"}}
		}
		none := map[string]int{"users:update": 0, "role_changes:create": 0}
		scenarios = append(scenarios,
			testapp.Scenario{Name: rt.method + " " + rt.path + " signed out", Method: rt.method, URL: rt.path, Body: body,
				ExpectedStatus: 401, ExpectedCode: "unauthorized", ExpectedRecords: none},
			testapp.Scenario{Name: rt.method + " " + rt.path + " as a customer", Method: rt.method, URL: rt.path, Body: body, Token: customer.Token,
				ExpectedStatus: 403, ExpectedCode: "forbidden", ExpectedRecords: none})
	}
	testapp.RunScenarios(t, h, scenarios)
	rec, _ := h.App.FindRecordById("users", customer.ID())
	if strings.Contains(rec.GetString("roles"), "Admin") {
		t.Fatal("a customer promoted themselves")
	}
}

func TestAdminUsersRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	p := testapp.NewProduct(t, h.App, testapp.Product{PriceCents: 1999, Stock: 10})
	addLine(t, h.Client, customer.Token, p.Id, 2)
	order := placeOrder(t, h.Client, customer.Token, orderBody())

	r := h.Client.Do("GET", "/api/admin/users?search="+customer.Record.Email(), nil, testapp.Auth(admin.Token)...)
	var page struct {
		Users      []adminUserRow `json:"users"`
		Pagination struct {
			Page, PageSize, TotalCount, TotalPages int
		} `json:"pagination"`
	}
	r.JSON(t, &page)
	if r.Status != 200 || len(page.Users) != 1 || page.Pagination.TotalCount != 1 || page.Pagination.PageSize != 20 {
		t.Fatalf("search: %d %s", r.Status, r.Body)
	}
	u := page.Users[0]
	if u.ID != customer.ID() || u.IsAdmin || u.OrdersCount != 1 || u.TotalSpent != order.TotalAmount || u.CreatedAt == "" || u.LastLoginAt != nil {
		t.Fatalf("user row %+v", u)
	}
	r = h.Client.Do("GET", "/api/admin/users?page=1&pageSize=1", nil, testapp.Auth(admin.Token)...)
	r.JSON(t, &page)
	if r.Status != 200 || len(page.Users) != 1 || page.Pagination.TotalCount != 2 || page.Pagination.TotalPages != 2 {
		t.Fatalf("paged: %d %s", r.Status, r.Body)
	}
	for q, field := range map[string]string{"?page=0": "page", "?page=x": "page", "?pageSize=101": "pageSize", "?pageSize=-1": "pageSize",
		"?search=" + strings.Repeat("a", 201): "search"} {
		r := h.Client.Do("GET", "/api/admin/users"+q, nil, testapp.Auth(admin.Token)...)
		errs, _ := r.Map(t)["errors"].(map[string]any)
		if r.Status != 400 || errs[field] == nil {
			t.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
	}

	r = h.Client.Do("GET", "/api/admin/users/"+customer.ID()+"/orders", nil, testapp.Auth(admin.Token)...)
	var orders []orderJSON
	r.JSON(t, &orders)
	if r.Status != 200 || len(orders) != 1 || orders[0].ID != order.ID {
		t.Fatalf("customer orders: %d %s", r.Status, r.Body)
	}
	if r := h.Client.Do("GET", "/api/admin/users/nosuchuser1234/orders", nil, testapp.Auth(admin.Token)...); r.Status != 404 {
		t.Fatalf("unknown user's orders: %d %s", r.Status, r.Body)
	}
}

func setRoles(c testapp.Client, token, userID string, body any) testapp.Response {
	return c.Do("PUT", "/api/admin/users/"+userID+"/roles", body, testapp.Auth(token)...)
}

func TestAdminSetRolesRoute(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)

	r := setRoles(h.Client, admin.Token, customer.ID(), map[string]any{"roles": []string{"Admin", "Customer"}})
	var u adminUserRow
	r.JSON(t, &u)
	if r.Status != 200 || !u.IsAdmin || u.ID != customer.ID() {
		t.Fatalf("promote: %d %s", r.Status, r.Body)
	}
	// The promoted user's existing token now opens the admin routes.
	if r := h.Client.Do("GET", "/api/admin/overview", nil, testapp.Auth(customer.Token)...); r.Status != 200 {
		t.Fatalf("promoted user: %d %s", r.Status, r.Body)
	}

	r = setRoles(h.Client, admin.Token, admin.ID(), map[string]any{"roles": []string{"Customer"}})
	if m := r.Map(t); r.Status != 400 || m["code"] != "own_admin_role" {
		t.Fatalf("own role: %d %s", r.Status, r.Body)
	}
	bad := []struct {
		body any
		code string
	}{
		{map[string]any{"roles": []string{"Admin", "Owner"}}, "validation_failed"},
		{map[string]any{"roles": "Admin"}, "validation_failed"},
		{map[string]any{}, "validation_failed"},
		{`{"roles": [`, "invalid_json"},
		{"", "invalid_json"},
	}
	for _, b := range bad {
		r := setRoles(h.Client, admin.Token, customer.ID(), b.body)
		if m := r.Map(t); r.Status != 400 || m["code"] != b.code {
			t.Fatalf("body %v: %d %s", b.body, r.Status, r.Body)
		}
	}
	if r := setRoles(h.Client, admin.Token, "nosuchuser1234", map[string]any{"roles": []string{"Customer"}}); r.Status != 404 {
		t.Fatalf("unknown user: %d %s", r.Status, r.Body)
	}
	// The new admin revokes the first one; the first is now a customer (403).
	if r := setRoles(h.Client, customer.Token, admin.ID(), map[string]any{"roles": []string{"Customer"}}); r.Status != 200 {
		t.Fatalf("revoke: %d %s", r.Status, r.Body)
	}
	if r := setRoles(h.Client, admin.Token, customer.ID(), map[string]any{"roles": []string{"Customer"}}); r.Status != 403 {
		t.Fatalf("former admin: %d %s", r.Status, r.Body)
	}

	r = h.Client.Do("GET", "/api/admin/role-changes?pageSize=10", nil, testapp.Auth(customer.Token)...)
	var changes struct {
		Changes []struct {
			UserID, UserEmail, By, At string
			From, To                  []string
		} `json:"changes"`
		Pagination struct{ TotalCount int } `json:"pagination"`
	}
	r.JSON(t, &changes)
	if r.Status != 200 || changes.Pagination.TotalCount != 2 || len(changes.Changes) != 2 {
		t.Fatalf("role changes: %d %s", r.Status, r.Body)
	}
	newest, oldest := changes.Changes[0], changes.Changes[1]
	if newest.UserID != admin.ID() || newest.By != customer.Record.Email() || strings.Join(newest.From, ",") != "Customer,Admin" ||
		strings.Join(newest.To, ",") != "Customer" || oldest.UserEmail != customer.Record.Email() || oldest.By != admin.Record.Email() ||
		strings.Join(oldest.To, ",") != "Admin,Customer" || oldest.At == "" {
		t.Fatalf("changes %+v", changes.Changes)
	}
	if r := h.Client.Do("GET", "/api/admin/role-changes?page=0", nil, testapp.Auth(customer.Token)...); r.Status != 400 {
		t.Fatalf("bad page: %d %s", r.Status, r.Body)
	}
}

// The 409 at the edge: while admin A's request is in flight, admin B (the
// only other admin) demotes A. A's request, already past the guard, then
// tries to demote B and is refused, since no admin would remain.
func TestAdminSetRolesLastAdminRoute(t *testing.T) {
	app := testapp.New(t)
	a := testapp.NewUser(t, app, true)
	b := testapp.NewUser(t, app, true)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(func(e *core.RequestEvent) error {
			if e.Request.Header.Get("X-Test-Demote") != "" {
				rec, err := e.App.FindRecordById("users", e.Request.Header.Get("X-Test-Demote"))
				if err != nil {
					return err
				}
				rec.Set("roles", []string{"Customer"})
				if err := e.App.Save(rec); err != nil {
					return err
				}
			}
			return e.Next()
		})
		return se.Next()
	})
	c := testapp.Client{T: t, Handler: testapp.Server(t, app)}
	r := c.Do("PUT", "/api/admin/users/"+b.ID()+"/roles", map[string]any{"roles": []string{"Customer"}},
		"Authorization", "Bearer "+a.Token, "X-Test-Demote", a.ID())
	if m := r.Map(t); r.Status != http.StatusConflict || m["code"] != "last_admin" {
		t.Fatalf("last admin: %d %s", r.Status, r.Body)
	}
	rec, _ := app.FindRecordById("users", b.ID())
	if !strings.Contains(rec.GetString("roles"), "Admin") {
		t.Fatal("the last admin was demoted")
	}
}
