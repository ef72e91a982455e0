// Package routes is StageShop's HTTP surface: the /api routes of
// docs/api.md, product images and the embedded web app. Handlers decode the
// request, call package shop and encode the answer; every error leaves
// through one helper that writes the contract's envelope.
package routes

import (
	"io/fs"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// Register binds the shop's routes to app's router when it serves. site is
// the built web app (pb_public/).
func Register(app core.App, site fs.FS) {
	bindAccessTokenTTL(app)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(requestID)
		registerMiddlewareErrors(se)
		registerAuth(se)
		registerProducts(se)
		registerUploads(se)
		registerImages(se)
		registerCheckout(se)
		registerCart(se)
		registerContact(se)
		registerSPA(se, site)
		return se.Next()
	})
}

// requestID tags every request with an id, returned in X-Request-Id and
// written with every logged error, so a user's report can be traced.
func requestID(e *core.RequestEvent) error {
	id := security.RandomString(16)
	e.Response.Header().Set("X-Request-Id", id)
	e.Set("requestId", id)
	return e.Next()
}
