package routes_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop/mail"
)

type contactJSON struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Email      string `json:"email"`
	Subject    string `json:"subject"`
	Message    string `json:"message"`
	Status     string `json:"status"`
	AdminNotes string `json:"adminNotes"`
	CreatedAt  string `json:"createdAt"`
	UpdatedAt  string `json:"updatedAt"`
}

type contactPageJSON struct {
	Requests   []contactJSON `json:"requests"`
	Pagination struct {
		Page       int `json:"page"`
		PageSize   int `json:"pageSize"`
		TotalCount int `json:"totalCount"`
		TotalPages int `json:"totalPages"`
	} `json:"pagination"`
}

func contactMsg(i int) map[string]any {
	return map[string]any{"name": fmt.Sprintf("Visitor %d", i), "email": "v@example.com", "subject": "Hello", "message": "Do you rent fog machines?"}
}

func submit(t *testing.T, c testapp.Client, body any) string {
	t.Helper()
	r := c.Do("POST", "/api/contact/submit", body)
	if r.Status != 201 {
		t.Fatalf("submit: %d %s", r.Status, r.Body)
	}
	m := r.Map(t)
	if m["message"] != "Message sent successfully!" || m["id"] == "" {
		t.Fatalf("submit answer %v", m)
	}
	return m["id"].(string)
}

