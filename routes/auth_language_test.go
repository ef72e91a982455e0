package routes_test

import (
	"testing"

	"stageshop/internal/testapp"
)

// stored reads a user's language from the database.
func storedLanguage(t *testing.T, h testapp.Harness, email string) string {
	t.Helper()
	u, err := h.App.FindAuthRecordByEmail("users", email)
	if err != nil {
		t.Fatal(err)
	}
	return u.GetString("language")
}

// Register, login and profile keep the app's language on the user: the
// language of the shop's e-mails.
func TestUserLanguage(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	body := map[string]any{"email": "lang@example.com", "password": "Secret123", "confirmPassword": "Secret123",
		"firstName": "Li", "lastName": "Wei", "language": "xx"}
	wantFields(t, wantError(t, c.Do("POST", "/api/auth/register", body), 400, "validation_failed"), "language")
	if n := testapp.Count(t, h.App, "users"); n != 0 {
		t.Fatalf("refused registration stored %d users", n)
	}
	body["language"] = "zh"
	var reg struct {
		User struct {
			Language string `json:"language"`
		} `json:"user"`
	}
	wantStatus(t, c.Do("POST", "/api/auth/register", body), 201, &reg)
	if reg.User.Language != "zh" || storedLanguage(t, h, "lang@example.com") != "zh" {
		t.Fatalf("registered with %q", reg.User.Language)
	}

	var login struct {
		Token    string `json:"token"`
		Language string `json:"language"`
	}
	wantStatus(t, c.Do("POST", "/api/auth/login", map[string]any{"email": "lang@example.com", "password": "Secret123", "language": "ru"}), 200, &login)
	if login.Language != "ru" || storedLanguage(t, h, "lang@example.com") != "ru" {
		t.Fatalf("login answered %q", login.Language)
	}
	// An unknown language at login is ignored rather than refusing the sign-in.
	wantStatus(t, c.Do("POST", "/api/auth/login", map[string]any{"email": "lang@example.com", "password": "Secret123", "language": "xx"}), 200, nil)
	if storedLanguage(t, h, "lang@example.com") != "ru" {
		t.Fatal("an unknown language replaced the stored one")
	}

	profile := map[string]any{"firstName": "Li", "lastName": "Wei", "email": "lang@example.com", "language": "de"}
	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", profile, testapp.Auth(login.Token)...), 400, "validation_failed"), "language")
	profile["language"] = "en"
	wantStatus(t, c.Do("PUT", "/api/auth/profile", profile, testapp.Auth(login.Token)...), 200, nil)
	if storedLanguage(t, h, "lang@example.com") != "en" {
		t.Fatal("profile did not store the language")
	}
	delete(profile, "language") // not sent: kept
	wantStatus(t, c.Do("PUT", "/api/auth/profile", profile, testapp.Auth(login.Token)...), 200, nil)
	if storedLanguage(t, h, "lang@example.com") != "en" {
		t.Fatal("a profile update without language changed it")
	}
}
