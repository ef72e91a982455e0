// Command stageshop is the StageShop server: PocketBase embedded as a
// library, the shop's /api routes, record hooks, migrations, the CLI
// commands seed and admin, and the React app built into pb_public/.
package main

import (
	"embed"
	"io/fs"
	"log"
	"os"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"

	"stageshop/commands"
	"stageshop/hooks"
	"stageshop/internal/sqlitecache"
	"stageshop/ops"
	_ "stageshop/pb_migrations"
	"stageshop/routes"
	"stageshop/shop/mail"
)

// public is the built app (or, before the first build, the placeholder page).
//
//go:embed all:pb_public
var public embed.FS

func main() {
	app := pocketbase.NewWithConfig(pocketbase.Config{
		// SQLite serves reads from a pool. PocketBase keeps up to 120 open but
		// only 15 idle, so under load connections (each with its own 32 MB
		// page cache) are opened and closed all the time. A steady pool of 12
		// keeps the caches warm, is plenty for a few cores, and bounds memory
		// (24 connections reached 939 MB at 10k products; see bench/README.md).
		DataMaxOpenConns: 12,
		DataMaxIdleConns: 12,
		DBConnect:        sqlitecache.Connect,
	})

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangGo,
		Dir:          "pb_migrations",
	})

	site, err := fs.Sub(public, "pb_public")
	if err != nil {
		log.Fatal(err)
	}
	hooks.Register(app)
	routes.Register(app, site)
	routes.WatchOriginsFlag(app, app.RootCmd)
	mail.Register(app)
	commands.Register(app)
	ops.Register(app)

	// Not app.Start(): it exits 0 whatever the command's error.
	os.Exit(commands.Execute(app, true))
}
