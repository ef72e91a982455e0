package routes_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/crypto/bcrypt"

	"stageshop/internal/testapp"
	"stageshop/server"
	"stageshop/shop"
)

// envelope is the contract's error answer.
type envelope struct {
	Status  int               `json:"status"`
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors"`
}

// wantError checks that r is the envelope with status and code (code ""
// for any) and returns it.
func wantError(t *testing.T, r testapp.Response, status int, code string) envelope {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	var env envelope
	if err := json.Unmarshal(r.Body, &env); err != nil {
		t.Fatalf("not an envelope: %s", r.Body)
	}
	if env.Status != status || env.Message == "" || (code != "" && env.Code != code) {
		t.Fatalf("envelope %+v, want status %d code %q", env, status, code)
	}
	return env
}

// wantFields checks that a 400 envelope names exactly these fields.
func wantFields(t *testing.T, env envelope, fields ...string) {
	t.Helper()
	for _, f := range fields {
		if env.Errors[f] == "" {
			t.Errorf("errors %v lack %q", env.Errors, f)
		}
	}
	if len(env.Errors) != len(fields) {
		t.Errorf("errors %v, want only %v", env.Errors, fields)
	}
}

// wantStatus checks a success status and decodes the body into v (if set).
func wantStatus(t testing.TB, r testapp.Response, status int, v any) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	if v != nil {
		r.JSON(t, v)
	}
}

type apiUser struct {
	ID          string   `json:"id"`
	Email       string   `json:"email"`
	FirstName   string   `json:"firstName"`
	LastName    string   `json:"lastName"`
	Roles       []string `json:"roles"`
	IsAdmin     bool     `json:"isAdmin"`
	CreatedAt   string   `json:"createdAt"`
	LastLoginAt *string  `json:"lastLoginAt"`
}

type loginAnswer struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
	apiUser
}

const testPassword = "Secret123"

// newAuthHarness is testapp.NewHarness with bcrypt at its lowest cost, so
// the many sign-ins of these tests stay fast under -race.
func newAuthHarness(t testing.TB) testapp.Harness {
	t.Helper()
	h := testapp.NewHarness(t)
	users, err := h.App.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	users.Fields.GetByName("password").(*core.PasswordField).Cost = bcrypt.MinCost
	if err := h.App.Save(users); err != nil {
		t.Fatal(err)
	}
	return h
}

func register(t testing.TB, c testapp.Client, email string) apiUser {
	t.Helper()
	var out struct {
		Message string  `json:"message"`
		User    apiUser `json:"user"`
	}
	wantStatus(t, c.Do("POST", "/api/auth/register", map[string]any{
		"email": email, "password": testPassword, "confirmPassword": testPassword,
		"firstName": "Ada", "lastName": "Lovelace",
	}), http.StatusCreated, &out)
	return out.User
}

func login(t testing.TB, c testapp.Client, email, password string) loginAnswer {
	t.Helper()
	var out loginAnswer
	wantStatus(t, c.Do("POST", "/api/auth/login", map[string]string{"email": email, "password": password}), http.StatusOK, &out)
	if out.Token == "" || out.RefreshToken == "" {
		t.Fatalf("login without tokens: %+v", out)
	}
	return out
}

func refresh(c testapp.Client, token string) testapp.Response {
	return c.Do("POST", "/api/auth/refresh", map[string]string{"refreshToken": token})
}

// badRegistrations are registration bodies answered 400, with the
// fields each names.
var badRegistrations = []struct {
	name   string
	body   any
	fields []string
}{
	{"weak: no digit", map[string]any{"email": "b@example.com", "password": "Secrets", "confirmPassword": "Secrets", "firstName": "A", "lastName": "B"}, []string{"password"}},
	{"weak: no upper", map[string]any{"email": "b@example.com", "password": "secret1", "confirmPassword": "secret1", "firstName": "A", "lastName": "B"}, []string{"password"}},
	{"short", map[string]any{"email": "b@example.com", "password": "Se1", "confirmPassword": "Se1", "firstName": "A", "lastName": "B"}, []string{"password"}},
	{"73 bytes", map[string]any{"email": "b@example.com", "password": "Aa1" + strings.Repeat("x", 70), "confirmPassword": "Aa1" + strings.Repeat("x", 70), "firstName": "A", "lastName": "B"}, []string{"password"}},
	{"mismatch", map[string]any{"email": "b@example.com", "password": testPassword, "confirmPassword": "Secret124", "firstName": "A", "lastName": "B"}, []string{"confirmPassword"}},
	{"bad email", map[string]any{"email": "not-an-email", "password": testPassword, "confirmPassword": testPassword, "firstName": "A", "lastName": "B"}, []string{"email"}},
	{"missing names", map[string]any{"email": "b@example.com", "password": testPassword, "confirmPassword": testPassword}, []string{"firstName", "lastName"}},
	{"empty object", map[string]any{}, []string{"email", "password", "firstName", "lastName"}},
	{"wrong type", `{"email": 5}`, []string{"email"}},
}