func TestContactSubmit(t *testing.T) {
	h := testapp.NewHarness(t)
	id := submit(t, h.Client, map[string]any{"name": "  Ada  ", "email": " Ada@Example.COM ", "subject": " Rental ", "message": "\n Hi there \n"})
	rec, err := h.App.FindRecordById("contact_requests", id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.GetString("name") != "Ada" || rec.GetString("email") != "ada@example.com" || rec.GetString("subject") != "Rental" ||
		rec.GetString("message") != "Hi there" || rec.GetString("status") != "New" {
		t.Fatalf("stored %v", rec.FieldsData())
	}
	// Limits are inclusive.
	submit(t, h.Client, map[string]any{"name": strings.Repeat("n", 200), "email": "a@b.co", "subject": strings.Repeat("s", 200), "message": strings.Repeat("m", 5000)})
}

func TestContactSubmitValidation(t *testing.T) {
	h := testapp.NewHarness(t)
	with := func(k string, v any) map[string]any {
		m := contactMsg(1)
		m[k] = v
		return m
	}
	none := map[string]int{"contact_requests:create": 0, "emails:create": 0}
	var scenarios []testapp.Scenario
	for _, tc := range []struct {
		name  string
		body  any
		field string
		msg   string
	}{
		{"no name", with("name", "   "), "name", "This field is required"},
		{"no subject", with("subject", ""), "subject", "This field is required"},
		{"no message", with("message", " \n "), "message", "This field is required"},
		{"no email", with("email", ""), "email", "Please enter a valid email address"},
		{"bad email", with("email", "not-an-email"), "email", "Please enter a valid email address"},
		{"long name", with("name", strings.Repeat("n", 201)), "name", "Must be at most 200 characters"},
		{"long subject", with("subject", strings.Repeat("s", 201)), "subject", "Must be at most 200 characters"},
		{"long message", with("message", strings.Repeat("m", 5001)), "message", "Must be at most 5000 characters"},
		{"name number", with("name", 5), "name", ""},
	} {
		sc := testapp.Scenario{Name: tc.name, Method: "POST", URL: "/api/contact/submit", Body: tc.body,
			ExpectedStatus: 400, ExpectedCode: "validation_failed", ExpectedRecords: none, ExpectedContent: []string{`"` + tc.field + `":"` + tc.msg}}
		scenarios = append(scenarios, sc)
	}
	testapp.RunScenarios(t, h, append(scenarios,
		testapp.Scenario{Name: "every missing field at once", Method: "POST", URL: "/api/contact/submit", Body: map[string]any{},
			ExpectedStatus: 400, ExpectedCode: "validation_failed", ExpectedErrors: []string{"name", "email", "subject", "message"}, ExpectedRecords: none},
		testapp.Scenario{Name: "malformed", Method: "POST", URL: "/api/contact/submit", Body: `{"name":`, ExpectedStatus: 400, ExpectedCode: "invalid_json"},
		testapp.Scenario{Name: "empty", Method: "POST", URL: "/api/contact/submit", Body: "", ExpectedStatus: 400, ExpectedCode: "invalid_json"},
		testapp.Scenario{Name: "over 1 MiB", Method: "POST", URL: "/api/contact/submit", Body: `{"message":"` + strings.Repeat("m", 1<<20) + `"}`,
			ExpectedStatus: 413, ExpectedCode: "body_too_large"},
	))
	if n := testapp.Count(t, h.App, "contact_requests"); n != 0 {
		t.Fatalf("%d requests stored from bad input", n)
	}
}

// listContacts reads a page of the admin's contact requests.
func listContacts(t *testing.T, c testapp.Client, auth []string, query string) contactPageJSON {
	t.Helper()
	r := c.Do("GET", "/api/contact/admin/requests"+query, nil, auth...)
	if r.Status != 200 {
		t.Fatalf("list %s: %d %s", query, r.Status, r.Body)
	}
	var p contactPageJSON
	r.JSON(t, &p)
	return p
}

func TestContactAdminListPagingAndFilter(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	var ids []string
	for i := 0; i < 12; i++ {
		ids = append(ids, submit(t, c, contactMsg(i)))
	}
	for _, id := range ids[:3] {
		if r := c.Do("PUT", "/api/contact/admin/requests/"+id+"/status", map[string]any{"status": "Resolved"}, auth...); r.Status != 200 {
			t.Fatalf("status: %d %s", r.Status, r.Body)
		}
	}

	list := func(query string) contactPageJSON { t.Helper(); return listContacts(t, c, auth, query) }
	p := list("")
	if p.Pagination.Page != 1 || p.Pagination.PageSize != 10 || p.Pagination.TotalCount != 12 || p.Pagination.TotalPages != 2 || len(p.Requests) != 10 {
		t.Fatalf("default page: %+v (%d)", p.Pagination, len(p.Requests))
	}
	if p.Requests[0].ID != ids[11] || p.Requests[9].ID != ids[2] {
		t.Fatal("not newest first")
	}
	first := p.Requests[0]
	if first.Name != "Visitor 11" || first.Status != "New" || first.CreatedAt == "" || first.UpdatedAt == "" || first.Email != "v@example.com" {
		t.Fatalf("request = %+v", first)
	}
	p = list("?page=3&pageSize=5")
	if len(p.Requests) != 2 || p.Pagination.TotalPages != 3 || p.Requests[1].ID != ids[0] {
		t.Fatalf("page 3: %+v", p)
	}
	p = list("?page=9&pageSize=50")
	if len(p.Requests) != 0 || p.Requests == nil || p.Pagination.TotalCount != 12 {
		t.Fatalf("past the end: %+v", p)
	}
	p = list("?status=Resolved")
	if p.Pagination.TotalCount != 3 || len(p.Requests) != 3 || p.Requests[0].ID != ids[2] {
		t.Fatalf("filter: %+v", p)
	}
	for _, r := range p.Requests {
		if r.Status != "Resolved" {
			t.Fatalf("filter let %s through", r.Status)
		}
	}
	if p = list("?status=Closed"); p.Pagination.TotalCount != 0 || p.Pagination.TotalPages != 0 {
		t.Fatalf("empty filter: %+v", p.Pagination)
	}

	for _, bad := range []string{"?page=0", "?page=-1", "?page=abc", "?page=1.5", "?pageSize=7", "?pageSize=100", "?pageSize=x", "?status=Bogus", "?status=new", "?page=99999999999999999999"} {
		expectErr(t, c.Do("GET", "/api/contact/admin/requests"+bad, nil, auth...), 400, "validation_failed")
	}
}

func TestContactAdminStats(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	r := c.Do("GET", "/api/contact/admin/stats", nil, auth...)
	if r.Status != 200 || strings.TrimSpace(string(r.Body)) != `{"totalRequests":0,"newRequests":0,"inProgressRequests":0,"resolvedRequests":0}` {
		t.Fatalf("empty stats: %d %s", r.Status, r.Body)
	}
	statuses := []string{"New", "New", "InProgress", "Resolved", "Resolved", "Resolved", "Closed"}
	for i, s := range statuses {
		id := submit(t, c, contactMsg(i))
		if s != "New" {
			if r := c.Do("PUT", "/api/contact/admin/requests/"+id+"/status", map[string]any{"status": s}, auth...); r.Status != 200 {
				t.Fatalf("status: %d", r.Status)
			}
		}
	}
	var got map[string]int
	c.Do("GET", "/api/contact/admin/stats", nil, auth...).JSON(t, &got)
	want := map[string]int{"totalRequests": 7, "newRequests": 2, "inProgressRequests": 1, "resolvedRequests": 3}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("stats %v, want %v", got, want)
		}
	}
}

