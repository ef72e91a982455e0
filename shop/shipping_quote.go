package shop

import (
	"encoding/json"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/mail"
	"stageshop/shop/money"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// ErrNotAwaitingQuote: a freight quote for an order whose shipping is not
// waiting for one.
var ErrNotAwaitingQuote = wire.Conflict("not_awaiting_quote", "This order is not waiting for a freight quote")

// QuoteInput is an admin's freight quote: the shipping amount in dollars.
type QuoteInput struct {
	Amount json.Number `json:"amount"`
}

// Validate checks the amount: required, 0 to 1,000,000 with two decimals.
func (in QuoteInput) Validate() error {
	return validation.ValidateStruct(&in, validation.Field(&in.Amount, validation.By(func(any) error {
		if in.Amount == "" {
			return validation.NewError("validation_required", "Please enter the shipping amount")
		}
		raw, _ := json.Marshal(in.Amount)
		return field.PriceMember(raw)
	})))
}

// SetShippingQuote prices the freight of an order placed with shipping
// quoted separately, in one transaction: shipping, its tax (when the shop
// taxes shipping, at the order's address), the total and the amount due
// follow; the payment opens (a card order can be paid for the hold time,
// an invoice gets its number and due date) and the customer gets the quote
// by e-mail. An order not waiting for a quote is ErrNotAwaitingQuote.
func SetShippingQuote(app core.App, orderID string, in QuoteInput) (*OrderDetail, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	cents, _ := money.Parse(in.Amount)
	d, err := changeOrder(app, orderID, func(txApp core.App, rec *core.Record, _ *effects) (bool, error) {
		if rec.GetString("shippingQuote") != shipping.QuotePending || rec.GetString("status") == StatusCancelled {
			return false, ErrNotAwaitingQuote
		}
		if err := priceQuotedShipping(txApp, rec, Amount(cents)); err != nil {
			return false, err
		}
		if err := openQuotedPayment(txApp, rec, time.Now()); err != nil {
			return false, err
		}
		return true, queueFreightQuoted(txApp, rec)
	})
	if err != nil {
		return nil, err
	}
	return d, withAdminFields(app, d)
}

// priceQuotedShipping sets the order's shipping to amount with its tax (the
// same rule as at checkout: tax.Compute with the order's own inclusive flag
// and exemption) and the new total.
func priceQuotedShipping(txApp core.App, rec *core.Record, amount Amount) error {
	rules, err := tax.LoadRules(txApp)
	if err != nil {
		return err
	}
	rules.PricesIncludeTax = rec.GetBool("pricesIncludeTax")
	var addr ShippingInfo
	_ = rec.UnmarshalJSONField("shipping", &addr)
	t := tax.Compute(rules, tax.Request{Country: addr.Country, Region: addr.State, Exempt: rec.GetBool("taxExempt"), Shipping: amount})
	lines := orderTaxOf(rec).TaxLines
	for _, add := range t.TaxLines {
		merged := false
		for i := range lines {
			if lines[i].Name == add.Name && lines[i].Rate == add.Rate {
				lines[i].Base += add.Base
				lines[i].Amount += add.Amount
				merged = true
			}
		}
		if !merged {
			lines = append(lines, add)
		}
	}
	tax := cents(rec, "taxCents") + int64(t.Tax)
	// The quote comes on top of the discounted lines (free shipping never
	// takes a freight quote).
	total := cents(rec, "subtotalCents") - cents(rec, "discountCents") + int64(amount)
	if !rules.PricesIncludeTax {
		total += tax
	}
	rec.Set("shippingCents", int64(amount))
	rec.Set("shippingTaxRate", t.ShippingTax.Rate.Percent())
	rec.Set("shippingTaxCents", int64(t.ShippingTax.Tax))
	rec.Set("taxLines", storedTaxLines(lines))
	rec.Set("taxCents", tax)
	rec.Set("totalCents", total)
	rec.Set("shippingQuote", shipping.QuoteQuoted)
	return nil
}

// QuoteHoldDays is how long a card order can be paid after its freight
// quote.
const QuoteHoldDays = 7

// openQuotedPayment makes the quoted total due as the order's method asks:
// a card order can be paid from My Orders within the hold time; an
// invoice order is invoiced with its due date (the quote's e-mail says
// how and by when to pay it: one e-mail, not two).
func openQuotedPayment(txApp core.App, rec *core.Record, now time.Time) error {
	rec.Set("amountDueCents", rec.GetFloat("totalCents"))
	setPaymentStatus(rec)
	s, err := LoadPaymentSettings(txApp)
	if err != nil {
		return err
	}
	switch rec.GetString("paymentMethod") {
	case MethodCard:
		// The shopper is not at the screen as at checkout: the quote comes
		// by e-mail, so it can be paid for QuoteHoldDays (its stock stays
		// held, as it was while the quote was awaited); the e-mail says
		// until when. Paying starts the usual hold again (PayAgain).
		rec.Set("holdUntil", now.AddDate(0, 0, QuoteHoldDays)) // longer than any checkout hold (at most a day)
	case MethodBankTransfer: // the transfer's hold starts with its payment
		rec.Set("holdUntil", now.Add(s.TransferHold()))
	case MethodInvoice:
		terms, err := userInvoiceTerms(txApp, rec.GetString("user"))
		if err != nil {
			return err
		}
		days := terms.Days
		if days <= 0 {
			days = s.TermsDays()
		}
		rec.Set("dueDate", now.AddDate(0, 0, days))
		return onInvoiceable(txApp, rec)
	}
	return nil
}

// queueFreightQuoted e-mails the quote to the order's customer (the
// account), with how to pay a bank transfer or the invoice (its number,
// bank details and due date).
func queueFreightQuoted(txApp core.App, rec *core.Record) error {
	to, err := customerOf(txApp, rec)
	if err != nil {
		return err
	}
	d, err := orderDetail(txApp, rec)
	if err != nil {
		return err
	}
	o := mailOrder(d)
	if d.Payment.Method == MethodBankTransfer || d.Payment.Method == MethodInvoice {
		s, err := LoadPaymentSettings(txApp)
		if err != nil {
			return err
		}
		o.Transfer = &mail.Transfer{Amount: int64(d.Payment.AmountDue), Reference: d.Payment.Reference, BankDetails: s.BankDetails}
		if due := rec.GetDateTime("dueDate"); d.Payment.Method == MethodInvoice && !due.IsZero() {
			o.Transfer.DueDate = due.Time().UTC().Format(dateLayout)
		}
	}
	if hold := rec.GetDateTime("holdUntil"); d.Payment.Method == MethodCard && !hold.IsZero() {
		o.PayBy = hold.Time().UTC().Format(dateLayout)
	}
	return mail.QueueFreightQuoted(txApp, to, o)
}
