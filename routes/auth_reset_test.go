package routes_test

import (
	"bytes"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/routes"
)

// waitResetToken waits for the reset e-mail to email (forgot-password works
// in the background), sends it and returns the token of the link the user
// got.
func waitResetToken(t *testing.T, h testapp.Harness, email string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		n, err := h.App.CountRecords("emails", dbx.HashExp{"kind": "password_reset", "to": email})
		if err == nil && n > 0 {
			return testapp.SentResetToken(t, h.App, email)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("no reset e-mail queued")
	return ""
}

func TestForgotAndResetPassword(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	email := u.Record.Email()

	known := c.Do("POST", "/api/auth/forgot-password", map[string]any{"email": email})
	unknown := c.Do("POST", "/api/auth/forgot-password", map[string]any{"email": "nobody@example.com"})
	if known.Status != 202 || unknown.Status != 202 || !bytes.Equal(known.Body, unknown.Body) {
		t.Fatalf("answers differ: %d %s / %d %s", known.Status, known.Body, unknown.Status, unknown.Body)
	}
	token := waitResetToken(t, h, email)

	reset := func(name string, body any, status int, code string, fields ...string) testapp.Scenario {
		sc := testapp.Scenario{Name: name, Method: "POST", URL: "/api/auth/reset-password", Body: body,
			ExpectedStatus: status, ExpectedCode: code, ExpectedErrors: fields}
		if status != 200 {
			sc.ExpectedRecords = map[string]int{"users:update": 0}
		}
		return sc
	}
	body := map[string]any{"token": token, "password": "NewSecret1", "confirmPassword": "NewSecret1"}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		reset("a weak password", map[string]any{"token": token, "password": "weak", "confirmPassword": "weak"}, 400, "validation_failed", "password"),
		reset("a confirmation that differs", map[string]any{"token": token, "password": "NewSecret1", "confirmPassword": "NewSecret2"},
			400, "validation_failed", "confirmPassword"),
		reset("a forged token", map[string]any{"token": "forged-token", "password": "NewSecret1", "confirmPassword": "NewSecret1"}, 400, "invalid_token"),
		{Name: "the e-mailed token", Method: "POST", URL: "/api/auth/reset-password", Body: body, ExpectedStatus: 200,
			ExpectedRecords: map[string]int{"users:update": 1}},
		reset("the token again: single use", body, 400, "invalid_token"),
		// The old access token is dead; the new password signs in.
		{Name: "the old access token", Method: "GET", URL: "/api/auth/profile", Token: u.Token, ExpectedStatus: 401, ExpectedCode: "*"},
		{Name: "the old password", Method: "POST", URL: "/api/auth/login", Body: map[string]any{"email": email, "password": testapp.FixturePassword},
			ExpectedStatus: 401, ExpectedCode: "invalid_credentials"},
		{Name: "the new password", Method: "POST", URL: "/api/auth/login", Body: map[string]any{"email": email, "password": "NewSecret1"},
			ExpectedStatus: 200},
	})
}

func TestForgotPasswordBadInput(t *testing.T) {
	h := testapp.NewHarness(t)
	none := map[string]int{"password_resets:create": 0, "emails:create": 0, "users:update": 0}
	call := func(name, url string, body any, code string, fields ...string) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: url, Body: body, ExpectedStatus: 400, ExpectedCode: code,
			ExpectedErrors: fields, ExpectedRecords: none}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		call("forgot: not an e-mail", "/api/auth/forgot-password", map[string]any{"email": "not-an-email"}, "validation_failed", "email"),
		call("forgot: a number", "/api/auth/forgot-password", map[string]any{"email": 5}, "validation_failed"),
		call("forgot: malformed", "/api/auth/forgot-password", "{", "invalid_json"),
		call("reset: nothing sent", "/api/auth/reset-password", map[string]any{}, "validation_failed", "token", "password"),
		call("reset: no body", "/api/auth/reset-password", nil, "invalid_json"),
	})
}

