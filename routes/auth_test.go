package routes_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/server"
	"stageshop/internal/testapp"
	"stageshop/shop/account"
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

// regBody is a registration of email with the test password.
func regBody(email string, more ...any) map[string]any {
	b := map[string]any{"email": email, "password": testPassword, "confirmPassword": testPassword,
		"firstName": "Ada", "lastName": "Lovelace"}
	for i := 0; i+1 < len(more); i += 2 {
		b[more[i].(string)] = more[i+1]
	}
	return b
}

func TestAuthRegister(t *testing.T) {
	h := testapp.NewHarness(t)
	none := map[string]int{"users:create": 0}
	long := "Aa1" + strings.Repeat("x", 69) // 72 bytes is still allowed
	scenarios := []testapp.Scenario{
		{Name: "a Customer with the e-mail trimmed and lower-cased", Method: "POST", URL: "/api/auth/register",
			Body: regBody("  Ada@Example.COM "), ExpectedStatus: http.StatusCreated,
			ExpectedContent: []string{`"email":"ada@example.com"`, `"firstName":"Ada"`, `"lastName":"Lovelace"`,
				`"roles":["Customer"]`, `"isAdmin":false`, `"lastLoginAt":null`},
			ExpectedRecords: map[string]int{"users:create": 1},
			After: func(t testing.TB, r testapp.Response) {
				var out struct{ User apiUser }
				r.JSON(t, &out)
				u := out.User
				if _, err := time.Parse(time.RFC3339, u.CreatedAt); err != nil || !strings.HasSuffix(u.CreatedAt, "Z") || u.ID == "" {
					t.Fatalf("id %q, createdAt %q is not RFC 3339 UTC", u.ID, u.CreatedAt)
				}
			}},
		{Name: "the same address in another spelling is taken", Method: "POST", URL: "/api/auth/register",
			Body: regBody("ADA@example.com", "firstName", "A", "lastName", "B"), ExpectedStatus: http.StatusConflict,
			ExpectedCode: "email_taken", ExpectedRecords: none},
		{Name: "roles cannot be chosen at registration", Method: "POST", URL: "/api/auth/register",
			Body:           regBody("eve@example.com", "firstName", "Eve", "lastName", "X", "roles", []string{"Admin"}, "isAdmin", true),
			ExpectedStatus: http.StatusCreated, ExpectedContent: []string{`"roles":["Customer"]`, `"isAdmin":false`}},
	}
	for _, tc := range badRegistrations {
		scenarios = append(scenarios, testapp.Scenario{Name: tc.name, Method: "POST", URL: "/api/auth/register", Body: tc.body,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: tc.fields, ExpectedRecords: none})
	}
	for _, body := range []string{"", "{", "[]", `"x"`, `{"email":"a@b.c"} trailing`} {
		scenarios = append(scenarios, testapp.Scenario{Name: "malformed body " + body, Method: "POST", URL: "/api/auth/register", Body: body,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "*", ExpectedRecords: none})
	}
	scenarios = append(scenarios,
		testapp.Scenario{Name: "a body over 1 MiB", Method: "POST", URL: "/api/auth/register",
			Body: `{"email":"` + strings.Repeat("a", 2<<20) + `"}`, ExpectedStatus: http.StatusRequestEntityTooLarge, ExpectedCode: "body_too_large"},
		testapp.Scenario{Name: "a 72-byte password", Method: "POST", URL: "/api/auth/register",
			Body: regBody("long@example.com", "password", long, "confirmPassword", long), ExpectedStatus: http.StatusCreated},
		testapp.Scenario{Name: "the 72-byte password logs in", Method: "POST", URL: "/api/auth/login",
			Body: map[string]string{"email": "long@example.com", "password": long}, ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{`"token":"`, `"refreshToken":"`}},
	)
	testapp.RunScenarios(t, h, scenarios)
	if n := testapp.Count(t, h.App, "users"); n != 3 {
		t.Fatalf("%d users, want 3 (bad requests must create nothing)", n)
	}
}

