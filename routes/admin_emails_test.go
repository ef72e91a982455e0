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
	admin := testapp.Auth(testapp.NewUser(t, h.App, true).Token)
	customer := testapp.Auth(testapp.NewUser(t, h.App, false).Token)
	submit(t, h.Client, contactMsg(1))
	rec, err := h.App.FindFirstRecordByData("emails", "kind", "contact_received")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/admin/emails", "/api/admin/emails/" + rec.Id} {
		wantError(t, h.Client.Do("GET", path, nil), 401, "unauthorized")
		wantError(t, h.Client.Do("GET", path, nil, customer...), 403, "forbidden")
	}
	resend := "/api/admin/emails/" + rec.Id + "/resend"
	wantError(t, h.Client.Do("POST", resend, nil), 401, "unauthorized")
	wantError(t, h.Client.Do("POST", resend, nil, customer...), 403, "forbidden")
	wantFields(t, wantError(t, h.Client.Do("GET", "/api/admin/emails?page=0&pageSize=101&status=bounced", nil, admin...), 400, "validation_failed"),
		"page", "pageSize", "status")
	wantError(t, h.Client.Do("GET", "/api/admin/emails/nosuchemail12", nil, admin...), 404, "not_found")
	wantError(t, h.Client.Do("POST", "/api/admin/emails/nosuchemail12/resend", nil, admin...), 404, "not_found")
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
