package shop

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// maxTrackingNumberLen bounds a tracking number.
const maxTrackingNumberLen = 100

// ErrNotCancellable: a customer's cancel of an order that is no longer
// Created.
var ErrNotCancellable = wire.Conflict("not_cancellable", "This order can no longer be cancelled")

// StatusUpdate is an admin's change of an order: its status and, when
// sent, its tracking number (trimmed; "" clears it).
type StatusUpdate struct {
	Status         string  `json:"status"`
	TrackingNumber *string `json:"trackingNumber"`
	// Refund, when cancelling a paid order, refunds what is left of its
	// payment in full (card through the provider; otherwise recorded as sent).
	Refund bool `json:"refund"`
	// Carrier, when sent, is the carrier's code (Carriers; "" clears it).
	Carrier *string `json:"carrier"`
	// Actor is the admin making the change (the route's), for the history.
	Actor string `json:"-"`
}

// Validate checks the status against the six statuses and the tracking
// number's length (trimmed); errors are keyed "status", "trackingNumber".
func (u StatusUpdate) Validate() error {
	return validation.ValidateStruct(&u,
		validation.Field(&u.Status, validation.Required,
			validation.In(field.AnySlice(orderStatuses)...).Error("Status must be one of "+strings.Join(orderStatuses, ", "))),
		validation.Field(&u.TrackingNumber, validation.By(func(any) error {
			tracking := ""
			if u.TrackingNumber != nil {
				tracking = strings.TrimSpace(*u.TrackingNumber)
			}
			return validation.Validate(tracking, validation.RuneLength(0, maxTrackingNumberLen))
		})),
		validation.Field(&u.Carrier, validation.By(func(any) error {
			if _, ok := carrierOf(strings.TrimSpace(deref(u.Carrier))); deref(u.Carrier) != "" && !ok {
				return validation.NewError("validation_carrier", "Carrier must be one of ups, fedex, usps, dhl, china_post, russian_post, other")
			}
			return nil
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
	var saved *core.Record
	defer func() {
		if saved != nil {
			statusActors.Delete(saved)
		}
	}()
	d, err := changeOrder(app, orderID, func(txApp core.App, rec *core.Record, fx *effects) (bool, error) {
		saved = rec
		statusActors.Store(rec, in.Actor)
		cancelling := in.Status == StatusCancelled && rec.GetString("status") != StatusCancelled
		changed := rec.GetString("status") != in.Status
		rec.Set("status", in.Status)
		if in.Carrier != nil {
			carrier := strings.TrimSpace(*in.Carrier)
			changed = changed || carrier != rec.GetString("carrier")
			rec.Set("carrier", carrier)
		}
		if in.TrackingNumber != nil {
			tracking := strings.TrimSpace(*in.TrackingNumber)
			changed = changed || tracking != rec.GetString("trackingNumber")
			rec.Set("trackingNumber", tracking)
		}
		if cancelling {
			return changed, cancelPayment(txApp, rec, in.Refund, true, fx)
		}
		return changed, nil
	})
	if err != nil {
		return nil, err
	}
	return d, withAdminFields(app, d)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// CancelOwnOrder cancels one of the user's own orders while it is still
// Created; it restocks exactly like an admin's cancel (OrderStockHook),
// and what was paid is refunded in full (a bank transfer refund waits for
// the admin to send it), and every admin is told by e-mail. Someone else's
// order is ErrOrderNotFound, any other status ErrNotCancellable.
func CancelOwnOrder(app core.App, userID, orderID string) (*OrderDetail, error) {
	return changeOrder(app, orderID, func(txApp core.App, rec *core.Record, fx *effects) (bool, error) {
		if userID == "" || rec.GetString("user") != userID {
			return false, ErrOrderNotFound
		}
		if rec.GetString("status") != StatusCreated {
			return false, ErrNotCancellable
		}
		rec.Set("status", StatusCancelled)
		if err := cancelPayment(txApp, rec, true, false, fx); err != nil {
			return false, err
		}
		return true, queueCancelNotice(txApp, rec)
	})
}

// cancelPayment is the payment side of a cancel: open payment pages are
// closed and, when refund is true, what is left of the payment is
// refunded (sent: a manual refund counts as already sent).
func cancelPayment(txApp core.App, order *core.Record, refund, sent bool, fx *effects) error {
	refs, err := openAttemptRefs(txApp, order.Id)
	if err != nil {
		return err
	}
	fx.close = append(fx.close, refs...)
	if err := creditUnpaid(txApp, order); err != nil {
		return err
	}
	if !refund {
		return nil
	}
	left, err := refundable(txApp, order)
	if err != nil || left <= 0 {
		return err
	}
	return startRefund(txApp, order, left, refundSpec{Reason: "order cancelled"}, sent, fx)
}

// changeOrder applies change to an order in one transaction, saves it when
// change reports a change, runs the change's effects after the commit and
// returns the order as it then is.
func changeOrder(app core.App, orderID string, change func(txApp core.App, rec *core.Record, fx *effects) (bool, error)) (*OrderDetail, error) {
	err := writeWithEffects(app, func(txApp core.App, fx *effects) error {
		rec, err := findOrder(txApp, orderID)
		if err != nil {
			return err
		}
		changed, err := change(txApp, rec, fx)
		if err != nil {
			return err
		}
		if changed {
			return txApp.Save(rec)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rec, err := findOrder(app, orderID)
	if err != nil {
		return nil, err
	}
	return orderDetail(app, rec)
}

// creditUnpaid cancels the part of a cancelled order's invoice that was
// never paid (an order on invoice terms is invoiced when placed) with a
// credit note: what was paid is credited by its refund, or stays invoiced
// when the admin keeps it. Once per order: its key stands where a refund's
// ID would.
func creditUnpaid(txApp core.App, order *core.Record) error {
	unpaid := cents(order, "totalCents") - cents(order, "amountPaidCents")
	if order.GetString("invoiceNumber") == "" || unpaid <= 0 {
		return nil
	}
	_, err := AssignCreditNote(txApp, order, CreditNoteInput{RefundID: "cancel:" + order.Id,
		Amount: Amount(unpaid), Reason: "order cancelled unpaid"})
	return err
}
