package routes

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

// AccessTokenTTLEnv names the environment variable that overrides the
// access-token lifetime (a Go duration such as "20s"), for tests and e2e
// runs that need tokens to expire quickly.
const AccessTokenTTLEnv = "STAGESHOP_ACCESS_TOKEN_TTL"

const accessTokenTTLKey = "stageshop.accessTokenTTL"

// bindAccessTokenTTL applies STAGESHOP_ACCESS_TOKEN_TTL when the app
// bootstraps (an invalid value stops the start with a clear error) and
// schedules the daily clean-up of expired refresh tokens.
func bindAccessTokenTTL(app core.App) {
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		e.App.Cron().MustAdd("stageshopPruneRefreshTokens", "17 4 * * *", func() {
			if err := shop.PruneRefreshTokens(e.App); err != nil {
				e.App.Logger().Error("pruning refresh tokens", "error", err.Error())
			}
		})
		return ApplyAccessTokenTTL(e.App)
	})
}

// ApplyAccessTokenTTL reads STAGESHOP_ACCESS_TOKEN_TTL and makes it the
// lifetime of the access tokens the shop issues from then on. Unset or
// empty keeps the users collection's setting (1 hour). The override lives
// in the app's memory, so the migrations (which set the collection's
// duration) cannot undo it and nothing is written to the database.
func ApplyAccessTokenTTL(app core.App) error {
	v := os.Getenv(AccessTokenTTLEnv)
	if v == "" {
		app.Store().Remove(accessTokenTTLKey)
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Second || d > 30*24*time.Hour {
		return fmt.Errorf("%s=%q: want a duration between 1s and 720h, such as 20s", AccessTokenTTLEnv, v)
	}
	app.Store().Set(accessTokenTTLKey, d)
	return nil
}

// decodeOptionalJSON is decodeJSON for bodies that may be left out: an
// empty (or all-whitespace) body leaves dst as it is.
func decodeOptionalJSON(e *core.RequestEvent, dst any) error {
	body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, MaxJSONBody))
	if err != nil {
		return decodeError(err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	e.Request.Body = io.NopCloser(bytes.NewReader(body))
	return decodeJSON(e, dst)
}
