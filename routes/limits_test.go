package routes_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
)

// The migration enables PocketBase's limiter with a rule per public write
// route (testapp switches it off for the other tests).
func TestRateLimitRulesFromMigration(t *testing.T) {
	app := testapp.New(t)
	if err := app.ReloadSettings(); err != nil { // undo testapp's in-memory switch
		t.Fatal(err)
	}
	if !app.Settings().RateLimits.Enabled {
		t.Error("rate limiter not enabled")
	}
	var labels []string
	for _, r := range app.Settings().RateLimits.Rules {
		labels = append(labels, r.Label)
	}
	for _, want := range []string{"POST /api/auth/login", "POST /api/auth/register", "POST /api/auth/refresh", "POST /api/contact/submit"} {
		if !slices.Contains(labels, want) {
			t.Errorf("no rate limit rule %q in %v", want, labels)
		}
	}
	if slices.Contains(labels, "/api/") {
		t.Errorf("catch-all /api/ rule kept: %v", labels)
	}
}

func TestRateLimitAnswersInEnvelope(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	updateSettings(t, h.App, func(s *core.Settings) {
		rl := &s.RateLimits
		rl.Enabled = true
		for i := range rl.Rules {
			if rl.Rules[i].Label == "POST /api/auth/login" {
				rl.Rules[i].MaxRequests, rl.Rules[i].Duration = 2, 60
			}
		}
	})
	body := map[string]string{"email": "ada@example.com", "password": "Wrong1234"}
	for i := 0; i < 2; i++ {
		wantError(t, c.Do("POST", "/api/auth/login", body), http.StatusUnauthorized, "invalid_credentials")
	}
	r := c.Do("POST", "/api/auth/login", body)
	wantError(t, r, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") != "60" {
		t.Errorf("Retry-After %q, want 60", r.Header.Get("Retry-After"))
	}
	// Other routes are not limited by that rule.
	wantError(t, c.Do("POST", "/api/auth/register", `{}`), http.StatusBadRequest, "validation_failed")
	wantError(t, c.Do("GET", "/api/auth/profile", nil), http.StatusUnauthorized, "unauthorized")
}
