package account

import (
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// PasswordResetsCollection stores reset tokens, as SHA-256 hashes only.
const PasswordResetsCollection = "password_resets"

// resetTokenTTL is how long a reset link works.
const resetTokenTTL = time.Hour

// ErrInvalidResetToken: the token is unknown, used or expired.
var ErrInvalidResetToken = wire.BadRequest("invalid_token", "This password reset link is invalid or has expired")

// ForgotInput is the body of a password-reset request.
type ForgotInput struct {
	Email string `json:"email"`
}

// Validate normalizes the e-mail and checks it.
func (in *ForgotInput) Validate() error {
	in.Email = field.NormalizeEmail(in.Email)
	return validation.ValidateStruct(in, validation.Field(&in.Email, field.EmailRule))
}

// RequestPasswordReset e-mails a reset link to the account of email, if
// there is one: a one-hour, single-use token is stored (as a hash) and the
// e-mail queued in one transaction. An unknown address does nothing and is
// not an error, so callers answer the same either way.
func RequestPasswordReset(app core.App, email string) error {
	user, err := app.FindAuthRecordByEmail(UsersCollection, field.NormalizeEmail(email))
	if err != nil {
		return nil //nolint:nilerr // no such account: nothing to send
	}
	raw, err := randomToken(32)
	if err != nil {
		return err
	}
	return db.Write(app, func(txApp core.App) error {
		col, err := txApp.FindCachedCollectionByNameOrId(PasswordResetsCollection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("user", user.Id)
		rec.Set("tokenHash", HashRefreshToken(raw))
		expires := time.Now().Add(resetTokenTTL)
		rec.Set("expiresAt", expires)
		if err := txApp.Save(rec); err != nil {
			return err
		}
		to := mail.Recipient{ID: user.Id, Email: user.Email(), Language: user.GetString("language"),
			Name: strings.TrimSpace(user.GetString("firstName") + " " + user.GetString("lastName"))}
		return mail.QueuePasswordReset(txApp, rec.Id, to, raw, expires)
	})
}

// ResetInput is the body of a password reset.
type ResetInput struct {
	Token           string `json:"token"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// Validate checks the input: a token, a password that meets the policy
// (PasswordRule) and its confirmation. Errors are keyed token, password,
// confirmPassword.
func (in *ResetInput) Validate() error {
	in.Token = strings.TrimSpace(in.Token)
	err := validation.ValidateStruct(in,
		validation.Field(&in.Token, validation.Required.ErrorObject(validation.NewError("required", "Token is required"))),
		validation.Field(&in.Password, field.PasswordRule),
		validation.Field(&in.ConfirmPassword, sameAs(in.Password)),
	)
	return err
}

// ResetPassword sets a new password with a reset token. In one
// transaction it spends the token (and every other reset token of the
// user), sets the password and ends every session of the user
// (EndAllSessions; the token key is renewed too, so access tokens fail).
// An unknown, used or expired token is ErrInvalidResetToken.
func ResetPassword(app core.App, in ResetInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if len(in.Token) > maxRefreshTokenLen {
		return ErrInvalidResetToken
	}
	return db.Write(app, func(txApp core.App) error {
		rec, err := txApp.FindFirstRecordByData(PasswordResetsCollection, "tokenHash", HashRefreshToken(in.Token))
		if err != nil || !rec.GetDateTime("usedAt").IsZero() || rec.GetDateTime("expiresAt").Time().Before(time.Now()) {
			return ErrInvalidResetToken
		}
		user, err := txApp.FindRecordById(UsersCollection, rec.GetString("user"))
		if err != nil {
			return ErrInvalidResetToken
		}
		setPassword(user, in.Password)
		if err := txApp.Save(user); err != nil {
			return err
		}
		return EndAllSessions(txApp, user.Id) // spends this token and every other
	})
}

// setPassword sets a password that has passed PasswordRule. The shop's
// policy (6+ characters, up to 72 bytes) differs from the collection's
// field limits, so the plain value is dropped after hashing, as PocketBase
// itself does for generated passwords; the token key is renewed, which
// invalidates every access token issued before.
func setPassword(user *core.Record, password string) {
	user.SetPassword(password)
	if raw, ok := user.GetRaw("password").(*core.PasswordFieldValue); ok && raw.LastError == nil {
		raw.Plain = ""
	}
	user.RefreshTokenKey()
}
