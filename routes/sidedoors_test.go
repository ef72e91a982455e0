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
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	s := login(t, c, "ada@example.com", testPassword)
	users, err := h.App.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	creds := map[string]string{"identity": "ada@example.com", "password": testPassword, "email": "ada@example.com"}
	var scenarios []testapp.Scenario
	for _, col := range []string{"users", users.Id} {
		for _, action := range []string{"auth-with-password", "auth-refresh", "auth-with-oauth2", "request-otp", "auth-with-otp",
			"request-password-reset", "confirm-password-reset", "request-verification", "confirm-verification",
			"request-email-change", "confirm-email-change"} {
			scenarios = append(scenarios, testapp.Scenario{Name: col + " " + action, Method: "POST", URL: "/api/collections/" + col + "/" + action,
				Body: creds, Token: s.Token, ExpectedStatus: http.StatusNotFound,
				ExpectedRecords: map[string]int{"users:update": 0, "_otps:create": 0, "emails:create": 0}})
		}
	}
	testapp.RunScenarios(t, h, append(scenarios,
		testapp.Scenario{Name: "the auth methods stay readable", Method: "GET", URL: "/api/collections/users/auth-methods", ExpectedStatus: http.StatusOK},
		testapp.Scenario{Name: "a dashboard superuser signs in", Method: "POST", URL: "/api/collections/_superusers/auth-with-password",
			Before: func(t testing.TB, sc *testapp.Scenario) {
				sc.Body = map[string]string{"identity": newSuperuser(t, h.App), "password": "Secret1234"}
			}, ExpectedStatus: http.StatusOK},
	))
}

func newSuperuser(t testing.TB, app core.App) string {
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