func TestAuthRegister(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client

	u := register(t, c, "  Ada@Example.COM ")
	if u.Email != "ada@example.com" || u.ID == "" || u.FirstName != "Ada" || u.LastName != "Lovelace" {
		t.Fatalf("user %+v", u)
	}
	if len(u.Roles) != 1 || u.Roles[0] != "Customer" || u.IsAdmin || u.LastLoginAt != nil {
		t.Fatalf("new user roles/admin/lastLogin: %+v", u)
	}
	if _, err := time.Parse(time.RFC3339, u.CreatedAt); err != nil || !strings.HasSuffix(u.CreatedAt, "Z") {
		t.Fatalf("createdAt %q is not RFC 3339 UTC", u.CreatedAt)
	}

	// The same address in another spelling is taken.
	wantError(t, c.Do("POST", "/api/auth/register", map[string]any{
		"email": "ADA@example.com", "password": testPassword, "confirmPassword": testPassword,
		"firstName": "A", "lastName": "B",
	}), http.StatusConflict, "email_taken")

	// Roles cannot be chosen at registration.
	var withRoles struct{ User apiUser }
	wantStatus(t, c.Do("POST", "/api/auth/register", map[string]any{
		"email": "eve@example.com", "password": testPassword, "confirmPassword": testPassword,
		"firstName": "Eve", "lastName": "X", "roles": []string{"Admin"}, "isAdmin": true,
	}), http.StatusCreated, &withRoles)
	if withRoles.User.IsAdmin || len(withRoles.User.Roles) != 1 {
		t.Fatalf("registration chose roles: %+v", withRoles.User)
	}

	for _, tc := range badRegistrations {
		t.Run(tc.name, func(t *testing.T) {
			wantFields(t, wantError(t, c.Do("POST", "/api/auth/register", tc.body), http.StatusBadRequest, "validation_failed"), tc.fields...)
		})
	}
	for _, body := range []string{"", "{", "[]", `"x"`, `{"email":"a@b.c"} trailing`} {
		wantError(t, c.Do("POST", "/api/auth/register", body), http.StatusBadRequest, "")
	}
	wantError(t, c.Do("POST", "/api/auth/register", `{"email":"`+strings.Repeat("a", 2<<20)+`"}`), http.StatusRequestEntityTooLarge, "body_too_large")

	// 72 bytes is still allowed, and logs in.
	long := "Aa1" + strings.Repeat("x", 69)
	wantStatus(t, c.Do("POST", "/api/auth/register", map[string]any{
		"email": "long@example.com", "password": long, "confirmPassword": long, "firstName": "L", "lastName": "P",
	}), http.StatusCreated, nil)
	login(t, c, "long@example.com", long)

	if n := testapp.Count(t, h.App, "users"); n != 3 {
		t.Fatalf("%d users, want 3 (bad requests must create nothing)", n)
	}
}

func TestAuthLogin(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")

	before := time.Now().Add(-time.Second)
	out := login(t, c, " ADA@example.com", testPassword)
	if out.Email != "ada@example.com" || out.ID == "" || out.LastLoginAt == nil {
		t.Fatalf("login answer %+v", out)
	}
	if at, err := time.Parse(time.RFC3339, *out.LastLoginAt); err != nil || at.Before(before) {
		t.Fatalf("lastLoginAt %q", *out.LastLoginAt)
	}
	var me apiUser
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(out.Token)...), http.StatusOK, &me)
	if me.ID != out.ID || me.LastLoginAt == nil {
		t.Fatalf("profile %+v", me)
	}

	wrong := wantError(t, c.Do("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": "Secret124"}), http.StatusUnauthorized, "invalid_credentials")
	unknown := wantError(t, c.Do("POST", "/api/auth/login", map[string]string{"email": "nobody@example.com", "password": testPassword}), http.StatusUnauthorized, "invalid_credentials")
	if wrong.Message != "Invalid email or password" || unknown.Message != wrong.Message {
		t.Fatalf("messages differ: %q / %q", wrong.Message, unknown.Message)
	}
	wantError(t, c.Do("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": testPassword + strings.Repeat("x", 80)}), http.StatusUnauthorized, "invalid_credentials")
	wantFields(t, wantError(t, c.Do("POST", "/api/auth/login", map[string]string{}), http.StatusBadRequest, "validation_failed"), "email", "password")
	wantError(t, c.Do("POST", "/api/auth/login", `{"email": ["a"], "password": 1}`), http.StatusBadRequest, "")
	wantError(t, c.Do("POST", "/api/auth/login", `nope`), http.StatusBadRequest, "invalid_json")
}

