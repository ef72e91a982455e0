package routes

import (
	"net/http"
	"net/url"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// WatchOriginsFlag lets the shop see whether `serve --origins` was given
// (main calls it with the root command). Given, PocketBase's CORS answers
// those origins as PocketBase documents; not given, the shop replaces
// PocketBase's default of every origin ("*") with its own origin only.
func WatchOriginsFlag(app core.App, root *cobra.Command) {
	given := func() bool {
		serve, _, err := root.Find([]string{"serve"})
		return err == nil && serve.Flags().Changed("origins")
	}
	stateOf(app).originsGiven.Store(&given)
}

// registerCORS makes cross-origin answers the exception: the app is served
// from the same origin, so by default only the shop's public URL
// (Settings > Application > URL) is an allowed origin.
func registerCORS(se *core.ServeEvent) {
	if given := stateOf(se.App).originsGiven.Load(); given != nil && (*given)() {
		return
	}
	se.Router.Unbind(apis.DefaultCorsMiddlewareId)
	se.Router.Bind(apis.CORS(apis.CORSConfig{
		AllowOriginFunc: func(origin string) (bool, error) {
			return origin != "" && origin == siteOrigin(se.App), nil
		},
		AllowMethods: []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPatch, http.MethodPost, http.MethodDelete},
	}))
}

// siteOrigin is the origin (scheme://host[:port]) of the shop's public URL.
func siteOrigin(app core.App) string {
	u, err := url.Parse(app.Settings().Meta.AppURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
