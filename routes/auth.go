package routes

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// registerAuth binds /api/auth/*: register, login, refresh, logout, the
// signed-in user's profile and the password reset. The rules are shop's
// (shop/account.go); these handlers decode, call and encode.
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

func authRegister(e *core.RequestEvent) error {
	var in account.RegisterInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	user, err := account.Register(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, wire.UserAnswer{Message: "Registration successful", User: toUserJSON(user)})
}

func authLogin(e *core.RequestEvent) error {
	var in account.LoginInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	user, pair, err := account.Login(e.App, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.LoginAnswer{Token: pair.Token, RefreshToken: pair.RefreshToken, User: toUserJSON(user)})
}

func authRefresh(e *core.RequestEvent) error {
	var in account.RefreshInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	pair, err := account.Refresh(e.App, in)
	if errors.Is(err, account.ErrRefreshTokenReused) {
		e.App.Logger().Warn("refresh token reuse: family revoked",
			"requestId", e.Response.Header().Get("X-Request-Id"), "ip", e.RealIP())
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, pair)
}

func authLogout(e *core.RequestEvent) error {
	var in account.RefreshInput
	if err := decodeOptionalJSON(e, &in); err != nil {
		return err
	}
	if err := account.Logout(e.App, e.Auth.Id, in); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, wire.Message{Message: "Logged out successfully"})
}

func authProfile(e *core.RequestEvent) error {
	return e.JSON(http.StatusOK, toUserJSON(e.Auth))
}

// authUpdateProfile changes names, e-mail, language and password (see
// shop.UpdateProfile); a change of e-mail or password answers a fresh
// token pair.
func authUpdateProfile(e *core.RequestEvent) error {
	var in account.ProfileInput
	if err := decodeJSON(e, &in); err != nil {
		return err
	}
	in.Account = e.Auth
	user, pair, err := account.UpdateProfile(e.App, in)
	if err != nil {
		return err
	}
	body := wire.UserAnswer{Message: "Profile updated successfully", User: toUserJSON(user)}
	if pair != nil {
		body.Token, body.RefreshToken = pair.Token, pair.RefreshToken
	}
	return e.JSON(http.StatusOK, body)
}
