package shop

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/account"
	"stageshop/shop/mail"
)

// Payment e-mails.
const (
	mailPaymentReceived = mail.KindPaymentReceived
	mailPaymentExpired  = mail.KindPaymentExpired
	mailRefund          = mail.KindRefund
	mailInvoiceDue      = mail.KindInvoiceDue
	mailInvoiceOverdue  = mail.KindInvoiceOverdue
	// A bank transfer's reminder and expiry (payment_transfer_hold.go).
	mailTransferReminder = mail.KindTransferReminder
	mailTransferExpired  = mail.KindTransferExpired
)

// customerOf is the account an order's payment e-mails go to (the
// account's address, never the free-text shipping e-mail), falling back to
// the order's e-mail when the account is gone.
func customerOf(app core.App, order *core.Record) (mail.Recipient, error) {
	to := mail.Recipient{Email: order.GetString("customerEmail"), Name: order.GetString("customerName")}
	userID := order.GetString("user")
	if userID == "" {
		return to, nil
	}
	u, err := db.FindRecord(app, account.UsersCollection, userID, account.ErrUserNotFound)
	if err == account.ErrUserNotFound {
		return to, nil
	}
	if err != nil {
		return to, err
	}
	to.ID, to.Email, to.Language = u.Id, u.Email(), u.GetString("language")
	if name := strings.TrimSpace(u.GetString("firstName") + " " + u.GetString("lastName")); name != "" {
		to.Name = name
	}
	return to, nil
}

// queuePaymentMail queues a payment e-mail about order in the caller's
// transaction. key names the event (one e-mail per event; "" means once
// per order and kind); amount, when given, is the event's own amount.
func queuePaymentMail(txApp core.App, order *core.Record, kind, key string, amount ...int64) error {
	to, err := customerOf(txApp, order)
	if err != nil || to.Email == "" {
		return err
	}
	s, err := LoadPaymentSettings(txApp)
	if err != nil {
		return err
	}
	due, paid := cents(order, "amountDueCents"), cents(order, "amountPaidCents")
	p := mail.Payment{To: to, OrderID: order.Id, OrderNumber: order.GetString("orderNumber"),
		Amount: due - paid, Outstanding: due - paid, Reference: order.GetString("paymentReference"),
		PONumber: order.GetString("poNumber"), HoldMinutes: int(s.Hold().Minutes()),
		InvoiceNumber: order.GetString("invoiceNumber")}
	if kind == mailRefund && key != "" {
		// key is the refund's id; its credit note, when it has one (onRefunded).
		err := txApp.DB().Select("number").From(CreditNotesCollection).Where(dbx.HashExp{"refundId": key}).Row(&p.CreditNote)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	if len(amount) > 0 {
		p.Amount = amount[0]
	}
	if d := order.GetDateTime("dueDate"); !d.IsZero() {
		p.DueDate = d.Time().UTC().Format(dateLayout)
	}
	if kind == mailTransferReminder || kind == mailTransferExpired {
		p.DueDate = order.GetDateTime("holdUntil").Time().UTC().Format(dateLayout)
	}
	if kind == mailInvoiceDue || kind == mailInvoiceOverdue || kind == mailTransferReminder {
		p.BankDetails = s.BankDetails
	}
	eventKey := kind + ":" + order.Id
	if key != "" {
		eventKey += ":" + key
	}
	return mail.QueuePayment(txApp, kind, eventKey, p)
}
