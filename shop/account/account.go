package account

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/appstate"
	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/locale"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// Account errors.
var (
	// ErrEmailTaken: another account uses the e-mail.
	ErrEmailTaken = wire.Conflict("email_taken", "An account with this email already exists").
			WithField("email", "This email is already registered")
	// ErrInvalidCredentials: no account with the e-mail, or a wrong password
	// (the two are not told apart).
	ErrInvalidCredentials = wire.Unauthorized("invalid_credentials", "Invalid email or password")
)

// AccessTokenTTLEnv names the environment variable that overrides the
// access-token lifetime (a Go duration such as "20s"), for tests and e2e
// runs that need tokens to expire quickly.
const AccessTokenTTLEnv = "STAGESHOP_ACCESS_TOKEN_TTL"

// ApplyAccessTokenTTL reads STAGESHOP_ACCESS_TOKEN_TTL and makes it the
// lifetime of the access tokens the shop issues from then on. Unset or
// empty keeps the users collection's setting (1 hour). The override lives
// in the app's memory, so the migrations (which set the collection's
// duration) cannot undo it and nothing is written to the database.
func ApplyAccessTokenTTL(app core.App) error {
	v := os.Getenv(AccessTokenTTLEnv)
	if v == "" {
		tokenTTLOf(app).Store(0)
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Second || d > 30*24*time.Hour {
		return fmt.Errorf("%s=%q: want a duration between 1s and 720h, such as 20s", AccessTokenTTLEnv, v)
	}
	tokenTTLOf(app).Store(int64(d))
	return nil
}

// TokenPair is what login, refresh and an e-mail or password change hand
// out: an access token and the refresh token of its session.
type TokenPair struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
}

// newSession starts a session for user: the first refresh token of a new
// family and an access token tied to it.
func newSession(app core.App, user *core.Record) (TokenPair, error) {
	family, refresh, err := StartSession(app, user.Id)
	if err != nil {
		return TokenPair{}, err
	}
	token, err := AccessToken(user, family, accessTokenTTL(app))
	if err != nil {
		return TokenPair{}, err
	}
	return TokenPair{Token: token, RefreshToken: refresh}, nil
}

// Register creates a Customer account from a registration. A taken
// e-mail is ErrEmailTaken.
func Register(app core.App, in RegisterInput) (*core.Record, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	users, err := app.FindCachedCollectionByNameOrId(UsersCollection)
	if err != nil {
		return nil, err
	}
	if emailTaken(app, in.Email, "") {
		return nil, ErrEmailTaken
	}
	user := core.NewRecord(users)
	user.SetEmail(in.Email)
	setPassword(user, in.Password)
	user.Set("firstName", in.FirstName)
	user.Set("lastName", in.LastName)
	user.Set("roles", []string{RoleCustomer})
	user.Set("language", in.Language)
	// The welcome is queued with the account: no account, no welcome.
	err = db.Write(app, func(txApp core.App) error {
		if err := saveUser(txApp, user); err != nil {
			return err
		}
		return mail.QueueWelcome(txApp, user.Id, mail.Recipient{Email: user.Email(), Language: in.Language,
			Name: strings.TrimSpace(in.FirstName + " " + in.LastName)})
	})
	if err != nil {
		return nil, err
	}
	return user, nil
}

// LoginInput is the body of a login. Language is the app's current one;
// anything but a supported language keeps the stored one.
type LoginInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Language string `json:"language"`
}

// Validate checks that both the e-mail and the password were given.
func (in LoginInput) Validate() error {
	in.Email = field.NormalizeEmail(in.Email)
	err := validation.ValidateStruct(&in,
		validation.Field(&in.Email, field.Required("Email is required")),
		validation.Field(&in.Password, field.Required("Password is required")),
	)
	return field.WithSummary(err, "Please enter both email and password")
}

// Login checks an e-mail and password, records the login and starts a
// session. A wrong password and an unknown e-mail are both
// ErrInvalidCredentials, in the same time.
func Login(app core.App, in LoginInput) (*core.Record, TokenPair, error) {
	if err := in.Validate(); err != nil {
		return nil, TokenPair{}, err
	}
	user, err := app.FindAuthRecordByEmail(UsersCollection, field.NormalizeEmail(in.Email))
	if err != nil || len(in.Password) > field.MaxPasswordBytes {
		// Spend the same bcrypt time as a real check, so the answer's
		// timing does not tell which e-mails have accounts.
		burnPasswordCheck(app, in.Password)
		return nil, TokenPair{}, ErrInvalidCredentials
	}
	if !user.ValidatePassword(in.Password) {
		return nil, TokenPair{}, ErrInvalidCredentials
	}
	user.Set("lastLoginAt", types.NowDateTime())
	if locale.IsLanguage(in.Language) {
		user.Set("language", in.Language)
	}
	if err := app.Save(user); err != nil {
		return nil, TokenPair{}, err
	}
	pair, err := newSession(app, user)
	if err != nil {
		return nil, TokenPair{}, err
	}
	return user, pair, nil
}

// RefreshInput is the body of a refresh (and, optionally, of a logout).
type RefreshInput struct {
	RefreshToken string `json:"refreshToken"`
}

