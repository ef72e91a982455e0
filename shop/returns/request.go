package returns

import (
	"math"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/mail"
	"stageshop/shop/shipping"
)

// DefaultWindowDays is the return window when the settings name none.
const DefaultWindowDays = 30

// WindowDays is the shop's return window (shop_settings.returnWindowDays;
// 0 or no settings record: DefaultWindowDays).
func WindowDays(app core.App) int {
	var days float64
	err := app.DB().Select("COALESCE(returnWindowDays, 0)").From(shipping.SettingsCollection).Limit(1).Row(&days)
	if err != nil || days <= 0 {
		return DefaultWindowDays
	}
	return int(math.Round(days))
}

// returnable checks that order is delivered and within the window.
func returnable(app core.App, order *core.Record, now time.Time) error {
	if order.GetString("status") != shop.StatusDelivered {
		return ErrNotReturnable
	}
	at := shop.DeliveredAt(order)
	if at.IsZero() {
		at = order.GetDateTime("updated").Time()
	}
	if now.After(at.Add(time.Duration(WindowDays(app)) * 24 * time.Hour)) {
		return ErrWindowClosed
	}
	return nil
}

// Request records a customer's return of their delivered order's lines:
// within the window, never more units than were delivered less those in
// returns not rejected (two returns at once included: write transactions
// run one at a time). Someone else's order is shop.ErrOrderNotFound.
func Request(app core.App, user *core.Record, orderID string, in RequestInput) (*Return, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var rec *core.Record
	err := db.Write(app, func(txApp core.App) error {
		order, err := shop.FindOrderRecord(txApp, orderID)
		if err != nil {
			return err
		}
		if order.GetString("user") != user.Id {
			return shop.ErrOrderNotFound
		}
		if err := returnable(txApp, order, time.Now()); err != nil {
			return err
		}
		_, lines, err := claim(txApp, order, in.Lines)
		if err != nil {
			return err
		}
		if rec, err = newReturn(txApp, order, user.Id, StatusRequested, SourceCustomer, lines, in.Note); err != nil {
			return err
		}
		return queueMail(txApp, order, rec, mail.KindReturnRequested)
	})
	if err != nil {
		return nil, err
	}
	return answer(app, rec)
}

// queueMail queues the customer's e-mail of a return's step, once per
// return and kind.
func queueMail(txApp core.App, order, rec *core.Record, kind string) error {
	to, err := shop.OrderCustomer(txApp, order)
	if err != nil || to.Email == "" {
		return err
	}
	return mail.QueueReturn(txApp, kind, kind+":"+rec.Id, mail.Return{To: to, OrderID: order.Id,
		OrderNumber: order.GetString("orderNumber"), Number: rec.GetString("number"),
		Message: rec.GetString("message"), Refund: int64(rec.GetInt("refundCents"))})
}
