package commands

import (
	"github.com/pocketbase/pocketbase"
	"github.com/spf13/cobra"
)

func newSeedCommand(app *pocketbase.PocketBase) *cobra.Command {
	return &cobra.Command{Use: "seed", Short: "Load the demo catalog into an empty database"}
}
