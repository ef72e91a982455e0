package shop

import (
	"errors"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// maxTrackingNumberLen bounds a tracking number.
const maxTrackingNumberLen = 100

// ErrNotCancellable: a customer's cancel of an order that is no longer
// Created.
var ErrNotCancellable = errors.New("This order can no longer be cancelled")

// StatusUpdate is an admin's change of an order: its status and, when
// sent, its tracking number (trimmed; "" clears it).
type StatusUpdate struct {
	Status         string  `json:"status"`
	TrackingNumber *string `json:"trackingNumber"`
}

// Validate checks the status against the six statuses and the tracking
// number's length (trimmed); errors are keyed "status", "trackingNumber".
func (u StatusUpdate) Validate() error {
	return validation.ValidateStruct(&u,
		validation.Field(&u.Status, validation.Required,
			validation.In(anySlice(orderStatuses)...).Error("Status must be one of "+strings.Join(orderStatuses, ", "))),
		validation.Field(&u.TrackingNumber, validation.By(func(any) error {
			tracking := ""
			if u.TrackingNumber != nil {
				tracking = strings.TrimSpace(*u.TrackingNumber)
			}
			return validation.Validate(tracking, validation.RuneLength(0, maxTrackingNumberLen))
		})),
	)
}

// UpdateOrderStatus changes an order's status and tracking number (admins).
// The stock follows through the order record hook (OrderStockHook):
// cancelling puts the ordered units back once; leaving Cancelled takes them
// again, or fails with LineErrors when the stock no longer suffices. The
// history gets the change through OrderHistoryHook.
func UpdateOrderStatus(app core.App, orderID string, in StatusUpdate) (*OrderDetail, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return changeOrder(app, orderID, func(rec *core.Record) (bool, error) {
		changed := rec.GetString("status") != in.Status
		rec.Set("status", in.Status)
		if in.TrackingNumber != nil {
			tracking := strings.TrimSpace(*in.TrackingNumber)
			changed = changed || tracking != rec.GetString("trackingNumber")
			rec.Set("trackingNumber", tracking)
		}
		return changed, nil
	})
}

// CancelOwnOrder cancels one of the user's own orders while it is still
// Created; it restocks exactly like an admin's cancel (OrderStockHook).
// Someone else's order is ErrOrderNotFound, any other status
// ErrNotCancellable.
func CancelOwnOrder(app core.App, userID, orderID string) (*OrderDetail, error) {
	return changeOrder(app, orderID, func(rec *core.Record) (bool, error) {
		if userID == "" || rec.GetString("user") != userID {
			return false, ErrOrderNotFound
		}
		if rec.GetString("status") != StatusCreated {
			return false, ErrNotCancellable
		}
		rec.Set("status", StatusCancelled)
		return true, nil
	})
}

// changeOrder applies change to an order in one transaction, saves it when
// change reports a change, and returns the order as it then is.
func changeOrder(app core.App, orderID string, change func(rec *core.Record) (bool, error)) (*OrderDetail, error) {
	var detail *OrderDetail
	err := app.RunInTransaction(func(txApp core.App) error {
		rec, err := findOrder(txApp, orderID)
		if err != nil {
			return err
		}
		changed, err := change(rec)
		if err != nil {
			return err
		}
		if changed {
			if err := txApp.Save(rec); err != nil {
				return err
			}
		}
		detail, err = orderDetail(txApp, rec)
		return err
	})
	if err != nil {
		return nil, err
	}
	return detail, nil
}
