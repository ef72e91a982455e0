package shop

import (
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// state is what the shop keeps in memory for one app: the store details,
// the access tokens' lifetime, the payment settings and provider.
type state struct {
	store atomic.Pointer[keep.Value[StoreDetails]]
	// payments are the payment settings kept until their record changes;
	// pay is the card payment provider in use.
	payments *keep.Value[PaymentSettings]
	pay      payState
}

func newState() *state {
	return &state{payments: keep.New(time.Minute, readPaymentSettings)}
}

// stateOf is app's shop state (a transaction's app shares it).
func stateOf(app core.App) *state { return appstate.Of(app, newState) }
