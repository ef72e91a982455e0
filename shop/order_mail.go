package shop

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/catalog"
	"stageshop/shop/mail"
	"stageshop/shop/shipping"
)

// orderRecipient is the account the order e-mails of the user go to: its
// e-mail, name and language. The shipping e-mail is only the delivery
// contact shown on the order, never written to: anyone can type any
// address there. ok is false when the account no longer exists.
func orderRecipient(txApp core.App, userID string) (to mail.Recipient, ok bool, err error) {
	if userID == "" {
		return mail.Recipient{}, false, nil
	}
	var row struct {
		Email     string `db:"email"`
		FirstName string `db:"firstName"`
		LastName  string `db:"lastName"`
		Language  string `db:"language"`
	}
	err = txApp.DB().Select("email", "firstName", "lastName", "language").From(account.UsersCollection).
		Where(dbx.HashExp{"id": userID}).One(&row)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && row.Email == "") {
		return mail.Recipient{}, false, nil
	}
	if err != nil {
		return mail.Recipient{}, false, err
	}
	return mail.Recipient{ID: userID, Email: row.Email, Language: row.Language,
		Name: strings.TrimSpace(row.FirstName + " " + row.LastName)}, true, nil
}

// mailOrder is what the order e-mails tell about an order.
func mailOrder(d *OrderDetail) mail.Order {
	o := mail.Order{
		ID: d.ID, Number: d.OrderNumber, CustomerName: d.CustomerName, CustomerEmail: d.CustomerEmail,
		Subtotal:       int64(d.SubtotalAmount),
		ShippingAmount: int64(d.ShippingAmount),
		Discounts:      d.Discounts,
		TaxRows:        d.TaxRows,
		Total:          int64(d.TotalAmount),
		ShippingMethod: d.ShippingMethod,
		ShippingName:   mail.Text(d.ShippingMethodName),
		TrackingNumber: d.TrackingNumber,
		FreightPending: d.ShippingQuote == shipping.QuotePending,
		TrackingURL:    d.TrackingURL,
		Carrier:        carrierName(d.Carrier),
		InvoiceNumber:  d.InvoiceNumber,
		Address: mail.Address{FirstName: d.Shipping.FirstName, LastName: d.Shipping.LastName, Address: d.Shipping.Address,
			City: d.Shipping.City, State: d.Shipping.State, ZipCode: d.Shipping.ZipCode, Country: d.Shipping.Country,
			Phone: d.Shipping.Phone},
	}
	for _, it := range d.Items {
		o.Lines = append(o.Lines, mail.Line{Name: mail.Text(hireName(catalog.LineName(it.ProductName, it.VariantLabelLocalized), it.Hire)),
			SKU: it.SKU, Quantity: it.Quantity, UnitPrice: int64(it.UnitPrice), Total: int64(it.TotalPrice)})
	}
	return o
}

// queueOrderPlaced queues the confirmation of a new order (to the
// customer's account, in its language) and the admins' notices, in the
// order's transaction.
func queueOrderPlaced(txApp core.App, userID string, d *OrderDetail) error {
	to, _, err := orderRecipient(txApp, userID)
	if err != nil {
		return err
	}
	o := mailOrder(d)
	if d.Payment != nil && d.Payment.Method == MethodBankTransfer {
		// The confirmation says how to pay: one e-mail, not two.
		s, err := LoadPaymentSettings(txApp)
		if err != nil {
			return err
		}
		o.Transfer = &mail.Transfer{Amount: int64(d.Payment.AmountDue), Reference: d.Payment.Reference, BankDetails: s.BankDetails}
	}
	return mail.QueueOrderPlaced(txApp, to, o)
}

// queueCancelNotice queues the admins' notice of a customer's cancel of
// order, in the cancel's transaction (before the save: the notice is
// written only if the cancel is).
func queueCancelNotice(txApp core.App, order *core.Record) error {
	to, _, err := orderRecipient(txApp, order.GetString("user"))
	if err != nil {
		return err
	}
	d, err := orderDetail(txApp, order)
	if err != nil {
		return err
	}
	return mail.QueueOrderCancelledAdmin(txApp, to, mailOrder(d))
}

// OrderStatusMailHook is the orders OnRecordUpdate hook that queues the
// customer's e-mail (to the account) when an order becomes Shipped,
// Delivered or Cancelled, however it is saved (our routes, the dashboard),
// in the save's transaction: a status change that fails sends nothing. An
// order whose account is gone e-mails nobody.
func OrderStatusMailHook(e *core.RecordEvent) error {
	status := e.Record.GetString("status")
	if status != StatusShipped && status != StatusDelivered && status != StatusCancelled {
		return e.Next()
	}
	if e.Record.GetString("paymentStatus") == PayExpired {
		return e.Next() // the payment-expired e-mail says it (expireOrder)
	}
	return withStoredStatus(e, func(txApp core.App, stored string) error {
		if err := e.Next(); err != nil || stored == status {
			return err
		}
		to, ok, err := orderRecipient(txApp, e.Record.GetString("user"))
		if err != nil || !ok {
			return err
		}
		d, err := orderDetail(txApp, e.Record)
		if err != nil {
			return err
		}
		return mail.QueueOrderStatus(txApp, to, status, mailOrder(d))
	})
}

// hireName is a line's name in the e-mails: a hire's names its dates
// ("PA kit, 2026-12-04 - 2026-12-07"), the shop's calendar dates.
func hireName(name Localized, h *OrderHire) Localized {
	if h == nil {
		return name
	}
	out := Localized{}
	for lang, n := range name {
		out[lang] = n + ", " + h.Start + " – " + h.End
	}
	return out
}
