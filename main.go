// Command stageshop is the StageShop server: PocketBase embedded as a
// library with everything server.Register wires in (migrations, record
// hooks, the /api routes, the e-mail worker, crons, metrics), the CLI
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
	"stageshop/internal/server"
	"stageshop/internal/sqlitecache"
	"stageshop/routes"
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
	server.Register(app, site)
	// The command line only: PocketBase's migrate command, the shop's seed
	// and admin, and serve's --origins flag.
	commands.Register(app)
	routes.WatchOriginsFlag(app, app.RootCmd)

	// Not app.Start(): it exits 0 whatever the command's error.
	os.Exit(commands.Execute(app, true))
}
