// Package server wires StageShop into a PocketBase app: the schema
// migrations, the record hooks, the /api routes with the metrics and the
// embedded web app, the realtime bounds, the e-mail worker, the crons, the
// graceful stop and the configuration read from the environment. main and
// internal/testapp both call Register, so the tests run the app that ships.
package server

import (
	"io/fs"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/hooks"
	"stageshop/internal/realtime"
	"stageshop/internal/replica"
	"stageshop/ops"
	_ "stageshop/pb_migrations" // the schema, as AppMigrations
	"stageshop/routes"
	"stageshop/shop"
	"stageshop/shop/audit"
	"stageshop/shop/hire"
	"stageshop/shop/mail"
	"stageshop/shop/stripepay"
	"stageshop/shop/webhook"
)

// Register binds everything the shop adds to app. site is the built web
// app (pb_public/).
func Register(app core.App, site fs.FS) {
	hooks.Register(app)
	routes.Register(app, site)
	// PocketBase's realtime (/api/realtime), bounded per client; a
	// session's streams end with it.
	realtime.Register(app)
	mail.Register(app)
	webhook.Register(app)
	// The audit log: entries written in the changes' transactions.
	audit.Register(app)
	hire.Register(app)
	ops.Register(app)
	// A LiteFS read replica forwards writes, logins and realtime to the
	// primary (issue 51).
	replica.Register(app)
	// Card payments go through Stripe's hosted checkout (shop/stripepay).
	shop.UseCardProvider(app, stripepay.New)
}