func TestContactAdminStatusAndDelete(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	id := submit(t, c, contactMsg(1))
	url := "/api/contact/admin/requests/" + id + "/status"

	var got contactJSON
	r := c.Do("PUT", url, map[string]any{"status": "InProgress", "adminNotes": "  Called back  "}, auth...)
	r.JSON(t, &got)
	if r.Status != 200 || got.ID != id || got.Status != "InProgress" || got.AdminNotes != "Called back" || got.Name != "Visitor 1" {
		t.Fatalf("update: %d %s", r.Status, r.Body)
	}
	// Without adminNotes the notes stay.
	r = c.Do("PUT", url, map[string]any{"status": "Resolved"}, auth...)
	r.JSON(t, &got)
	if got.Status != "Resolved" || got.AdminNotes != "Called back" {
		t.Fatalf("notes lost: %+v", got)
	}
	for _, bad := range []any{
		map[string]any{"status": "Done"}, map[string]any{}, `{"status":1}`, `{"status":"Closed","adminNotes":7}`,
		map[string]any{"status": "Closed", "adminNotes": strings.Repeat("x", 5001)}, `{"status":`,
	} {
		r := c.Do("PUT", url, bad, auth...)
		if r.Status != 400 {
			t.Fatalf("bad %v: %d %s", bad, r.Status, r.Body)
		}
	}
	rec, _ := h.App.FindRecordById("contact_requests", id)
	if rec.GetString("status") != "Resolved" || rec.GetString("adminNotes") != "Called back" {
		t.Fatal("bad input changed the request")
	}
	expectErr(t, c.Do("PUT", "/api/contact/admin/requests/nosuchrequest1/status", map[string]any{"status": "Closed"}, auth...), 404, "not_found")

	r = c.Do("DELETE", "/api/contact/admin/requests/"+id, nil, auth...)
	if r.Status != 200 || r.Map(t)["message"] == "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	if testapp.Count(t, h.App, "contact_requests") != 0 {
		t.Fatal("not deleted")
	}
	expectErr(t, c.Do("DELETE", "/api/contact/admin/requests/"+id, nil, auth...), 404, "not_found")
}

func TestContactAdminRoutesNeedAnAdmin(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	customer := testapp.NewUser(t, h.App, false)
	id := submit(t, c, contactMsg(1))
	routes := []struct {
		method, url string
		body        any
	}{
		{"GET", "/api/contact/admin/requests", nil},
		{"GET", "/api/contact/admin/stats", nil},
		{"PUT", "/api/contact/admin/requests/" + id + "/status", map[string]any{"status": "Closed", "adminNotes": "x"}},
		{"DELETE", "/api/contact/admin/requests/" + id, nil},
	}
	for _, rt := range routes {
		expectErr(t, c.Do(rt.method, rt.url, rt.body), 401, "unauthorized")
		expectErr(t, c.Do(rt.method, rt.url, rt.body, "Authorization", "Bearer garbage"), 401, "unauthorized")
		expectErr(t, c.Do(rt.method, rt.url, rt.body, testapp.Auth(customer.Token)...), 403, "forbidden")
	}
	rec, err := h.App.FindRecordById("contact_requests", id)
	if err != nil || rec.GetString("status") != "New" || rec.GetString("adminNotes") != "" {
		t.Fatal("a refused request changed the record")
	}
}

// Issue 27, 6: the contact form relayed attacker text to any address (the
// copy quoted subject and message, links included, from the shop's
// sender, as often as the per-IP limit allowed). Now the copy says only
// that the message arrived and when to expect an answer, and one address
// gets at most three a day; the requests are still stored and notified.
func TestContactCopyRelaysNothing(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	for i := 0; i < 5; i++ {
		submit(t, h.Client, map[string]any{"name": "Prize desk http://evil.example", "email": "Victim@Third.example",
			"subject": "You won: http://evil.example/claim", "message": fmt.Sprintf("Claim at http://evil.example/win?%d", i)})
	}
	if n := testapp.Count(t, h.App, "contact_requests"); n != 5 {
		t.Fatalf("%d requests stored, want 5", n)
	}
	if n := emailsTo(t, h, "contact_admin", admin.Record.Email()); n != 5 {
		t.Fatalf("%d notices to the admin, want 5", n)
	}
	copies, err := h.App.FindAllRecords("emails", dbx.HashExp{"kind": "contact_received", "to": "victim@third.example"})
	if err != nil {
		t.Fatal(err)
	}
	if len(copies) != 3 {
		t.Fatalf("%d copies to the address, want 3", len(copies))
	}
	for _, rec := range copies {
		m, err := mail.Get(h.App, rec.Id)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.Subject+m.HTML+m.Text, "evil.example") || !strings.Contains(m.Text, "within 24 hours") {
			t.Fatalf("the copy:\n%s\n%s", m.Subject, m.Text)
		}
	}
}
