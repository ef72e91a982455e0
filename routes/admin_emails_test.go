package routes_test

import (
	"bytes"
	"testing"

	"stageshop/internal/testapp"
)

type emailListJSON struct {
	Emails []struct {
		ID, To, Subject, Kind, Language, Status, LastError, CreatedAt, SentAt string
		Attempts                                                              int
	} `json:"emails"`
	Pagination struct {
		Page, PageSize, TotalCount, TotalPages int
	} `json:"pagination"`
}

func TestAdminEmails(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	for i := 0; i < 3; i++ {
		submit(t, h.Client, contactMsg(i)) // each: the visitor's copy and the admin's notice
	}
	// One e-mail failed for good.
	rec, err := h.App.FindFirstRecordByData("emails", "kind", "contact_admin")
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("status", "failed")
	rec.Set("attempts", 13)
	rec.Set("lastError", "550 mailbox unavailable")
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}

	var all emailListJSON
	wantStatus(t, h.Client.Do("GET", "/api/admin/emails?pageSize=4&page=2", nil, auth...), 200, &all)
	if all.Pagination.TotalCount != 6 || all.Pagination.TotalPages != 2 || len(all.Emails) != 2 {
		t.Fatalf("page 2: %+v", all)
	}
	var failed emailListJSON
	wantStatus(t, h.Client.Do("GET", "/api/admin/emails?status=failed", nil, auth...), 200, &failed)
	if len(failed.Emails) != 1 || failed.Emails[0].ID != rec.Id || failed.Emails[0].Attempts != 13 ||
		failed.Emails[0].LastError != "550 mailbox unavailable" || failed.Emails[0].To != admin.Record.Email() {
		t.Fatalf("failed: %+v", failed)
	}

	var one struct {
		ID, Status, HTML, Text string
		Attempts               int
	}
	wantStatus(t, h.Client.Do("GET", "/api/admin/emails/"+rec.Id, nil, auth...), 200, &one)
	if one.HTML == "" || one.Text == "" || one.Status != "failed" {
		t.Fatalf("detail %+v", one)
	}
	wantStatus(t, h.Client.Do("POST", "/api/admin/emails/"+rec.Id+"/resend", nil, auth...), 200, &one)
	if one.Status != "queued" || one.Attempts != 0 {
		t.Fatalf("resend %+v", one)
	}
	stored, _ := h.App.FindRecordById("emails", rec.Id)
	if stored.GetString("status") != "queued" {
		t.Fatal("resend not stored")
	}
}

func TestAdminEmailsRefusals(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true).Token
	customer := testapp.NewUser(t, h.App, false).Token
	submit(t, h.Client, contactMsg(1))
	rec, err := h.App.FindFirstRecordByData("emails", "kind", "contact_received")
	if err != nil {
		t.Fatal(err)
	}
	refused := func(name, method, url, token string, status int, code string) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: method, URL: url, Token: token, ExpectedStatus: status, ExpectedCode: code,
			ExpectedRecords: map[string]int{"emails:update": 0}}
	}
	var scenarios []testapp.Scenario
	resend := "/api/admin/emails/" + rec.Id + "/resend"
	for _, r := range []struct{ method, url string }{{"GET", "/api/admin/emails"}, {"GET", "/api/admin/emails/" + rec.Id}, {"POST", resend}} {
		scenarios = append(scenarios,
			refused(r.method+" "+r.url+" signed out", r.method, r.url, "", 401, "unauthorized"),
			refused(r.method+" "+r.url+" by a customer", r.method, r.url, customer, 403, "forbidden"))
	}
	bad := refused("a bad page, page size and status", "GET", "/api/admin/emails?page=0&pageSize=101&status=bounced", admin, 400, "validation_failed")
	bad.ExpectedErrors = []string{"page", "pageSize", "status"}
	testapp.RunScenarios(t, h, append(scenarios, bad,
		refused("an unknown e-mail", "GET", "/api/admin/emails/nosuchemail12", admin, 404, "not_found"),
		refused("resending an unknown e-mail", "POST", "/api/admin/emails/nosuchemail12/resend", admin, 404, "not_found")))
}

// Issue 27, 1: an admin asks a reset for another admin and reads the
// e-mail log. Before, the preview held the link (and resend sent it again):
// the admin set the other's password and signed in as them.
func TestAdminEmailsHideResetLinks(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	other := testapp.NewUser(t, h.App, true)
	wantStatus(t, h.Client.Do("POST", "/api/auth/forgot-password", map[string]any{"email": other.Record.Email()}), 202, nil)
	token := waitResetToken(t, h, other.Record.Email()) // what the other admin received

	var list emailListJSON
	wantStatus(t, h.Client.Do("GET", "/api/admin/emails", nil, admin...), 200, &list)
	id := ""
	for _, e := range list.Emails {
		if e.Kind == "password_reset" {
			id = e.ID
		}
	}
	if id == "" {
		t.Fatalf("the reset e-mail is not listed: %+v", list)
	}
	view := h.Client.Do("GET", "/api/admin/emails/"+id, nil, admin...)
	wantStatus(t, view, 200, nil)
	if bytes.Contains(view.Body, []byte(token)) || !bytes.Contains(view.Body, []byte("token=REDACTED")) {
		t.Fatalf("the admin's view of the reset e-mail: %s", view.Body)
	}
	before := h.App.TestMailer.TotalSend()
	wantError(t, h.Client.Do("POST", "/api/admin/emails/"+id+"/resend", nil, admin...), 409, "not_resendable")
	if testapp.Deliver(t, h.App); h.App.TestMailer.TotalSend() != before {
		t.Fatal("a refused resend sent the e-mail again")
	}
	// The link the other admin got still works, once.
	body := map[string]any{"token": token, "password": "Mine12345", "confirmPassword": "Mine12345"}
	wantStatus(t, h.Client.Do("POST", "/api/auth/reset-password", body), 200, nil)
}
