package shop

import (
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// A line may take a product's whole stock (the spec), so what keeps one
// customer from holding the shop's stock is how many unpaid orders they may
// have at once: the shop setting maxUnpaidOrders (shop_settings).

// DefaultMaxUnpaidOrders is maxUnpaidOrders until an admin changes it.
const DefaultMaxUnpaidOrders = 3

// MaxUnpaidOrdersLimit is the largest value the setting accepts.
const MaxUnpaidOrdersLimit = 1000

// UnpaidOrdersError refuses an order to a customer who already holds Limit
// unpaid orders.
type UnpaidOrdersError struct{ Limit int }

func (e *UnpaidOrdersError) Error() string {
	return fmt.Sprintf("You already have %d unpaid orders, the most a customer may hold at once. "+
		"Please cancel one, or wait until one is paid, before placing a new order.", e.Limit)
}

// Problem is 409 too_many_unpaid_orders.
func (e *UnpaidOrdersError) Problem() *wire.Problem {
	return wire.Conflict("too_many_unpaid_orders", e.Error())
}

// CountUnpaidOrders counts the user's unpaid orders: the one definition of
// "unpaid" for the limit. An order counts while it is Created and its
// payment is still owed (pending card, awaiting or part-paid transfer); a
// paid order waiting to be shipped holds no unpaid stock. Orders on invoice
// terms do not count: they are credit an admin granted to the venue.
func CountUnpaidOrders(app core.App, userID string) (int, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(OrdersCollection).
		Where(dbx.HashExp{"user": userID, "status": StatusCreated,
			"paymentStatus": []any{PayPending, PayAwaiting, PayPartiallyPaid}}).
		AndWhere(dbx.Not(dbx.HashExp{"paymentMethod": MethodInvoice})).Row(&n)
	return n, err
}

// checkUnpaidOrders refuses a new order (UnpaidOrdersError) when the user
// already holds the most unpaid orders allowed. Call it in the order's
// transaction: writes are serialized, so two orders at once cannot both
// pass.
func checkUnpaidOrders(txApp core.App, userID string) error {
	limits, err := LoadOrderLimits(txApp)
	if err != nil {
		return err
	}
	n, err := CountUnpaidOrders(txApp, userID)
	if err != nil {
		return err
	}
	if n >= limits.MaxUnpaidOrders {
		return &UnpaidOrdersError{Limit: limits.MaxUnpaidOrders}
	}
	return nil
}

// OrderLimits are the shop's limits on orders, from its settings record.
type OrderLimits struct {
	MaxUnpaidOrders int
}

// Validate checks the limits; errors are keyed by the record's field names.
func (l OrderLimits) Validate() error {
	outside := validation.NewError("validation_range", "Must be a whole number from 1 to 1000")
	return validation.Errors{
		// Required: the threshold rules pass 0 as "empty".
		"maxUnpaidOrders": validation.Validate(l.MaxUnpaidOrders, validation.Required.ErrorObject(outside),
			validation.Min(1).ErrorObject(outside), validation.Max(MaxUnpaidOrdersLimit).ErrorObject(outside)),
	}.Filter()
}

// orderLimitsOf reads the limits out of a settings record.
func orderLimitsOf(rec *core.Record) OrderLimits {
	return OrderLimits{MaxUnpaidOrders: rec.GetInt("maxUnpaidOrders")}
}

// keptOrderLimits is app's kept order limits (KeepOrderLimits).
type keptOrderLimits struct {
	v atomic.Pointer[keep.Value[OrderLimits]]
}

func keptLimits(app core.App) *keptOrderLimits {
	return appstate.Of(app, func() *keptOrderLimits { return &keptOrderLimits{} })
}

// LoadOrderLimits returns the shop's order limits (the defaults without a
// settings record). With KeepOrderLimits they are kept until the settings
// record changes.
func LoadOrderLimits(app core.App) (OrderLimits, error) {
	if k := keptLimits(app).v.Load(); k != nil {
		return k.Get(app)
	}
	return readOrderLimits(app)
}

// KeepOrderLimits keeps app's order limits until its settings record
// changes (or a minute passes: another process may edit them).
func KeepOrderLimits(app core.App) {
	k := keep.New(time.Minute, readOrderLimits)
	k.DropOnChange(app, shipping.SettingsCollection)
	keptLimits(app).v.Store(k)
}

func readOrderLimits(app core.App) (OrderLimits, error) {
	recs, err := app.FindRecordsByFilter(shipping.SettingsCollection, "", "created", 1, 0)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && len(recs) == 0) {
		return OrderLimits{MaxUnpaidOrders: DefaultMaxUnpaidOrders}, nil
	}
	if err != nil {
		return OrderLimits{}, err
	}
	l := orderLimitsOf(recs[0])
	if l.MaxUnpaidOrders < 1 { // a record from before the setting
		l.MaxUnpaidOrders = DefaultMaxUnpaidOrders
	}
	return l, nil
}
