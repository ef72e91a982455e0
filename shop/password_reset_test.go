package shop_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/testapp"
	"stageshop/shop/account"
	"stageshop/shop/field"
	"stageshop/shop/mail"
)

// requestReset asks for a reset of email's password and returns the token
// of the link the user was sent.
func requestReset(t *testing.T, app *tests.TestApp, email string) string {
	t.Helper()
	if err := account.RequestPasswordReset(app, email); err != nil {
		t.Fatal(err)
	}
	return testapp.SentResetToken(t, app, field.NormalizeEmail(email))
}

func TestPasswordResetEmailInEveryLanguage(t *testing.T) {
	words := map[string]string{"en": "Reset your password", "ru": "Сброс пароля", "zh": "重置密码"}
	prefixes := map[string]string{"en": "", "ru": "/ru", "zh": "/zh"}
	for lang, word := range words {
		app := testapp.New(t)
		testapp.SetAppURL(t, app, "https://shop.example/")
		u := testapp.NewUser(t, app, false)
		u.Record.Set("language", lang)
		if err := app.Save(u.Record); err != nil {
			t.Fatal(err)
		}
		token := requestReset(t, app, "  "+strings.ToUpper(u.Record.Email())+" ")
		m := one(t, app, mail.KindPasswordReset)
		if m.To != u.Record.Email() || m.Language != lang || len(token) < 40 {
			t.Fatalf("%s: to %s language %s token %q", lang, m.To, m.Language, token)
		}
		has(t, m, word, "https://shop.example"+prefixes[lang]+"/reset-password?token=", "Test "+u.Record.GetString("lastName"))
		// Only the hash is stored.
		if n, _ := app.CountRecords(account.PasswordResetsCollection, dbx.HashExp{"tokenHash": token}); n != 0 {
			t.Fatal("the raw token is stored")
		}
	}
}

func TestPasswordResetForUnknownEmailDoesNothing(t *testing.T) {
	app := testapp.New(t)
	if err := account.RequestPasswordReset(app, "nobody@example.com"); err != nil {
		t.Fatal(err)
	}
	if testapp.Count(t, app, mail.Collection) != 0 || testapp.Count(t, app, account.PasswordResetsCollection) != 0 {
		t.Fatal("an unknown address left records")
	}
}

func TestPasswordResetIsSingleUseAndEndsSessions(t *testing.T) {
	app := testapp.New(t)
	testapp.SetAppURL(t, app, "https://shop.example")
	u := testapp.NewUser(t, app, false)
	_, refresh, err := account.StartSession(app, u.ID())
	if err != nil {
		t.Fatal(err)
	}
	older := requestReset(t, app, u.Record.Email())
	token := requestReset(t, app, u.Record.Email())

	weak := account.ResetInput{Token: token, Password: "short", ConfirmPassword: "other"}
	var fields validation.Errors
	if err := account.ResetPassword(app, weak); !errors.As(err, &fields) || fields["password"] == nil || fields["confirmPassword"] == nil {
		t.Fatalf("weak password: %v", err)
	}
	in := account.ResetInput{Token: token, Password: "NewSecret1", ConfirmPassword: "NewSecret1"}
	if err := account.ResetPassword(app, in); err != nil {
		t.Fatal(err)
	}
	user, err := app.FindRecordById(account.UsersCollection, u.ID())
	if err != nil {
		t.Fatal(err)
	}
	if !user.ValidatePassword("NewSecret1") || user.ValidatePassword(testapp.FixturePassword) {
		t.Fatal("password not changed")
	}
	// Every session ends: the old access token no longer verifies, the
	// refresh token is revoked.
	if _, err := app.FindAuthRecordByToken(u.Token, core.TokenTypeAuth); err == nil {
		t.Fatal("the old access token still works")
	}
	if _, err := account.RotateRefreshToken(app, refresh); err == nil {
		t.Fatal("the old refresh token still works")
	}
	// Used once; the older link of the same user is spent too.
	for name, tok := range map[string]string{"used": token, "older": older, "unknown": "nope", "long": strings.Repeat("x", 300)} {
		in := account.ResetInput{Token: tok, Password: "Another1", ConfirmPassword: "Another1"}
		if err := account.ResetPassword(app, in); !errors.Is(err, account.ErrInvalidResetToken) {
			t.Errorf("%s token: %v", name, err)
		}
	}
}

func TestPasswordResetTokenExpiresAfterAnHour(t *testing.T) {
	app := testapp.New(t)
	testapp.SetAppURL(t, app, "https://shop.example")
	u := testapp.NewUser(t, app, false)
	token := requestReset(t, app, u.Record.Email())
	rec, err := app.FindFirstRecordByData(account.PasswordResetsCollection, "user", u.ID())
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Until(rec.GetDateTime("expiresAt").Time()); d < 59*time.Minute || d > time.Hour {
		t.Fatalf("expires in %v", d)
	}
	rec.Set("expiresAt", time.Now().Add(-time.Second)) // an hour has passed
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	in := account.ResetInput{Token: token, Password: "NewSecret1", ConfirmPassword: "NewSecret1"}
	if err := account.ResetPassword(app, in); !errors.Is(err, account.ErrInvalidResetToken) {
		t.Fatalf("expired token: %v", err)
	}
	user, _ := app.FindRecordById(account.UsersCollection, u.ID())
	if !user.ValidatePassword(testapp.FixturePassword) {
		t.Fatal("an expired token changed the password")
	}
}
