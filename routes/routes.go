// Package routes is StageShop's HTTP surface: the /api routes of
// docs/api.md, product images and the embedded web app. Handlers decode the
// request, call package shop and encode the answer, or return an error:
// shopErrors, bound on every group of shop routes, answers it in the
// contract's envelope; guards (signedIn, staffOnly) are group middleware.
package routes

import (
	"io/fs"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"
)

// Register binds the shop's routes to app's router when it serves. site is
// the built web app (pb_public/).
func Register(app core.App, site fs.FS) {
	bindBackgroundWork(app)
	sessionFileTokens(app)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(requestID)
		se.Router.Bind(quietHealth())
		registerMetrics(se)
		se.Router.Bind(noStoreAPI())
		registerMiddlewareErrors(se)
		registerCORS(se)
		se.Router.Bind(securityHeaders())
		se.Router.Bind(endedSessions(), closeSideDoors())
		registerAuth(se)
		registerAddresses(se)
		registerProducts(se)
		registerCategories(se)
		registerPromotions(se)
		registerHire(se)
		registerProductsCSV(se)
		registerUploads(se)
		registerImages(se)
		registerCheckout(se)
		registerPayments(se)
		registerReturns(se)
		registerQuotes(se)
		registerShipping(se)
		registerFulfilment(se)
		registerStockAlerts(se)
		registerCart(se)
		registerContact(se)
		registerAdminEmails(se)
		registerWebhooks(se)
		registerAudit(se)
		registerAPIKeys(se)
		registerAdminOverview(se)
		registerStore(se)
		registerSearchSynonyms(se)
		registerSettingsAdmin(se)
		registerOpenAPI(se)
		registerSitemap(se)
		registerFeeds(se)
		registerSPA(se, site)
		return se.Next()
	})
}

// quietRead keeps successful public reads (the catalog, product images, the
// app's files) out of PocketBase's request log. That log writes one SQLite
// row per request through a batch of ORM saves: for the catalog's traffic
// it cost more than half the server's throughput and hundreds of MB of
// memory in bench/ (see bench/README.md). Sign-ins, carts, orders, contact
// and admin work stay in the log, and so does every error answer, which
// shopErrors hands on to the log.
func quietRead() *hook.Handler[*core.RequestEvent] {
	return apis.SkipSuccessActivityLog()
}

// quietHealth does the same for PocketBase's own GET /api/health, which the
// container's health check and load balancers poll forever.
func quietHealth() *hook.Handler[*core.RequestEvent] {
	skip := apis.SkipSuccessActivityLog()
	return &hook.Handler[*core.RequestEvent]{Func: func(e *core.RequestEvent) error {
		if e.Request.Method == http.MethodGet && e.Request.URL.Path == "/api/health" {
			return skip.Func(e)
		}
		return e.Next()
	}}
}

// requestID tags every request with an id, returned in X-Request-Id and
// written with the request in PocketBase's request log and with every
// unexpected error, so a user's report can be traced.
func requestID(e *core.RequestEvent) error {
	id := security.RandomString(16)
	e.Response.Header().Set("X-Request-Id", id)
	e.Set("requestId", id)
	// PocketBase's request log stores this with the request, errors included.
	e.Set(apis.RequestEventKeyLogMeta, map[string]any{"requestId": id})
	return e.Next()
}
