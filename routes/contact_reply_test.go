package routes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"stageshop/internal/testapp"
	"stageshop/shop/mail"
	"stageshop/shop/site"
)

type replyJSON struct {
	contactJSON
	Replies []struct {
		Message   string `json:"message"`
		AdminName string `json:"adminName"`
		CreatedAt string `json:"createdAt"`
	} `json:"replies"`
}

// emailsTo counts the outbox's e-mails of kind to an address.
func emailsTo(t *testing.T, h testapp.Harness, kind, to string) int {
	t.Helper()
	n, err := h.App.CountRecords("emails", dbx.HashExp{"kind": kind, "to": to})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestContactReply(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	id := submit(t, h.Client, map[string]any{"name": "Vera", "email": "vera@example.com", "subject": "Trusses",
		"message": "Do you rent trusses?", "language": "ru"})
	if emailsTo(t, h, "contact_received", "vera@example.com") != 1 || emailsTo(t, h, "contact_admin", admin.Record.Email()) != 1 {
		t.Fatal("submit did not queue the visitor's copy and the admin's notice")
	}
	path := "/api/contact/admin/requests/" + id + "/reply"
	r := h.Client.Do("POST", path, map[string]any{"message": "  Yes, we do.  "}, testapp.Auth(admin.Token)...)
	if r.Status != 201 {
		t.Fatalf("reply: %d %s", r.Status, r.Body)
	}
	var got replyJSON
	r.JSON(t, &got)
	if got.ID != id || len(got.Replies) != 1 || got.Replies[0].Message != "Yes, we do." ||
		got.Replies[0].AdminName != "Test "+admin.Record.GetString("lastName") || got.Replies[0].CreatedAt == "" {
		t.Fatalf("answer %+v", got)
	}
	rec, err := h.App.FindFirstRecordByData("emails", "kind", "contact_reply")
	if err != nil {
		t.Fatal(err)
	}
	sent, err := mail.Get(h.App, rec.Id)
	if err != nil {
		t.Fatal(err)
	}
	if sent.To != "vera@example.com" || sent.Language != "ru" || !strings.Contains(sent.Text, "Yes, we do.") {
		t.Fatalf("reply e-mail to %s in %s:\n%s", sent.To, sent.Language, sent.Text)
	}
	// The list shows the replies too (the admin's dialog).
	r = h.Client.Do("GET", "/api/contact/admin/requests", nil, testapp.Auth(admin.Token)...)
	var page struct {
		Requests []replyJSON `json:"requests"`
	}
	r.JSON(t, &page)
	if len(page.Requests) != 1 || len(page.Requests[0].Replies) != 1 {
		t.Fatalf("list %s", r.Body)
	}
}

func TestContactReplyRefusals(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	customer := testapp.NewUser(t, h.App, false)
	id := submit(t, h.Client, contactMsg(1))
	path := "/api/contact/admin/requests/" + id + "/reply"
	none := map[string]int{"contact_replies:create": 0, "emails:create": 0, "contact_requests:update": 0}
	reply := func(name, url string, body any, token string, status int, code string, fields ...string) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: url, Body: body, Token: token, ExpectedStatus: status,
			ExpectedCode: code, ExpectedErrors: fields, ExpectedRecords: none}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		reply("signed out", path, map[string]any{"message": "hi"}, "", 401, "unauthorized"),
		reply("not an admin", path, map[string]any{"message": "hi"}, customer.Token, 403, "forbidden"),
		reply("empty", path, map[string]any{"message": "   "}, admin.Token, 400, "validation_failed", "message"),
		reply("too long", path, map[string]any{"message": strings.Repeat("x", 5001)}, admin.Token, 400, "validation_failed", "message"),
		reply("wrong type", path, map[string]any{"message": 5}, admin.Token, 400, "validation_failed", "message"),
		reply("no body", path, nil, admin.Token, 400, "invalid_json"),
		reply("unknown request", "/api/contact/admin/requests/nosuchrequest1/reply", map[string]any{"message": "hi"}, admin.Token, 404, "not_found"),
	})
	if n := testapp.Count(t, h.App, "contact_replies"); n != 0 {
		t.Fatalf("refused replies stored %d", n)
	}
	if emailsTo(t, h, "contact_reply", "v@example.com") != 0 {
		t.Fatal("a refused reply was e-mailed")
	}
}