func TestAuthLogin(t *testing.T) {
	h := testapp.NewHarness(t)
	register(t, h.Client, "ada@example.com")
	before := time.Now().Add(-time.Second)
	var out loginAnswer
	loginAs := func(email, password string) map[string]string {
		return map[string]string{"email": email, "password": password}
	}
	invalid := func(name string, body any) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: "/api/auth/login", Body: body,
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "invalid_credentials",
			ExpectedContent: []string{`"message":"Invalid email or password"`}, ExpectedRecords: map[string]int{"users:update": 0}}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		{Name: "e-mail in any case and spacing", Method: "POST", URL: "/api/auth/login", Body: loginAs(" ADA@example.com", testPassword),
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"email":"ada@example.com"`, `"token":"`, `"refreshToken":"`},
			ExpectedRecords: map[string]int{"users:update": 1, "refresh_tokens:create": 1},
			After: func(t testing.TB, r testapp.Response) {
				r.JSON(t, &out)
				if out.ID == "" || out.LastLoginAt == nil {
					t.Fatalf("login answer %+v", out)
				}
				if at, err := time.Parse(time.RFC3339, *out.LastLoginAt); err != nil || at.Before(before) {
					t.Fatalf("lastLoginAt %q", *out.LastLoginAt)
				}
			}},
		{Name: "the profile has the login", Method: "GET", URL: "/api/auth/profile", ExpectedStatus: http.StatusOK,
			Before: func(_ testing.TB, s *testapp.Scenario) { s.Token = out.Token },
			After: func(t testing.TB, r testapp.Response) {
				var me apiUser
				r.JSON(t, &me)
				if me.ID != out.ID || me.LastLoginAt == nil {
					t.Fatalf("profile %+v", me)
				}
			}},
		invalid("a wrong password", loginAs("ada@example.com", "Secret124")),
		invalid("an unknown e-mail: the same answer", loginAs("nobody@example.com", testPassword)),
		invalid("a password over 72 bytes", loginAs("ada@example.com", testPassword+strings.Repeat("x", 80))),
		{Name: "nothing sent", Method: "POST", URL: "/api/auth/login", Body: map[string]string{},
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation_failed", ExpectedErrors: []string{"email", "password"},
			ExpectedContent: []string{`"message":"Please enter both email and password"`}},
		{Name: "wrong types", Method: "POST", URL: "/api/auth/login", Body: `{"email": ["a"], "password": 1}`,
			ExpectedStatus: http.StatusBadRequest, ExpectedCode: "*"},
		{Name: "not JSON", Method: "POST", URL: "/api/auth/login", Body: `nope`, ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_json"},
	})
}

func TestAuthRefreshRotatesOnceAndReuseKillsFamily(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	first := login(t, c, "ada@example.com", testPassword)
	other := login(t, c, "ada@example.com", testPassword) // another device
	var second struct{ Token, RefreshToken string }
	rotate := refreshing("a refresh token is spent for a new pair", first.RefreshToken, http.StatusOK, "")
	rotate.ExpectedRecords = map[string]int{"refresh_tokens:create": 1}
	rotate.After = func(t testing.TB, r testapp.Response) {
		r.JSON(t, &second)
		if second.Token == "" || second.RefreshToken == "" || second.RefreshToken == first.RefreshToken {
			t.Fatalf("refresh answer %+v", second)
		}
		wantStatus(t, c.Do("GET", "/api/auth/profile", nil, testapp.Auth(second.Token)...), http.StatusOK, nil)
		// Only a hash is stored.
		if _, err := h.App.FindFirstRecordByData("refresh_tokens", "tokenHash", second.RefreshToken); err == nil {
			t.Fatal("refresh token stored in clear")
		}
	}
	// Replaying the spent token after the grace window fails and revokes
	// its family: the newer token dies too, the other device's does not.
	replay := refreshing("the spent token replayed after the grace window", first.RefreshToken, http.StatusUnauthorized, "invalid_refresh_token")
	replay.Before = func(t testing.TB, _ *testapp.Scenario) { pastGrace(t, h.App, first.RefreshToken) }
	secondDies := refreshing("its successor died with the family", "", http.StatusUnauthorized, "invalid_refresh_token")
	secondDies.Before = func(_ testing.TB, s *testapp.Scenario) {
		s.Body = map[string]string{"refreshToken": second.RefreshToken}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		rotate,
		replay,
		secondDies,
		refreshing("another device's family lives on", other.RefreshToken, http.StatusOK, ""),
		refreshing("garbage", "garbage", http.StatusUnauthorized, "invalid_refresh_token"),
		refreshing("5000 characters", strings.Repeat("x", 5000), http.StatusUnauthorized, "invalid_refresh_token"),
		{Name: "no token", Method: "POST", URL: "/api/auth/refresh", Body: `{}`, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed", ExpectedErrors: []string{"refreshToken"}},
		{Name: "a number", Method: "POST", URL: "/api/auth/refresh", Body: `{"refreshToken": 42}`, ExpectedStatus: http.StatusBadRequest,
			ExpectedCode: "validation_failed"},
	})
}

func TestAuthRefreshExpired(t *testing.T) {
	h := testapp.NewHarness(t)
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

// refreshing is a refresh of token.
func refreshing(name, token string, status int, code string) testapp.Scenario {
	return testapp.Scenario{Name: name, Method: "POST", URL: "/api/auth/refresh", Body: map[string]string{"refreshToken": token},
		ExpectedStatus: status, ExpectedCode: code}
}

// profileRead is GET /api/auth/profile with token.
func profileRead(name, token string, status int) testapp.Scenario {
	s := testapp.Scenario{Name: name, Method: "GET", URL: "/api/auth/profile", Token: token, ExpectedStatus: status}
	if status != http.StatusOK {
		s.ExpectedCode = "*"
	}
	return s
}

func TestAuthLogout(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	register(t, c, "bob@example.com")
	a1 := login(t, c, "ada@example.com", testPassword)
	a2 := login(t, c, "ada@example.com", testPassword)
	a3 := login(t, c, "ada@example.com", testPassword)
	bob := login(t, c, "bob@example.com", testPassword)
	var a2next struct{ Token, RefreshToken string }
	a2refresh := refreshing("the other sign-ins stay", a2.RefreshToken, http.StatusOK, "")
	a2refresh.After = func(t testing.TB, r testapp.Response) { r.JSON(t, &a2next) }
	a2gone := refreshing("every sign-in ended", "", http.StatusUnauthorized, "*")
	a2gone.Before = func(_ testing.TB, s *testapp.Scenario) {
		s.Body = map[string]string{"refreshToken": a2next.RefreshToken}
	}
	logout := func(name, token string, body any, status int, code string) testapp.Scenario {
		return testapp.Scenario{Name: name, Method: "POST", URL: "/api/auth/logout", Token: token, Body: body,
			ExpectedStatus: status, ExpectedCode: code}
	}
	withMessage := logout("with a refresh token: that sign-in ends", a1.Token, map[string]string{"refreshToken": a1.RefreshToken}, http.StatusOK, "")
	withMessage.ExpectedContent = []string{`"message":"Logged out successfully"`}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		logout("signed out", "", nil, http.StatusUnauthorized, "*"),
		logout("a refresh token of the wrong type", a1.Token, `{"refreshToken": 1}`, http.StatusBadRequest, "*"),
		withMessage,
		refreshing("its refresh token is dead", a1.RefreshToken, http.StatusUnauthorized, "*"),
		a2refresh,
		// The ended sign-in's access token is refused at once (issue 15).
		logout("the ended sign-in's access token", a1.Token, nil, http.StatusUnauthorized, "unauthorized"),
		// Someone else's token is not the caller's to revoke.
		logout("someone else's refresh token is ignored", a3.Token, map[string]string{"refreshToken": bob.RefreshToken}, http.StatusOK, ""),
		logout("without a body: every sign-in of the user ends", a3.Token, nil, http.StatusOK, ""),
		a2gone,
		refreshing("the caller's own ended too", a3.RefreshToken, http.StatusUnauthorized, "*"),
		refreshing("the other user's lives on", bob.RefreshToken, http.StatusOK, ""),
	})
}

func TestAuthProfile(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	register(t, c, "bob@example.com")
	s := login(t, c, "ada@example.com", testPassword)
	var upd struct {
		Message      string
		User         apiUser
		Token        string
		RefreshToken string
	}
	update := func(name string, body any, status int, code string) testapp.Scenario {
		sc := testapp.Scenario{Name: name, Method: "PUT", URL: "/api/auth/profile", Token: s.Token, Body: body,
			ExpectedStatus: status, ExpectedCode: code}
		if status != http.StatusOK {
			sc.ExpectedRecords = map[string]int{"users:update": 0}
		}
		return sc
	}
	names := update("names change; roles cannot be raised", map[string]any{
		"firstName": " Augusta ", "lastName": "King", "email": "ada@example.com", "roles": []string{"Admin"}}, http.StatusOK, "")
	names.ExpectedContent = []string{`"message":"Profile updated successfully"`, `"firstName":"Augusta"`, `"lastName":"King"`, `"isAdmin":false`}
	names.NotExpectedContent = []string{`"token"`}
	badFields := update("bad input changes nothing", map[string]any{"firstName": "", "lastName": "K", "email": "nope", "currentPassword": testPassword},
		http.StatusBadRequest, "validation_failed")
	badFields.ExpectedErrors = []string{"firstName", "email"}
	email := update("a new e-mail with the current password hands out a fresh pair", map[string]any{"firstName": "Ada", "lastName": "King",
		"email": " Ada.King@Example.com", "currentPassword": testPassword}, http.StatusOK, "")
	email.After = func(t testing.TB, r testapp.Response) {
		r.JSON(t, &upd)
		if upd.User.Email != "ada.king@example.com" || upd.Token == "" || upd.RefreshToken == "" {
			t.Fatalf("email change answer %+v", upd)
		}
	}
	fresh := profileRead("the fresh pair works (TestEmailChange covers the rest)", "", http.StatusOK)
	fresh.Before = func(_ testing.TB, sc *testapp.Scenario) { sc.Token = upd.Token }
	unchanged := profileRead("the profile after the refused changes", s.Token, http.StatusOK)
	unchanged.ExpectedContent = []string{`"firstName":"Augusta"`, `"email":"ada@example.com"`}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		profileRead("signed out", "", http.StatusUnauthorized),
		profileRead("a token that is not one", "not-a-token", http.StatusUnauthorized),
		{Name: "update signed out", Method: "PUT", URL: "/api/auth/profile", Body: map[string]string{"firstName": "X", "lastName": "Y", "email": "x@example.com"},
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "*"},
		names,
		badFields,
		update("a wrong type", `{"firstName": true}`, http.StatusBadRequest, "validation_failed"),
		update("another account's e-mail", map[string]any{"firstName": "A", "lastName": "K", "email": "BOB@example.com", "currentPassword": testPassword},
			http.StatusConflict, "email_taken"),
		unchanged,
		email,
		profileRead("the old access token ended", s.Token, http.StatusUnauthorized),
		fresh,
		{Name: "the new e-mail logs in", Method: "POST", URL: "/api/auth/login", Body: map[string]string{"email": "ada.king@example.com", "password": testPassword},
			ExpectedStatus: http.StatusOK},
	})
}

func TestAuthPasswordChangeEndsOtherSessions(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	here := login(t, c, "ada@example.com", testPassword)
	there := login(t, c, "ada@example.com", testPassword)
	change := func(name, current, next, confirm string, status int, field string) testapp.Scenario {
		sc := testapp.Scenario{Name: name, Method: "PUT", URL: "/api/auth/profile", Token: here.Token, ExpectedStatus: status,
			Body: map[string]any{"firstName": "Ada", "lastName": "L", "email": "ada@example.com",
				"currentPassword": current, "newPassword": next, "confirmPassword": confirm}}
		if field != "" {
			sc.ExpectedCode, sc.ExpectedErrors = "validation_failed", []string{field}
			sc.ExpectedRecords = map[string]int{"users:update": 0}
		}
		return sc
	}
	var out struct {
		User         apiUser
		Token        string
		RefreshToken string
	}
	changed := change("the password changes with the current one", testPassword, "Newpass1", "Newpass1", http.StatusOK, "")
	changed.ExpectedRecords = map[string]int{"users:update": 1}
	changed.After = func(t testing.TB, r testapp.Response) {
		r.JSON(t, &out)
		if out.Token == "" || out.RefreshToken == "" {
			t.Fatalf("no fresh pair: %+v", out)
		}
	}
	fresh := profileRead("the fresh pair works", "", http.StatusOK)
	fresh.Before = func(_ testing.TB, sc *testapp.Scenario) { sc.Token = out.Token }
	freshRefresh := refreshing("the fresh refresh token works", "", http.StatusOK, "")
	freshRefresh.Before = func(_ testing.TB, sc *testapp.Scenario) {
		sc.Body = map[string]string{"refreshToken": out.RefreshToken}
	}
	testapp.RunScenarios(t, h, []testapp.Scenario{
		change("a wrong current password", "Wrong123", "Newpass1", "Newpass1", http.StatusBadRequest, "currentPassword"),
		change("no current password", "", "Newpass1", "Newpass1", http.StatusBadRequest, "currentPassword"),
		change("a weak new password", testPassword, "weak", "weak", http.StatusBadRequest, "newPassword"),
		change("a confirmation that differs", testPassword, "Newpass1", "Newpass2", http.StatusBadRequest, "confirmPassword"),
		profileRead("nothing happened yet", there.Token, http.StatusOK),
		changed,
		// Every earlier access and refresh token is dead, the fresh pair works.
		profileRead("this device's old access token", here.Token, http.StatusUnauthorized),
		profileRead("the other device's access token", there.Token, http.StatusUnauthorized),
		refreshing("this device's old refresh token", here.RefreshToken, http.StatusUnauthorized, "*"),
		refreshing("the other device's refresh token", there.RefreshToken, http.StatusUnauthorized, "*"),
		fresh,
		freshRefresh,
		{Name: "the old password no longer logs in", Method: "POST", URL: "/api/auth/login",
			Body:           map[string]string{"email": "ada@example.com", "password": testPassword},
			ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "invalid_credentials"},
		{Name: "the new one does", Method: "POST", URL: "/api/auth/login", Body: map[string]string{"email": "ada@example.com", "password": "Newpass1"},
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"token":"`, `"refreshToken":"`}},
	})
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
	h := testapp.NewHarness(t)
	c := h.Client
	register(t, c, "ada@example.com")
	if d := tokenLifetime(t, login(t, c, "ada@example.com", testPassword).Token); d != time.Hour {
		t.Fatalf("default access token lifetime %v, want 1h", d)
	}

	// A token's expiry is in whole seconds, so a 1s lifetime can end at
	// once: 2s leaves the first request at least a second.
	t.Setenv(account.AccessTokenTTLEnv, "2s")
	if err := account.ApplyAccessTokenTTL(h.App); err != nil {
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
		t.Setenv(account.AccessTokenTTLEnv, bad)
		if err := account.ApplyAccessTokenTTL(h.App); err == nil {
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
		t.Setenv(account.AccessTokenTTLEnv, tc.value)
		app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
		server.Register(app, testapp.Site)
		err := app.Bootstrap()
		if (err == nil) != tc.ok {
			t.Errorf("%s: bootstrap error %v", tc.value, err)
		}
		_ = app.ClearBootstrap()
	}
}

// Clients racing with the same refresh token (tabs of one browser): every
// one gets the same successor within the grace window, and that successor
// goes on working; no one is logged out.
func TestAuthRefreshRaceSharesTheSuccessor(t *testing.T) {
	h := testapp.NewHarness(t)
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
