package routes_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// PocketBase's own auth routes of the users collection are closed, by
// collection name and by id: the shop's login is the only way in, and no
// PocketBase default e-mail goes out. The dashboard's superusers keep
// theirs, with PocketBase's per-IP limit.
func TestUsersSideDoorsClosed(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	s := login(t, c, "ada@example.com", testPassword)
	users, err := h.App.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	creds := map[string]string{"identity": "ada@example.com", "password": testPassword, "email": "ada@example.com"}
	for _, col := range []string{"users", users.Id} {
		for _, action := range []string{"auth-with-password", "auth-refresh", "auth-with-oauth2", "request-otp", "auth-with-otp",
			"request-password-reset", "confirm-password-reset", "request-verification", "confirm-verification",
			"request-email-change", "confirm-email-change"} {
			r := c.Do("POST", "/api/collections/"+col+"/"+action, creds, testapp.Auth(s.Token)...)
			if r.Status != http.StatusNotFound {
				t.Errorf("%s %s: %d %s, want 404", col, action, r.Status, r.Body)
			}
		}
	}
	wantStatus(t, c.Do("GET", "/api/collections/users/auth-methods", nil), http.StatusOK, nil)

	su := newSuperuser(t, h.App)
	body := map[string]string{"identity": su, "password": "Secret1234"}
	wantStatus(t, c.Do("POST", "/api/collections/_superusers/auth-with-password", body), http.StatusOK, nil)
}

func newSuperuser(t *testing.T, app core.App) string {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.SetEmail("root@example.com")
	rec.SetPassword("Secret1234")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec.Email()
}

// Every PocketBase auth route that stays open has a per-IP limit (the
// shop's first rate-limit migration dropped PocketBase's catch-all rules).
func TestOpenAuthRoutesRateLimited(t *testing.T) {
	h := newLimitedHarness(t)
	c := h.Client
	var labels []string
	for _, r := range h.App.Settings().RateLimits.Rules {
		labels = append(labels, r.Label)
	}
	for _, want := range []string{"*:auth", "*:authRefresh", "*:listAuthMethods", "*:requestOTP", "*:requestPasswordReset",
		"*:confirmPasswordReset", "*:requestVerification", "*:confirmVerification", "*:requestEmailChange",
		"*:confirmEmailChange", "PUT /api/auth/profile"} {
		if !slices.Contains(labels, want) {
			t.Errorf("no rate limit rule %q in %v", want, labels)
		}
	}
	newSuperuser(t, h.App)
	body := map[string]string{"email": "root@example.com"}
	statuses := []int{}
	for range 6 {
		statuses = append(statuses, c.Do("POST", "/api/collections/_superusers/request-password-reset", body).Status)
	}
	if statuses[4] != http.StatusNoContent || statuses[5] != http.StatusTooManyRequests {
		t.Fatalf("superuser password-reset requests answered %v, want 5 x 204 then 429", statuses)
	}
}
