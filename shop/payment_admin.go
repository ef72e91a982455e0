package shop

import (
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// ErrNotRecordable: recording money for a card order (the provider tells
// the shop) or for a cancelled order.
var ErrNotRecordable = wire.Conflict("not_recordable", "Payments are recorded only for open bank transfer and invoice orders")

// PaymentInput is money an admin received for a bank transfer or invoice
// order.
type PaymentInput struct {
	Amount Amount    `json:"amount"` // the tags key its errors as the API's fields
	PaidAt time.Time `json:"paidAt"` // zero: now
	Note   string    `json:"note"`
}

// Validate checks a positive amount, a date not in the future and a note
// of at most 500 characters.
func (in PaymentInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Amount, validation.Required.Error("Enter an amount above 0"), validation.Min(Amount(1)).Error("Enter an amount above 0")),
		validation.Field(&in.PaidAt, validation.By(func(any) error {
			if in.PaidAt.After(time.Now().Add(24 * time.Hour)) {
				return validation.NewError("validation_future", "The date cannot be in the future")
			}
			return nil
		})),
		validation.Field(&in.Note, validation.RuneLength(0, 500)),
	)
}

// RecordPayment records money received for a bank transfer or invoice
// order (admins; nil: the shop itself): at most what is outstanding; a
// part payment leaves the order partially paid. The customer is e-mailed.
func RecordPayment(app core.App, admin *core.Record, orderID string, in PaymentInput) (*OrderDetail, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if in.PaidAt.IsZero() {
		in.PaidAt = time.Now()
	}
	err := db.Write(app, func(txApp core.App) error {
		order, err := findOrder(txApp, orderID)
		if err != nil {
			return err
		}
		if order.GetString("paymentMethod") == MethodCard || order.GetString("status") == StatusCancelled {
			return ErrNotRecordable
		}
		if placed := order.GetDateTime("created").Time().UTC().Truncate(24 * time.Hour); in.PaidAt.Before(placed) {
			// Money for an order cannot arrive before it was placed (issue 43: paidAt 1900 was taken).
			return validation.Errors{"paidAt": validation.NewError("validation_date_min",
				"The date cannot be before the order was placed, "+placed.Format(time.DateOnly))}
		}
		outstanding := cents(order, "amountDueCents") - cents(order, "amountPaidCents")
		if int64(in.Amount) > outstanding {
			return validation.Errors{"amount": validation.NewError("validation_max",
				"Must be at most the amount outstanding, "+Amount(max(outstanding, 0)).String())}
		}
		return applyRecordedPayment(txApp, admin, order, in)
	})
	if err != nil {
		return nil, err
	}
	return GetOrder(app, orderID)
}

// applyRecordedPayment adds the money to the order with its ledger row,
// the invoice number once a bank transfer is paid, and the e-mail.
func applyRecordedPayment(txApp core.App, admin, order *core.Record, in PaymentInput) error {
	wasPaid := order.GetString("paymentStatus") == PayPaid
	order.Set("amountPaidCents", cents(order, "amountPaidCents")+int64(in.Amount))
	order.Set("paidAt", in.PaidAt)
	setPaymentStatus(order)
	if err := txApp.Save(order); err != nil {
		return err
	}
	entry := ledgerEntry{Provider: ProviderManual, EventID: localEventID(), OrderID: order.Id, Type: EvPaymentRecorded, Amount: int64(in.Amount),
		Currency: Currency, At: in.PaidAt, ByName: displayName(admin), Note: in.Note}
	if admin != nil {
		entry.By = admin.Id
	}
	if err := entry.record(txApp); err != nil {
		return err
	}
	if !wasPaid && order.GetString("paymentStatus") == PayPaid && order.GetString("paymentMethod") == MethodBankTransfer {
		if err := onInvoiceable(txApp, order); err != nil {
			return err
		}
	}
	return queuePaymentMail(txApp, order, mailPaymentReceived, entry.EventID, int64(in.Amount))
}

// InvoiceTermsInput is an admin's invoice approval of a customer.
type InvoiceTermsInput struct {
	Allowed   bool
	TermsDays int // 0: the shop's default
}

// Validate checks the terms: 0 (the shop's default) to 365 days.
func (in InvoiceTermsInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.TermsDays, validation.Min(0), validation.Max(MaxTermsDays)),
	)
}

// SetInvoiceTerms approves a customer for invoices (or withdraws it) with
// their terms (admins).
func SetInvoiceTerms(app core.App, userID string, in InvoiceTermsInput) (*core.Record, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	u, err := db.FindRecord(app, account.UsersCollection, userID, account.ErrUserNotFound)
	if err != nil {
		return nil, err
	}
	u.Set("invoiceAllowed", in.Allowed)
	u.Set("invoiceTermsDays", in.TermsDays)
	return u, app.Save(u)
}

// MethodOption and PaymentMethodsInfo are answer shapes (shop/wire).
type (
	MethodOption       = wire.MethodOption
	PaymentMethodsInfo = wire.PaymentMethods
)

// PaymentMethodsFor lists the methods and whether userID ("" signed out)
// may use each: invoice only for an approved, signed-in customer. No key
// is ever part of it.
func PaymentMethodsFor(app core.App, userID string) (*PaymentMethodsInfo, error) {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return nil, err
	}
	terms := invoiceTerms{}
	if userID != "" {
		if terms, err = userInvoiceTerms(app, userID); err != nil {
			return nil, err
		}
	}
	enabled := methodsFor(s, terms)
	out := &PaymentMethodsInfo{HoldMinutes: int(s.Hold() / time.Minute)}
	for _, m := range PaymentMethods {
		out.Methods = append(out.Methods, MethodOption{Code: m, Enabled: enabled[m]})
	}
	if enabled[MethodBankTransfer] {
		out.BankDetails = s.BankDetails
	}
	if enabled[MethodInvoice] {
		out.InvoiceTermsDays = terms.Days
		if out.InvoiceTermsDays <= 0 {
			out.InvoiceTermsDays = s.TermsDays()
		}
	}
	return out, nil
}
