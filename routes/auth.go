package routes

import (
	"errors"
	"net/http"
	"slices"
	"sync"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// registerAuth binds /api/auth/*: register, login, refresh, logout and the
// signed-in user's profile.
func registerAuth(se *core.ServeEvent) {
	g := shopGroup(se, "/api/auth")
	g.POST("/register", authRegister)
	g.POST("/login", authLogin)
	g.POST("/refresh", authRefresh)
	g.POST("/logout", authLogout).Bind(signedIn())
	g.GET("/profile", authProfile).Bind(signedIn())
	g.PUT("/profile", authUpdateProfile).Bind(signedIn())
	g.POST("/forgot-password", authForgotPassword)
	g.POST("/reset-password", authResetPassword)
}

// userJSON is the contract's user object. lastLoginAt is null until the
// first login.
type userJSON struct {
	ID          string   `json:"id"`
	Email       string   `json:"email"`
	FirstName   string   `json:"firstName"`
	LastName    string   `json:"lastName"`
	Language    string   `json:"language"`
	Roles       []string `json:"roles"`
	IsAdmin     bool     `json:"isAdmin"`
	CreatedAt   string   `json:"createdAt"`
	LastLoginAt *string  `json:"lastLoginAt"`
}

// tokenPair is what login, refresh and a password change hand out.
type tokenPair struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
}

func toUserJSON(u *core.Record) userJSON {
	roles := []string{}
	_ = u.UnmarshalJSONField("roles", &roles)
	if roles == nil {
		roles = []string{}
	}
	out := userJSON{
		ID:        u.Id,
		Email:     u.Email(),
		FirstName: u.GetString("firstName"),
		LastName:  u.GetString("lastName"),
		Language:  userLanguage(u),
		Roles:     roles,
		IsAdmin:   slices.Contains(roles, shop.RoleAdmin),
		CreatedAt: wire.Stamp(u.GetDateTime("created")),
	}
	if last := u.GetDateTime("lastLoginAt"); !last.IsZero() {
		s := wire.Stamp(last)
		out.LastLoginAt = &s
	}
	return out
}

var errInvalidCredentials = newError(http.StatusUnauthorized, "invalid_credentials", "Invalid email or password")

var errInvalidRefresh = newError(http.StatusUnauthorized, "invalid_refresh_token", "Invalid or expired refresh token")

func errEmailTaken() *apiError {
	ae := newError(http.StatusConflict, "email_taken", "An account with this email already exists")
	ae.Errors = map[string]string{"email": "This email is already registered"}
	return ae
}

func authRegister(e *core.RequestEvent) error {
	var req shop.RegisterInput
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	req.Normalize()
	if err := req.Validate(); err != nil {
		return err
	}
	email := req.Email

	users, err := e.App.FindCachedCollectionByNameOrId(shop.UsersCollection)
	if err != nil {
		return err
	}
	if taken, err := emailTaken(e.App, email, ""); err != nil {
		return err
	} else if taken {
		return errEmailTaken()
	}
	user := core.NewRecord(users)
	user.SetEmail(email)
	setPassword(user, req.Password)
	user.Set("firstName", req.FirstName)
	user.Set("lastName", req.LastName)
	user.Set("roles", []string{shop.RoleCustomer})
	user.Set("language", req.Language)
	if err := saveUser(e.App, user); err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, map[string]any{
		"message": "Registration successful",
		"user":    toUserJSON(user),
	})
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Language string `json:"language"`
}

func authLogin(e *core.RequestEvent) error {
	var req loginRequest
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	email := shop.NormalizeEmail(req.Email)
	errs := map[string]string{}
	if email == "" {
		errs["email"] = "Email is required"
	}
	if req.Password == "" {
		errs["password"] = "Password is required"
	}
	if len(errs) > 0 {
		ae := validationError(errs)
		ae.Message = "Please enter both email and password"
		return ae
	}

	user, err := e.App.FindAuthRecordByEmail(shop.UsersCollection, email)
	if err != nil || len(req.Password) > shop.MaxPasswordBytes {
		// Spend the same bcrypt time as a real check, so the answer's
		// timing does not tell which e-mails have accounts.
		burnPasswordCheck(e.App, req.Password)
		return errInvalidCredentials
	}
	if !user.ValidatePassword(req.Password) {
		return errInvalidCredentials
	}

	user.Set("lastLoginAt", types.NowDateTime())
	if shop.IsLanguage(req.Language) { // the app's current language; anything else keeps the stored one
		user.Set("language", req.Language)
	}
	if err := e.App.Save(user); err != nil {
		return err
	}
	pair, err := newSession(e.App, user)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, struct {
		tokenPair
		userJSON
	}{pair, toUserJSON(user)})
}

type refreshRequest struct {
	RefreshToken string `json:"refreshToken"`
}

