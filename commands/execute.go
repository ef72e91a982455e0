package commands

import (
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/cmd"
	"github.com/pocketbase/pocketbase/core"
)

// Execute runs the command line as pocketbase.Start does (PocketBase's
// serve and superuser commands beside ours, bootstrap, graceful shutdown on
// SIGINT or SIGTERM, the OnTerminate cleanups) but returns the process's
// exit code: 1 when the command failed. PocketBase's own Execute drops the
// command's error, so `migrate bogus`, an unknown command or a refused
// `admin create` used to exit 0. The command's error is printed here
// ("Error: ..." on stderr), as are the other failures.
func Execute(app *pocketbase.PocketBase, showBanner bool) int {
	app.RootCmd.AddCommand(cmd.NewSuperuserCommand(app), cmd.NewServeCommand(app, showBanner))
	if needsBootstrap(app, os.Args[1:]) {
		if err := app.Bootstrap(); err != nil {
			fmt.Fprintln(os.Stderr, "Error:", err)
			return 1
		}
	}

	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	finished := make(chan error, 1)
	go func() { finished <- app.RootCmd.Execute() }()

	var cmdErr error
	select {
	case sig := <-signals:
		// serve asked to stop ends cleanly, whatever it says next; any
		// other command stopped half way did not do its work, and a script
		// (the journeys' template, make run) must not read that as success.
		if !servesOnly(app, os.Args[1:]) {
			cmdErr = fmt.Errorf("interrupted by %v before it finished", sig)
			fmt.Fprintln(os.Stderr, "Error:", cmdErr)
		}
	case cmdErr = <-finished:
		if cmdErr != nil {
			// PocketBase sends cobra's error output nowhere
			// (RootCmd.SetErr): without this a refused command said nothing.
			fmt.Fprintln(os.Stderr, "Error:", cmdErr)
		}
	}

	termErr := app.OnTerminate().Trigger(&core.TerminateEvent{App: app}, func(e *core.TerminateEvent) error {
		return e.App.ClearBootstrap()
	})
	if termErr != nil {
		fmt.Fprintln(os.Stderr, "Error while stopping:", termErr)
	}
	if cmdErr != nil || termErr != nil {
		return 1
	}
	return 0
}

// servesOnly tells whether the command line runs the server, for which a
// signal is the ordinary way to stop.
func servesOnly(app *pocketbase.PocketBase, args []string) bool {
	c, _, err := app.RootCmd.Find(args)
	return err == nil && c.Name() == "serve"
}

// needsBootstrap mirrors PocketBase's rule: no bootstrap (no data dir is
// opened) for an unknown command, help or version.
func needsBootstrap(app *pocketbase.PocketBase, args []string) bool {
	if app.IsBootstrapped() {
		return false
	}
	c, _, err := app.RootCmd.Find(args)
	if err != nil || c.Annotations[noBootstrap] == "true" {
		return false
	}
	for _, arg := range args {
		if !slices.Contains([]string{"-h", "--help", "-v", "--version"}, arg) {
			continue
		}
		name := strings.TrimLeft(arg, "-")
		if len(name) > 1 && c.Flags().Lookup(name) == nil || len(name) == 1 && c.Flags().ShorthandLookup(name) == nil {
			return false
		}
	}
	return true
}
