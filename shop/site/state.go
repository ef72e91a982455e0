package site

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// state is what site keeps in memory for one app: the store details,
// kept until their record changes (KeepStoreDetails).
type state struct {
	store atomic.Pointer[keep.Value[StoreDetails]]
}

// stateOf is app's site state (a transaction's app shares it).
func stateOf(app core.App) *state { return appstate.Of(app, func() *state { return &state{} }) }
