// Package commands adds StageShop's own CLI commands (seed, admin, promote
// and ha) beside PocketBase's serve, migrate and superuser.
package commands

import (
	"github.com/pocketbase/pocketbase"
)

// Register adds the shop's commands to app's root command.
func Register(app *pocketbase.PocketBase) {
	app.RootCmd.AddCommand(newSeedCommand(app), newAdminCommand(app))
	app.RootCmd.AddCommand(newHACommands(app)...)
}
