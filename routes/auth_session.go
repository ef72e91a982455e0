package routes

import (
	"bytes"
	"io"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
)

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
		return shop.ApplyAccessTokenTTL(e.App)
	})
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