func TestAuthRefreshRotatesOnceAndReuseKillsFamily(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	first := login(t, c, "ada@example.com", testPassword)
	other := login(t, c, "ada@example.com", testPassword) // another device

	var second struct{ Token, RefreshToken string }
	wantStatus(t, refresh(c, first.RefreshToken), http.StatusOK, &second)
	if second.Token == "" || second.RefreshToken == "" || second.RefreshToken == first.RefreshToken {
		t.Fatalf("refresh answer %+v", second)
	}
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(second.Token)...), http.StatusOK, nil)

	// Only a hash is stored.
	if _, err := h.App.FindFirstRecordByData("refresh_tokens", "tokenHash", second.RefreshToken); err == nil {
		t.Fatal("refresh token stored in clear")
	}

	// Replaying the spent token after the grace window fails and revokes
	// its family: the newer token dies too, the other device's does not.
	pastGrace(t, h.App, first.RefreshToken)
	wantError(t, refresh(c, first.RefreshToken), http.StatusUnauthorized, "invalid_refresh_token")
	wantError(t, refresh(c, second.RefreshToken), http.StatusUnauthorized, "invalid_refresh_token")
	wantStatus(t, refresh(c, other.RefreshToken), http.StatusOK, nil)

	wantError(t, refresh(c, "garbage"), http.StatusUnauthorized, "invalid_refresh_token")
	wantError(t, refresh(c, strings.Repeat("x", 5000)), http.StatusUnauthorized, "invalid_refresh_token")
	wantFields(t, wantError(t, c.Do("POST", "/api/auth/refresh", `{}`), http.StatusBadRequest, "validation_failed"), "refreshToken")
	wantError(t, c.Do("POST", "/api/auth/refresh", `{"refreshToken": 42}`), http.StatusBadRequest, "validation_failed")
}

func TestAuthRefreshExpired(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	s := login(t, c, "ada@example.com", testPassword)
	recs, err := h.App.FindAllRecords("refresh_tokens")
	if err != nil || len(recs) != 1 {
		t.Fatalf("tokens %v %v", recs, err)
	}
	recs[0].Set("expiresAt", time.Now().Add(-time.Minute))
	if err := h.App.Save(recs[0]); err != nil {
		t.Fatal(err)
	}
	wantError(t, refresh(c, s.RefreshToken), http.StatusUnauthorized, "invalid_refresh_token")
}

func TestAuthLogout(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	register(t, c, "bob@example.com")
	a1 := login(t, c, "ada@example.com", testPassword)
	a2 := login(t, c, "ada@example.com", testPassword)
	a3 := login(t, c, "ada@example.com", testPassword)
	bob := login(t, c, "bob@example.com", testPassword)

	wantError(t, c.Do("POST", "/api/auth/logout", nil), http.StatusUnauthorized, "")
	wantError(t, c.Do("POST", "/api/auth/logout", `{"refreshToken": 1}`, testapp.Auth(a1.Token)...), http.StatusBadRequest, "")

	// With a token: that sign-in ends, the others stay.
	var msg struct{ Message string }
	wantStatus(t, c.Do("POST", "/api/auth/logout", map[string]string{"refreshToken": a1.RefreshToken}, testapp.Auth(a1.Token)...), http.StatusOK, &msg)
	if msg.Message == "" {
		t.Fatal("no message")
	}
	wantError(t, refresh(c, a1.RefreshToken), http.StatusUnauthorized, "")
	var a2next struct{ Token, RefreshToken string }
	wantStatus(t, refresh(c, a2.RefreshToken), http.StatusOK, &a2next)

	// The ended sign-in's access token is refused at once (issue 15).
	wantError(t, c.Do("POST", "/api/auth/logout", nil, testapp.Auth(a1.Token)...), http.StatusUnauthorized, "unauthorized")

	// Someone else's token is not the caller's to revoke.
	wantStatus(t, c.Do("POST", "/api/auth/logout", map[string]string{"refreshToken": bob.RefreshToken}, testapp.Auth(a3.Token)...), http.StatusOK, nil)

	// Without a body: every sign-in of the user ends.
	wantStatus(t, c.Do("POST", "/api/auth/logout", nil, testapp.Auth(a3.Token)...), http.StatusOK, nil)
	wantError(t, refresh(c, a2next.RefreshToken), http.StatusUnauthorized, "")
	wantError(t, refresh(c, a3.RefreshToken), http.StatusUnauthorized, "")
	wantStatus(t, refresh(c, bob.RefreshToken), http.StatusOK, nil)
}

