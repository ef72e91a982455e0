// Package role says whether this process is StageShop's primary, the one
// node that writes, or a read replica (LiteFS, issue 51; README, "Past one
// machine"). internal/replica decides it once, when the app bootstraps;
// everything that must run on the primary only (the crons, the mail and
// webhook workers, the search log's pruning) asks Primary, and nothing
// else decides it.
package role

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
)

type state struct{ replica atomic.Bool }

func stateOf(app core.App) *state { return appstate.Of(app, func() *state { return &state{} }) }

// SetReplica records that app runs as a read replica (or not).
func SetReplica(app core.App, replica bool) { stateOf(app).replica.Store(replica) }

// Primary reports whether app is the primary: true unless it bootstrapped
// as a read replica.
func Primary(app core.App) bool { return !stateOf(app).replica.Load() }
