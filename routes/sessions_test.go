package routes_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop/account"
)

// pastGrace moves a rotated refresh token's use back beyond the grace
// window, as if the seconds had passed.
func pastGrace(t testing.TB, app core.App, raw string) {
	t.Helper()
	rec, err := app.FindFirstRecordByData(account.RefreshTokensCollection, "tokenHash", account.HashRefreshToken(raw))
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("usedAt", time.Now().Add(-account.RefreshGraceWindow-time.Second))
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
}

// newLimitedHarness is testapp.NewHarness with the migrations' rate limits on.
// The settings change before the server starts: later, the mail worker
// reads the settings concurrently.
func newLimitedHarness(t *testing.T) testapp.Harness {
	t.Helper()
	app := testapp.New(t)
	if err := app.ReloadSettings(); err != nil { // undo testapp's in-memory switch
		t.Fatal(err)
	}
	return testapp.HarnessFor(t, app)
}

func profileStatus(c testapp.Client, token string) int {
	return c.Do("GET", "/api/auth/profile", nil, testapp.Auth(token)...).Status
}

// Logout ends the session's access token with the next request, not when
// it expires; other sign-ins live on until a logout without a token.
func TestLogoutEndsAccessTokenAtOnce(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	laptop := login(t, c, "ada@example.com", testPassword)
	phone := login(t, c, "ada@example.com", testPassword)

	wantStatus(t, c.Do("POST", "/api/auth/logout", map[string]string{"refreshToken": laptop.RefreshToken}, testapp.Auth(laptop.Token)...), http.StatusOK, nil)
	if s := profileStatus(c, laptop.Token); s != http.StatusUnauthorized {
		t.Fatalf("access token after logout: %d, want 401", s)
	}
	if s := profileStatus(c, phone.Token); s != http.StatusOK {
		t.Fatalf("other sign-in after logout: %d, want 200", s)
	}
	wantStatus(t, c.Do("POST", "/api/auth/logout", nil, testapp.Auth(phone.Token)...), http.StatusOK, nil)
	if s := profileStatus(c, phone.Token); s != http.StatusUnauthorized {
		t.Fatalf("access token after logout everywhere: %d, want 401", s)
	}
}

// Reuse detection revokes the family, and its access tokens stop working.
func TestRefreshReuseEndsAccessTokens(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	first := login(t, c, "ada@example.com", testPassword)
	var second struct{ Token, RefreshToken string }
	wantStatus(t, refresh(c, first.RefreshToken), http.StatusOK, &second)
	pastGrace(t, h.App, first.RefreshToken)
	wantError(t, refresh(c, first.RefreshToken), http.StatusUnauthorized, "invalid_refresh_token")
	for _, tok := range []string{first.Token, second.Token} {
		if s := profileStatus(c, tok); s != http.StatusUnauthorized {
			t.Fatalf("access token after reuse detection: %d, want 401", s)
		}
	}
}

// PocketBase's own token check (what realtime and its file routes use)
// accepts the shop's access token while the session lives; tokens that
// PocketBase issued itself name no session and open nothing.
func TestShopTokensInPocketBaseRoutes(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	s := login(t, c, "ada@example.com", testPassword)
	wantStatus(t, c.Do("POST", "/api/files/token", nil, testapp.Auth(s.Token)...), http.StatusOK, nil)

	// PocketBase's auth-refresh is closed: it cannot extend a shop session.
	if r := c.Do("POST", "/api/collections/users/auth-refresh", nil, testapp.Auth(s.Token)...); r.Status != http.StatusNotFound {
		t.Fatalf("PocketBase auth-refresh: %d %s, want 404", r.Status, r.Body)
	}
	user, err := h.App.FindAuthRecordByEmail("users", "ada@example.com")
	if err != nil {
		t.Fatal(err)
	}
	native, err := user.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	if st := profileStatus(c, native); st != http.StatusUnauthorized {
		t.Fatalf("PocketBase-issued token on a shop route: %d, want 401", st)
	}
	if r := c.Do("POST", "/api/files/token", nil, testapp.Auth(native)...); r.Status != http.StatusUnauthorized {
		t.Fatalf("PocketBase-issued token on PocketBase's route: %d, want 401", r.Status)
	}

	wantStatus(t, c.Do("POST", "/api/auth/logout", nil, testapp.Auth(s.Token)...), http.StatusOK, nil)
	if r := c.Do("POST", "/api/files/token", nil, testapp.Auth(s.Token)...); r.Status != http.StatusUnauthorized {
		t.Fatalf("ended session on PocketBase's route: %d, want 401", r.Status)
	}
}