func TestAuthProfile(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	register(t, c, "bob@example.com")
	s := login(t, c, "ada@example.com", testPassword)

	wantError(t, c.Do("GET", "/api/auth/profile", nil), http.StatusUnauthorized, "unauthorized")
	wantError(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth("not-a-token")...), http.StatusUnauthorized, "unauthorized")
	wantError(t, c.Do("PUT", "/api/auth/profile", map[string]string{"firstName": "X", "lastName": "Y", "email": "x@example.com"}), http.StatusUnauthorized, "")

	// Names change; roles cannot be raised through the profile.
	var upd struct {
		Message      string
		User         apiUser
		Token        string
		RefreshToken string
	}
	wantStatus(t, c.Do("PUT", "/api/auth/profile", map[string]any{
		"firstName": " Augusta ", "lastName": "King", "email": "ada@example.com", "roles": []string{"Admin"},
	}, testapp.Auth(s.Token)...), http.StatusOK, &upd)
	if upd.Message == "" || upd.User.FirstName != "Augusta" || upd.User.LastName != "King" || upd.User.IsAdmin || upd.Token != "" {
		t.Fatalf("update answer %+v", upd)
	}

	// Bad input changes nothing.
	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "", "lastName": "K", "email": "nope", "currentPassword": testPassword}, testapp.Auth(s.Token)...),
		http.StatusBadRequest, "validation_failed"), "firstName", "email")
	wantError(t, c.Do("PUT", "/api/auth/profile", `{"firstName": true}`, testapp.Auth(s.Token)...), http.StatusBadRequest, "validation_failed")
	wantError(t, c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "A", "lastName": "K", "email": "BOB@example.com", "currentPassword": testPassword}, testapp.Auth(s.Token)...),
		http.StatusConflict, "email_taken")
	var me apiUser
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(s.Token)...), http.StatusOK, &me)
	if me.FirstName != "Augusta" || me.Email != "ada@example.com" {
		t.Fatalf("profile changed by a bad request: %+v", me)
	}

	// A new e-mail (with the current password) ends the sessions and hands
	// out a fresh pair (TestEmailChange covers the rest).
	wantStatus(t, c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "Ada", "lastName": "King", "email": " Ada.King@Example.com",
		"currentPassword": testPassword}, testapp.Auth(s.Token)...), http.StatusOK, &upd)
	if upd.User.Email != "ada.king@example.com" || upd.Token == "" || upd.RefreshToken == "" {
		t.Fatalf("email change answer %+v", upd)
	}
	wantError(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(s.Token)...), http.StatusUnauthorized, "")
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(upd.Token)...), http.StatusOK, nil)
	login(t, c, "ada.king@example.com", testPassword)
}

