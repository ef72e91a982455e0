package shop

import (
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// state is what the shop keeps in memory for one app: the shipping
// settings and tax rules kept between requests and the access tokens' lifetime.
type state struct {
	shipping atomic.Pointer[keep.Value[ShippingSettings]]
	taxRules atomic.Pointer[keep.Value[TaxRules]]
	tokenTTL atomic.Int64 // nanoseconds; 0: the users collection's setting
}

func newState() *state { return &state{} }

// stateOf is app's shop state (a transaction's app shares it).
func stateOf(app core.App) *state { return appstate.Of(app, newState) }

// accessTokenTTL is the lifetime of the access tokens the shop issues.
func accessTokenTTL(app core.App) time.Duration {
	return time.Duration(stateOf(app).tokenTTL.Load())
}