// Validate checks that a refresh token was given.
func (in RefreshInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.RefreshToken, field.Required("Refresh token is required")))
}

// Refresh spends a refresh token and returns its successor with a new
// access token of the same session. An unknown, expired or retired token
// is ErrRefreshTokenInvalid, or ErrRefreshTokenReused when a retired one
// came back (its whole session has then been ended).
func Refresh(app core.App, in RefreshInput) (TokenPair, error) {
	if err := in.Validate(); err != nil {
		return TokenPair{}, err
	}
	rot, err := RotateRefreshToken(app, in.RefreshToken)
	if err != nil {
		return TokenPair{}, err
	}
	user, err := app.FindRecordById(UsersCollection, rot.UserID)
	if err != nil {
		return TokenPair{}, ErrRefreshTokenInvalid
	}
	token, err := AccessToken(user, rot.Family, accessTokenTTL(app))
	if err != nil {
		return TokenPair{}, err
	}
	return TokenPair{Token: token, RefreshToken: rot.RefreshToken}, nil
}

// Logout ends the session of the refresh token in, or every session of
// the user when in has none. A token that is not the user's is ignored.
func Logout(app core.App, userID string, in RefreshInput) error {
	if in.RefreshToken == "" {
		return revokeUserRefreshTokens(app, userID)
	}
	_, err := RevokeRefreshFamily(app, userID, in.RefreshToken)
	return err
}

// UpdateProfile changes the names, the language and the e-mail of
// in.Account, and the password when a new one is given. Changing the
// e-mail or the password needs the current password (a stolen access token
// alone cannot take the account over, nor probe which e-mails have
// accounts) and ends every session of the user, access and refresh tokens
// alike; the caller then gets a fresh session (nil otherwise). in.Account
// is not changed.
func UpdateProfile(app core.App, in ProfileInput) (*core.Record, *TokenPair, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, nil, err
	}
	// Asked only after the password held: no probing for accounts.
	if in.ChangesEmail() && emailTaken(app, in.Email, in.Account.Id) {
		return nil, nil, ErrEmailTaken
	}
	user := in.Account.Fresh() // the caller's record stays as it was should the save fail
	user.SetEmail(in.Email)
	user.Set("firstName", in.FirstName)
	user.Set("lastName", in.LastName)
	if in.Language != "" {
		user.Set("language", in.Language)
	}
	if in.CompanyName != nil {
		user.Set("companyName", *in.CompanyName)
	}
	if in.TaxID != nil {
		user.Set("taxId", *in.TaxID)
	}
	if in.ChangesPassword() {
		setPassword(user, in.NewPassword)
	}
	if !in.ChangesPassword() && !in.ChangesEmail() {
		return user, nil, saveUser(app, user)
	}
	var pair TokenPair
	err := db.Write(app, func(tx core.App) error {
		if err := saveUser(tx, user); err != nil {
			return err
		}
		if err := EndAllSessions(tx, user.Id); err != nil {
			return err
		}
		var err error
		pair, err = newSession(tx, user)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return user, &pair, nil
}

// UserLanguage is the language the shop writes to the user in: en, ru or
// zh (English until the user's app sends one).
func UserLanguage(u *core.Record) string {
	if l := u.GetString("language"); locale.IsLanguage(l) {
		return l
	}
	return "en"
}

// emailTaken reports whether another account (not exceptID) uses email.
func emailTaken(app core.App, email, exceptID string) bool {
	rec, err := app.FindAuthRecordByEmail(UsersCollection, email)
	return err == nil && rec.Id != exceptID
}

// saveUser saves a user record; an e-mail that turned out to be taken (a
// concurrent registration: PocketBase turns the unique index's refusal into
// a field error on email) is ErrEmailTaken.
func saveUser(app core.App, user *core.Record) error {
	err := app.Save(user)
	var verrs validation.Errors
	if errors.As(err, &verrs) {
		if _, ok := verrs["email"]; ok {
			return ErrEmailTaken
		}
	}
	return err
}

var (
	dummyUserOnce sync.Once
	dummyUser     *core.Record
)

// burnPasswordCheck runs one bcrypt comparison against a throwaway hash.
func burnPasswordCheck(app core.App, password string) {
	dummyUserOnce.Do(func() {
		users, err := app.FindCachedCollectionByNameOrId(UsersCollection)
		if err != nil {
			return
		}
		dummyUser = core.NewRecord(users)
		dummyUser.SetPassword("Dummy-password-1")
	})
	if dummyUser != nil {
		dummyUser.ValidatePassword(password)
	}
}

// accessTokenTTL is the lifetime of the access tokens the shop issues.
func accessTokenTTL(app core.App) time.Duration {
	return time.Duration(tokenTTLOf(app).Load())
}

// tokenTTL is the lifetime of the access tokens the shop issues, in
// nanoseconds; 0 is the users collection's setting.
type tokenTTL struct{ atomic.Int64 }

// tokenTTLOf is app's access-token lifetime (a transaction's app shares it).
func tokenTTLOf(app core.App) *tokenTTL {
	return appstate.Of(app, func() *tokenTTL { return &tokenTTL{} })
}
