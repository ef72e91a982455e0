package shop

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/mail"
)

// userLanguage is the language the shop writes to a user in ("" when the
// user is unknown or never chose one: English).
func userLanguage(txApp core.App, userID string) (string, error) {
	if userID == "" {
		return "", nil
	}
	var lang string
	err := txApp.DB().Select("language").From(UsersCollection).Where(dbx.HashExp{"id": userID}).Row(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return lang, err
}

// mailOrder is what the order e-mails tell about an order.
func mailOrder(d *OrderDetail) mail.Order {
	o := mail.Order{
		ID: d.ID, Number: d.OrderNumber, CustomerName: d.CustomerName, CustomerEmail: d.CustomerEmail,
		Subtotal:       int64(d.SubtotalAmount),
		ShippingAmount: int64(d.ShippingAmount),
		Total:          int64(d.TotalAmount),
		ShippingMethod: d.ShippingMethod,
		TrackingNumber: d.TrackingNumber,
		Address: mail.Address{FirstName: d.Shipping.FirstName, LastName: d.Shipping.LastName, Address: d.Shipping.Address,
			City: d.Shipping.City, State: d.Shipping.State, ZipCode: d.Shipping.ZipCode, Country: d.Shipping.Country,
			Phone: d.Shipping.Phone},
	}
	for _, it := range d.Items {
		o.Lines = append(o.Lines, mail.Line{Name: mail.Text(LineName(it.ProductName, it.VariantLabelLocalized)),
			SKU: it.SKU, Quantity: it.Quantity, UnitPrice: int64(it.UnitPrice), Total: int64(it.TotalPrice)})
	}
	return o
}

// queueOrderPlaced queues the confirmation of a new order (customer, in
// the user's language) and the admins' notices, in the order's
// transaction.
func queueOrderPlaced(txApp core.App, userID string, d *OrderDetail) error {
	lang, err := userLanguage(txApp, userID)
	if err != nil {
		return err
	}
	return mail.QueueOrderPlaced(txApp, lang, mailOrder(d))
}

// OrderStatusMailHook is the orders OnRecordUpdate hook that queues the
// customer's e-mail when an order becomes Shipped, Delivered or Cancelled,
// however it is saved (our routes, the dashboard), in the save's
// transaction: a status change that fails sends nothing.
func OrderStatusMailHook(e *core.RecordEvent) error {
	status := e.Record.GetString("status")
	if status != StatusShipped && status != StatusDelivered && status != StatusCancelled {
		return e.Next()
	}
	return withStoredStatus(e, func(txApp core.App, stored string) error {
		if err := e.Next(); err != nil || stored == status {
			return err
		}
		d, err := orderDetail(txApp, e.Record)
		if err != nil {
			return err
		}
		lang, err := userLanguage(txApp, e.Record.GetString("user"))
		if err != nil {
			return err
		}
		return mail.QueueOrderStatus(txApp, lang, status, mailOrder(d))
	})
}