func TestAuthPasswordChangeEndsOtherSessions(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	here := login(t, c, "ada@example.com", testPassword)
	there := login(t, c, "ada@example.com", testPassword)
	body := func(current, next, confirm string) map[string]any {
		return map[string]any{"firstName": "Ada", "lastName": "L", "email": "ada@example.com",
			"currentPassword": current, "newPassword": next, "confirmPassword": confirm}
	}

	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", body("Wrong123", "Newpass1", "Newpass1"), testapp.Auth(here.Token)...), http.StatusBadRequest, "validation_failed"), "currentPassword")
	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", body("", "Newpass1", "Newpass1"), testapp.Auth(here.Token)...), http.StatusBadRequest, "validation_failed"), "currentPassword")
	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", body(testPassword, "weak", "weak"), testapp.Auth(here.Token)...), http.StatusBadRequest, "validation_failed"), "newPassword")
	wantFields(t, wantError(t, c.Do("PUT", "/api/auth/profile", body(testPassword, "Newpass1", "Newpass2"), testapp.Auth(here.Token)...), http.StatusBadRequest, "validation_failed"), "confirmPassword")
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(there.Token)...), http.StatusOK, nil) // nothing happened yet

	var out struct {
		User         apiUser
		Token        string
		RefreshToken string
	}
	wantStatus(t, c.Do("PUT", "/api/auth/profile", body(testPassword, "Newpass1", "Newpass1"), testapp.Auth(here.Token)...), http.StatusOK, &out)
	if out.Token == "" || out.RefreshToken == "" {
		t.Fatalf("no fresh pair: %+v", out)
	}
	// Every earlier access and refresh token is dead, the fresh pair works.
	for _, tok := range []string{here.Token, there.Token} {
		wantError(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(tok)...), http.StatusUnauthorized, "")
	}
	for _, rt := range []string{here.RefreshToken, there.RefreshToken} {
		wantError(t, refresh(c, rt), http.StatusUnauthorized, "")
	}
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(out.Token)...), http.StatusOK, nil)
	wantStatus(t, refresh(c, out.RefreshToken), http.StatusOK, nil)
	wantError(t, c.Do("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": testPassword}), http.StatusUnauthorized, "invalid_credentials")
	login(t, c, "ada@example.com", "Newpass1")
}

// tokenLifetime reads exp - iat of a JWT without checking it.
func tokenLifetime(t *testing.T, token string) time.Duration {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var claims struct{ Exp int64 }
	if err := json.Unmarshal(raw, &claims); err != nil {
		t.Fatal(err)
	}
	return time.Until(time.Unix(claims.Exp, 0)).Round(time.Minute)
}

func TestAccessTokenTTLFromEnvironment(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	if d := tokenLifetime(t, login(t, c, "ada@example.com", testPassword).Token); d != time.Hour {
		t.Fatalf("default access token lifetime %v, want 1h", d)
	}

	// A token's expiry is in whole seconds, so a 1s lifetime can end at
	// once: 2s leaves the first request at least a second.
	t.Setenv(shop.AccessTokenTTLEnv, "2s")
	if err := shop.ApplyAccessTokenTTL(h.App); err != nil {
		t.Fatal(err)
	}
	s := login(t, c, "ada@example.com", testPassword)
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(s.Token)...), http.StatusOK, nil)
	time.Sleep(3100 * time.Millisecond)
	wantError(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(s.Token)...), http.StatusUnauthorized, "")
	var next struct{ Token string }
	wantStatus(t, refresh(c, s.RefreshToken), http.StatusOK, &next)
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(next.Token)...), http.StatusOK, nil)

	for _, bad := range []string{"soon", "0s", "-5s"} {
		t.Setenv(shop.AccessTokenTTLEnv, bad)
		if err := shop.ApplyAccessTokenTTL(h.App); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The variable is read when the app bootstraps, as `serve` does: a bad
// value stops the start.
func TestAccessTokenTTLAppliedAtBootstrap(t *testing.T) {
	for _, tc := range []struct {
		value string
		ok    bool
	}{{"20s", true}, {"later", false}} {
		t.Setenv(shop.AccessTokenTTLEnv, tc.value)
		app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
		server.Register(app, testapp.Site)
		err := app.Bootstrap()
		if (err == nil) != tc.ok {
			t.Errorf("%s: bootstrap error %v", tc.value, err)
		}
		_ = app.ResetBootstrapState()
	}
}

// Clients racing with the same refresh token (tabs of one browser): every
// one gets the same successor within the grace window, and that successor
// goes on working; no one is logged out.
func TestAuthRefreshRaceSharesTheSuccessor(t *testing.T) {
	h := newAuthHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	s := login(t, c, "ada@example.com", testPassword)

	const n = 8
	results := make(chan testapp.Response, n)
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		go func() {
			<-start
			results <- refresh(testapp.Client{T: t, Handler: c.Handler}, s.RefreshToken)
		}()
	}
	close(start)
	successors := map[string]bool{}
	var token string
	for i := 0; i < n; i++ {
		var pair struct{ Token, RefreshToken string }
		wantStatus(t, <-results, http.StatusOK, &pair)
		successors[pair.RefreshToken] = true
		token = pair.Token
	}
	if len(successors) != 1 {
		t.Fatalf("%d different successors for one token, want 1", len(successors))
	}
	wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(token)...), http.StatusOK, nil)
	for next := range successors {
		wantStatus(t, refresh(c, next), http.StatusOK, nil)
	}
}
