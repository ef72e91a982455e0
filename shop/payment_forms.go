package shop

import (
	"encoding/json"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/field"
	"stageshop/shop/money"
)

// maxPaymentCents bounds an amount an admin records or refunds: an order of
// a hundred of the dearest product. The order's outstanding (or refundable)
// amount bounds it exactly; this only keeps absurd numbers out.
const maxPaymentCents = 100 * money.MaxPriceCents

// PaymentForm is "Record payment" as the API receives it (docs/api.md,
// Payments): the amount in dollars and an optional date.
type PaymentForm struct {
	Amount json.Number `json:"amount"`
	PaidAt string      `json:"paidAt"`
	Note   string      `json:"note"`
}

// Validate checks the amount and the date; errors are keyed amount, paidAt.
func (f PaymentForm) Validate() error {
	return validation.ValidateStruct(&f,
		validation.Field(&f.Amount, field.Required("This field is required"), validation.By(paymentAmount)),
		validation.Field(&f.PaidAt, validation.By(func(any) error {
			if _, ok := paidAtOf(f.PaidAt); !ok {
				return validation.NewError("validation_date", "Must be a date such as 2026-11-22")
			}
			return nil
		})),
	)
}

// Input is the form as the shop records it; call it on a valid form.
func (f PaymentForm) Input() PaymentInput {
	at, _ := paidAtOf(f.PaidAt)
	return PaymentInput{Amount: amountOf(f.Amount), PaidAt: at, Note: f.Note}
}

// RefundForm is "Refund" as the API receives it.
type RefundForm struct {
	Amount json.Number `json:"amount"`
	Reason string      `json:"reason"`
}

// Validate checks the amount; errors are keyed amount.
func (f RefundForm) Validate() error {
	return validation.ValidateStruct(&f,
		validation.Field(&f.Amount, field.Required("This field is required"), validation.By(paymentAmount)),
	)
}

// Input is the form as the shop refunds it; call it on a valid form.
func (f RefundForm) Input() RefundInput {
	return RefundInput{Amount: amountOf(f.Amount), Reason: f.Reason}
}

// InvoiceTermsForm is an admin's invoice approval of a customer as the API
// receives it: allowed is required, termsDays optional (the shop's default).
type InvoiceTermsForm struct {
	Allowed   *bool       `json:"allowed"`
	TermsDays json.Number `json:"termsDays"`
}

// Validate checks both; errors are keyed allowed, termsDays.
func (f InvoiceTermsForm) Validate() error {
	return validation.ValidateStruct(&f,
		validation.Field(&f.Allowed, validation.NotNil.Error("This field is required")),
		validation.Field(&f.TermsDays, validation.By(func(any) error {
			if f.TermsDays == "" {
				return nil
			}
			if n, whole := money.ParseWhole(f.TermsDays.String()); !whole || n < 0 || n > MaxTermsDays {
				return validation.NewError("validation_terms", "Must be a whole number of days from 0 to 365")
			}
			return nil
		})),
	)
}

// Input is the form as the shop keeps it; call it on a valid form.
func (f InvoiceTermsForm) Input() InvoiceTermsInput {
	n, _ := money.ParseWhole(f.TermsDays.String())
	return InvoiceTermsInput{Allowed: f.Allowed != nil && *f.Allowed, TermsDays: int(n)}
}

// paymentAmount accepts an amount above 0 with at most two decimals.
func paymentAmount(v any) error {
	n, _ := v.(json.Number)
	if c, err := money.Parse(n); n != "" && (err != nil || c <= 0 || c > maxPaymentCents) {
		return validation.NewError("validation_amount", "Must be an amount above 0 with at most two decimals")
	}
	return nil
}

// amountOf is a validated amount in cents.
func amountOf(n json.Number) Amount {
	c, _ := money.Parse(n)
	return Amount(c)
}

// paidAtOf reads an optional payment date: RFC 3339 or a plain date; the
// zero time (now) when blank.
func paidAtOf(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, true
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t, err = time.Parse(time.DateOnly, s)
	}
	// 0001-01-01 would read as blank (now); no shop took money before 2000.
	return t, err == nil && t.Year() >= 2000
}
