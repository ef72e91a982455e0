package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// Changing the e-mail needs the current password, which is checked before
// anything is said about the new address (a stolen access token cannot
// probe which e-mails have accounts), ends every other session, refresh
// tokens too, and hands the caller a fresh pair.
func TestEmailChange(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	register(t, c, "bob@example.com")
	here := login(t, c, "ada@example.com", testPassword)
	there := login(t, c, "ada@example.com", testPassword)
	change := func(email, password string) testapp.Response {
		return c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "Ada", "lastName": "L", "email": email,
			"currentPassword": password}, testapp.Auth(here.Token)...)
	}

	wantFields(t, wantError(t, change("new@example.com", ""), http.StatusBadRequest, "validation_failed"), "currentPassword")
	wantFields(t, wantError(t, change("new@example.com", "Wrong1234"), http.StatusBadRequest, "validation_failed"), "currentPassword")
	// A taken address with a wrong password looks like a free one.
	wantFields(t, wantError(t, change("bob@example.com", "Wrong1234"), http.StatusBadRequest, "validation_failed"), "currentPassword")
	wantError(t, change("bob@example.com", testPassword), http.StatusConflict, "email_taken")
	if s := profileStatus(c, there.Token); s != http.StatusOK {
		t.Fatalf("refused changes ended a session: %d", s)
	}

	var out struct {
		User         apiUser
		Token        string
		RefreshToken string
	}
	wantStatus(t, change("new@example.com", testPassword), http.StatusOK, &out)
	if out.User.Email != "new@example.com" || out.Token == "" || out.RefreshToken == "" {
		t.Fatalf("answer %+v", out)
	}
	for _, tok := range []string{here.Token, there.Token} {
		if s := profileStatus(c, tok); s != http.StatusUnauthorized {
			t.Fatalf("old access token after the change: %d, want 401", s)
		}
	}
	for _, rt := range []string{here.RefreshToken, there.RefreshToken} {
		wantError(t, refresh(c, rt), http.StatusUnauthorized, "invalid_refresh_token")
	}
	if s := profileStatus(c, out.Token); s != http.StatusOK {
		t.Fatalf("fresh token: %d", s)
	}
	wantStatus(t, refresh(c, out.RefreshToken), http.StatusOK, nil)

	// Names alone need no password and end nothing.
	var upd struct{ Token string }
	wantStatus(t, c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "Augusta", "lastName": "L", "email": "new@example.com"},
		testapp.Auth(out.Token)...), http.StatusOK, &upd)
	if upd.Token != "" {
		t.Fatal("a name change handed out a new token")
	}
}

// The profile update checks a password, so it is limited per IP like the
// login: probing addresses or guessing passwords with a stolen token stops
// after ten tries a minute.
func TestProfileUpdateRateLimited(t *testing.T) {
	h := newLimitedHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	s := login(t, c, "ada@example.com", testPassword)
	body := map[string]any{"firstName": "Ada", "lastName": "L", "email": "x@example.com", "currentPassword": "Wrong1234"}
	for i := 0; i < 10; i++ {
		wantError(t, c.Do("PUT", "/api/auth/profile", body, testapp.Auth(s.Token)...), http.StatusBadRequest, "validation_failed")
	}
	wantError(t, c.Do("PUT", "/api/auth/profile", body, testapp.Auth(s.Token)...), http.StatusTooManyRequests, "rate_limited")
}
