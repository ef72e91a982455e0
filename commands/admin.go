package commands

import (
	"github.com/pocketbase/pocketbase"
	"github.com/spf13/cobra"
)

func newAdminCommand(app *pocketbase.PocketBase) *cobra.Command {
	return &cobra.Command{Use: "admin", Short: "Manage shop admins"}
}
