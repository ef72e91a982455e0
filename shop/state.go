package shop

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// state is what the shop keeps in memory for one app: the payment
// settings and provider.
type state struct {
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