// Without a language in the body, the visitor's language is the app's
// cookie or the browser's.
func TestContactLanguageFromRequest(t *testing.T) {
	h := testapp.NewHarness(t)
	r := h.Client.Do("POST", "/api/contact/submit", contactMsg(1), "Accept-Language", "zh-CN,zh;q=0.9")
	if r.Status != 201 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	rec, err := h.App.FindFirstRecordByData("emails", "kind", "contact_received")
	if err != nil || rec.GetString("language") != "zh" {
		t.Fatalf("language %q, %v", rec.GetString("language"), err)
	}
}

// A reply moves a new request to In progress, and the e-mail it sends
// names the shop and answers to the shop's contact address (Reply-To).
func TestContactReplyMovesToInProgressWithReplyTo(t *testing.T) {
	h := testapp.NewHarness(t)
	admin := testapp.NewUser(t, h.App, true)
	d, _ := site.LoadStoreDetails(h.App)
	in := site.StoreInput{Name: "Rig & Roll", Email: "desk@rigandroll.example", Social: d.Social}
	in.Hero.Title = []byte(`{"en":"Gear"}`)
	if _, err := site.SaveStoreDetails(h.App, in); err != nil {
		t.Fatal(err)
	}
	id := submit(t, h.Client, map[string]any{"name": "Vera", "email": "vera@example.com", "subject": "Trusses", "message": "Rent?"})
	r := h.Client.Do("POST", "/api/contact/admin/requests/"+id+"/reply", map[string]any{"message": "Yes."}, testapp.Auth(admin.Token)...)
	var got replyJSON
	wantStatus(t, r, 201, &got)
	if got.Status != "InProgress" {
		t.Fatalf("status after the reply: %s", got.Status)
	}
	rec, err := h.App.FindFirstRecordByData("emails", "kind", "contact_reply")
	if err != nil {
		t.Fatal(err)
	}
	testapp.UpdateSettings(t, h.App, func(s *core.Settings) { s.SMTP.Enabled, s.SMTP.Host = true, "smtp.invalid" })
	w, err := mail.NewWorker(h.App)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.SendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The app's own outbox worker, woken by the settings change, may hold
	// the reply (SendDue leaves it to that worker): wait until it is sent.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		fresh, err := h.App.FindRecordById("emails", rec.Id)
		if err != nil {
			t.Fatal(err)
		}
		if fresh.GetString("status") != mail.StatusQueued || time.Now().After(deadline) {
			break
		}
	}
	var sent *mailer.Message
	for _, m := range h.App.TestMailer.Messages() {
		if m.To[0].Address == "vera@example.com" && strings.Contains(m.Text, "Yes.") {
			sent = m
		}
	}
	// The visitor's answer reaches the shop's contact address: through
	// Reply-To, or through From itself when the shop sends from that
	// address (then a Reply-To would only repeat it).
	if sent == nil || repliesGoTo(sent) != "desk@rigandroll.example" || !strings.Contains(sent.Text, "Rig & Roll") {
		for _, m := range h.App.TestMailer.Messages() {
			t.Logf("sent to %v: %q", m.To, m.Text[:min(len(m.Text), 200)])
		}
		t.Fatalf("reply e-mail %v (outbox %s)", sent, rec.Id)
	}
	// A later reply leaves a resolved request resolved.
	wantStatus(t, h.Client.Do("PUT", "/api/contact/admin/requests/"+id+"/status", map[string]any{"status": "Resolved"}, testapp.Auth(admin.Token)...), 200, nil)
	r = h.Client.Do("POST", "/api/contact/admin/requests/"+id+"/reply", map[string]any{"message": "One more thing."}, testapp.Auth(admin.Token)...)
	wantStatus(t, r, 201, &got)
	if got.Status != "Resolved" {
		t.Errorf("a follow-up reopened the request: %s", got.Status)
	}
}

// repliesGoTo is where a mail client sends the answer to m.
func repliesGoTo(m *mailer.Message) string {
	if to := m.Headers["Reply-To"]; to != "" {
		return strings.Trim(to, "<>")
	}
	return m.From.Address
}