// Forgot-password takes as long for an account as for an unknown address:
// the account is looked up after the answer. Requests alternate so both
// sides share the machine's noise; the margin is a small absolute one.
func TestForgotPasswordTimingDoesNotTell(t *testing.T) {
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	const rounds = 25
	var known, unknown []time.Duration
	for i := 0; i < rounds; i++ {
		for _, email := range []string{u.Record.Email(), "nobody@example.com"} {
			start := time.Now()
			r := h.Client.Do("POST", "/api/auth/forgot-password", map[string]any{"email": email})
			d := time.Since(start)
			if r.Status != 202 {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			if email == "nobody@example.com" {
				unknown = append(unknown, d)
			} else {
				known = append(known, d)
			}
		}
	}
	waitResetToken(t, h, u.Record.Email())
	slices.Sort(known)
	slices.Sort(unknown)
	mk, mu := known[rounds/2], unknown[rounds/2]
	t.Logf("median known %v, unknown %v", mk, mu)
	if diff := (mk - mu).Abs(); diff > 2*time.Millisecond {
		t.Fatalf("medians differ by %v (known %v, unknown %v)", diff, mk, mu)
	}
}

// Issue 27, 5: a reset link asked before a password or e-mail change in
// the profile no longer works after it (before, it reset the new password:
// whoever held an old link took the account back).
func TestProfileChangeSpendsResetLinks(t *testing.T) {
	for _, change := range []string{"password", "email"} {
		t.Run(change, func(t *testing.T) {
			h := testapp.NewHarness(t)
			c := h.Client
			u := testapp.NewUser(t, h.App, false)
			wantStatus(t, c.Do("POST", "/api/auth/forgot-password", map[string]any{"email": u.Record.Email()}), 202, nil)
			token := waitResetToken(t, h, u.Record.Email())
			body := map[string]any{"firstName": "Ada", "lastName": "L", "email": u.Record.Email(), "currentPassword": testapp.FixturePassword}
			if change == "password" {
				body["newPassword"], body["confirmPassword"] = "Changed123", "Changed123"
			} else {
				body["email"] = "moved." + u.Record.Email()
			}
			wantStatus(t, c.Do("PUT", "/api/auth/profile", body, testapp.Auth(u.Token)...), 200, nil)
			reset := map[string]any{"token": token, "password": "Thief1234", "confirmPassword": "Thief1234"}
			wantError(t, c.Do("POST", "/api/auth/reset-password", reset), 400, "invalid_token")
		})
	}
}

// flushLog records, in order, when the answer was flushed to the client
// and when the background work created the reset token.
type flushLog struct {
	*httptest.ResponseRecorder
	mu     sync.Mutex
	events []string
}

func (w *flushLog) Flush() {
	w.note("answer flushed")
	w.ResponseRecorder.Flush()
}

func (w *flushLog) note(s string) {
	w.mu.Lock()
	w.events = append(w.events, s)
	w.mu.Unlock()
}

// Issue 27, 10: forgot-password answered about 0.4 ms later for known
// e-mails. The account is looked up only after the answer has been written
// and flushed, so nothing of that work can run before the client has it.
func TestForgotPasswordLooksUpAfterAnswering(t *testing.T) {
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	w := &flushLog{ResponseRecorder: httptest.NewRecorder()}
	created := make(chan struct{})
	h.App.OnRecordCreate("password_resets").BindFunc(func(e *core.RecordEvent) error {
		w.note("token created")
		close(created)
		return e.Next()
	})
	req := httptest.NewRequest("POST", "/api/auth/forgot-password", strings.NewReader(`{"email":"`+u.Record.Email()+`"}`))
	req.Header.Set("Content-Type", "application/json")
	h.Client.Handler.ServeHTTP(w, req)
	select {
	case <-created:
	case <-time.After(10 * time.Second):
		t.Fatal("no reset token was created")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.Code != 202 || len(w.events) != 2 || w.events[0] != "answer flushed" {
		t.Fatalf("status %d; order of events %v, want the answer flushed before the token is made", w.Code, w.events)
	}
}

// Issue 43 item 10: the look-up after the answer still ran at once and
// slowed the client's next request when the account existed (z = 6 on
// loopback). Now forgot-password only queues the address; the queue's
// worker looks it up at its own times, with every address of its pass:
// nothing happens on or right after the request, known account or not.
func TestForgotPasswordLooksUpOffTheRequestPath(t *testing.T) {
	defer routes.SetResetEvery(time.Hour)()
	h := testapp.NewHarness(t)
	u := testapp.NewUser(t, h.App, false)
	for _, email := range []string{u.Record.Email(), "nobody@example.com"} {
		wantStatus(t, h.Client.Do("POST", "/api/auth/forgot-password", map[string]any{"email": email}), 202, nil)
	}
	// The next requests run while the worker waits: no token, no e-mail yet.
	for range 5 {
		wantStatus(t, h.Client.Do("GET", "/api/products", nil), 200, nil)
	}
	time.Sleep(300 * time.Millisecond)
	if n := testapp.Count(t, h.App, "password_resets"); n != 0 {
		t.Fatalf("%d reset tokens made right after the request, want none before the queue's pass", n)
	}
	routes.ResetPassNow(h.App)
	token := waitResetToken(t, h, u.Record.Email())
	if token == "" || testapp.Count(t, h.App, "password_resets") != 1 {
		t.Fatal("the queue's pass made no token for the known account (or one for the unknown)")
	}
}