func authRefresh(e *core.RequestEvent) error {
	var req refreshRequest
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	if req.RefreshToken == "" {
		return validationError(map[string]string{"refreshToken": "Refresh token is required"})
	}
	rot, err := shop.RotateRefreshToken(e.App, req.RefreshToken)
	switch {
	case errors.Is(err, shop.ErrRefreshTokenReused):
		e.App.Logger().Warn("refresh token reuse: family revoked",
			"requestId", e.Response.Header().Get("X-Request-Id"), "ip", e.RealIP())
		return errInvalidRefresh
	case errors.Is(err, shop.ErrRefreshTokenInvalid):
		return errInvalidRefresh
	case err != nil:
		return err
	}
	user, err := e.App.FindRecordById(shop.UsersCollection, rot.UserID)
	if err != nil {
		return errInvalidRefresh
	}
	token, err := accessToken(e.App, user, rot.Family)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, tokenPair{Token: token, RefreshToken: rot.RefreshToken})
}

func authLogout(e *core.RequestEvent) error {
	user := e.Auth
	var req refreshRequest
	if err := decodeOptionalJSON(e, &req); err != nil {
		return err
	}
	if req.RefreshToken != "" {
		// Only this sign-in ends. A token that is not the caller's is ignored.
		if _, err := shop.RevokeRefreshFamily(e.App, user.Id, req.RefreshToken); err != nil {
			return err
		}
	} else if err := shop.RevokeUserRefreshTokens(e.App, user.Id); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]string{"message": "Logged out successfully"})
}

func authProfile(e *core.RequestEvent) error {
	user := e.Auth
	return e.JSON(http.StatusOK, toUserJSON(user))
}

// authUpdateProfile changes names and e-mail, and the password when
// newPassword is given. Changing the e-mail or the password needs the
// current password (a stolen access token alone cannot take the account
// over or probe which e-mails have accounts) and ends every session of the
// user, access and refresh tokens; the caller gets a fresh pair.
func authUpdateProfile(e *core.RequestEvent) error {
	user := e.Auth
	req := shop.ProfileInput{Account: user}
	if err := decodeJSON(e, &req); err != nil {
		return err
	}
	req.Account = user
	req.Normalize()
	if err := req.Validate(); err != nil {
		return err
	}
	changePassword := req.ChangesPassword()
	endSessions := changePassword || req.ChangesEmail()
	if req.ChangesEmail() {
		// Asked only after the password held: no probing for accounts.
		if taken, err := emailTaken(e.App, req.Email, user.Id); err != nil {
			return err
		} else if taken {
			return errEmailTaken()
		}
	}

	// Work on a copy: e.Auth stays as it was should the save fail.
	user = user.Fresh()
	user.SetEmail(req.Email)
	user.Set("firstName", req.FirstName)
	user.Set("lastName", req.LastName)
	if req.Language != "" {
		user.Set("language", req.Language)
	}
	if changePassword {
		setPassword(user, req.NewPassword)
	}
	var pair tokenPair
	err := e.App.RunInTransaction(func(tx core.App) error {
		if err := saveUser(tx, user); err != nil || !endSessions {
			return err
		}
		if err := shop.EndAllSessions(tx, user.Id); err != nil {
			return err
		}
		var err error
		pair, err = newSession(tx, user)
		return err
	})
	if err != nil {
		return err
	}
	body := map[string]any{"message": "Profile updated successfully", "user": toUserJSON(user)}
	if endSessions {
		body["token"], body["refreshToken"] = pair.Token, pair.RefreshToken
	}
	return e.JSON(http.StatusOK, body)
}

// newSession starts a session: the first refresh token of a new family and
// an access token tied to it.
func newSession(app core.App, user *core.Record) (tokenPair, error) {
	family, refresh, err := shop.StartSession(app, user.Id)
	if err != nil {
		return tokenPair{}, err
	}
	token, err := accessToken(app, user, family)
	if err != nil {
		return tokenPair{}, err
	}
	return tokenPair{Token: token, RefreshToken: refresh}, nil
}

// setPassword sets a password that has passed shop.CheckPassword and
// renews the token key (see shop.SetPassword).
func setPassword(user *core.Record, password string) {
	shop.SetPassword(user, password)
}

// emailTaken reports whether another account (not exceptID) uses email.
func emailTaken(app core.App, email, exceptID string) (bool, error) {
	rec, err := app.FindAuthRecordByEmail(shop.UsersCollection, email)
	if err != nil {
		return false, nil //nolint:nilerr // not found
	}
	return rec.Id != exceptID, nil
}

// saveUser saves a user record and answers 409 when the e-mail turned out
// to be taken (a concurrent registration: PocketBase turns the unique
// index's refusal into a field error on email).
func saveUser(app core.App, user *core.Record) error {
	err := app.Save(user)
	if err == nil {
		return nil
	}
	var verrs validation.Errors
	if errors.As(err, &verrs) {
		if _, ok := verrs["email"]; ok {
			return errEmailTaken()
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
		users, err := app.FindCachedCollectionByNameOrId(shop.UsersCollection)
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

// userLanguage is the language the shop writes to the user in: en, ru or
// zh (English until the user's app sends one).
func userLanguage(u *core.Record) string {
	if l := u.GetString("language"); shop.IsLanguage(l) {
		return l
	}
	return "en"
}
