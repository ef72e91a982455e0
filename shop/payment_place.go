package shop

import (
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/shipping"
)

// MaxPONumberLen bounds a purchase order number.
const MaxPONumberLen = 100

// invoiceTerms is a customer's invoice approval.
type invoiceTerms struct {
	Allowed bool
	Days    int
}

// userInvoiceTerms reads whether an admin approved the user for invoices
// and on how many days' terms (0: the shop's default).
func userInvoiceTerms(app core.App, userID string) (invoiceTerms, error) {
	var row struct {
		Allowed bool    `db:"invoiceAllowed"`
		Days    float64 `db:"invoiceTermsDays"`
	}
	err := app.DB().Select("invoiceAllowed", "invoiceTermsDays").From(account.UsersCollection).
		Where(dbx.HashExp{"id": userID}).One(&row)
	if err != nil {
		return invoiceTerms{}, err
	}
	return invoiceTerms{Allowed: row.Allowed, Days: int(row.Days)}, nil
}

// methodsFor lists the methods a user may choose: card when Stripe is set
// up, bank transfer when on, invoice for approved customers.
func methodsFor(s PaymentSettings, terms invoiceTerms) map[string]bool {
	return map[string]bool{
		MethodCard:         s.CardReady(),
		MethodBankTransfer: s.BankTransferEnabled,
		MethodInvoice:      s.InvoiceEnabled && terms.Allowed,
	}
}

// paymentPlan is how a new order will be paid.
type paymentPlan struct {
	Method    string
	PONumber  string
	HoldUntil time.Time // card, bank transfer
	DueDate   time.Time // invoice
}

// awaitingQuote is the plan of an order whose freight waits for a quote:
// no card hold (nothing can be paid yet, so nothing expires) and no
// invoice due date until the quote sets them.
func (p paymentPlan) awaitingQuote() paymentPlan {
	p.HoldUntil, p.DueDate = time.Time{}, time.Time{}
	return p
}

// planPayment checks the chosen method against what the user may use and
// makes the plan; errors are keyed "paymentMethod", "poNumber".
func planPayment(txApp core.App, userID string, in OrderInput, now time.Time) (paymentPlan, error) {
	method := strings.TrimSpace(in.PaymentMethod)
	if method == "" {
		method = MethodBankTransfer
	}
	po := strings.TrimSpace(in.PONumber)
	s, err := LoadPaymentSettings(txApp)
	if err != nil {
		return paymentPlan{}, err
	}
	terms, err := userInvoiceTerms(txApp, userID)
	if err != nil {
		return paymentPlan{}, err
	}
	methods := methodsFor(s, terms)
	if in.fromQuote && terms.Allowed {
		methods[MethodInvoice] = true // api.md "Quotes": whenever the customer is approved
	}
	enabled, known := methods[method]
	errs := validation.Errors{}
	switch {
	case !known:
		errs["paymentMethod"] = validation.NewError("validation_in_invalid", "Payment method must be one of card, bank_transfer, invoice")
	case !enabled:
		errs["paymentMethod"] = validation.NewError("validation_unavailable", "This payment method is not available")
	}
	if len([]rune(po)) > MaxPONumberLen {
		errs["poNumber"] = validation.NewError("validation_length_out_of_range", "Must be at most 100 characters")
	} else if method == MethodInvoice && po == "" {
		errs["poNumber"] = validation.NewError("validation_required", "Please enter your purchase order number")
	}
	if len(errs) > 0 {
		return paymentPlan{}, errs
	}
	plan := paymentPlan{Method: method, PONumber: po}
	switch method {
	case MethodCard:
		plan.HoldUntil = now.Add(s.Hold())
	case MethodBankTransfer: // then cancelled and restocked (ExpireUnpaidTransfers)
		plan.HoldUntil = now.Add(s.TransferHold())
	case MethodInvoice:
		days := terms.Days
		if days <= 0 {
			days = s.TermsDays()
		}
		plan.DueDate = now.AddDate(0, 0, days)
	}
	return plan, nil
}

// setPaymentFields writes the plan into a new order record: the whole
// total is due, the order number is the reference a transfer quotes.
func setPaymentFields(order *core.Record, plan paymentPlan) {
	order.Set("paymentMethod", plan.Method)
	order.Set("poNumber", plan.PONumber)
	order.Set("paymentReference", order.GetString("orderNumber"))
	order.Set("amountDueCents", order.GetFloat("totalCents"))
	order.Set("amountPaidCents", 0)
	order.Set("amountRefundedCents", 0)
	if !plan.HoldUntil.IsZero() {
		order.Set("holdUntil", plan.HoldUntil)
	}
	if !plan.DueDate.IsZero() {
		order.Set("dueDate", plan.DueDate)
	}
	setPaymentStatus(order)
}

// afterOrderPlaced does, in the order's transaction, what its payment
// method asks: a card order's first attempt, an invoice's e-mail (its
// number was given by writeOrder; a bank transfer's instructions are in
// its confirmation).
func afterOrderPlaced(txApp core.App, order *core.Record) error {
	if order.GetString("shippingQuote") == shipping.QuotePending {
		return nil // the quote opens the payment (SetShippingQuote)
	}
	switch order.GetString("paymentMethod") {
	case MethodCard:
		_, err := newAttempt(txApp, order)
		return err
	case MethodInvoice:
		return queuePaymentMail(txApp, order, mailInvoiceDue, "")
	}
	return nil
}

// onInvoiceable is the one call site of invoice numbering: an order gets
// its invoice number (gapless, once) when it is paid or placed on invoice
// terms, in that change's transaction.
func onInvoiceable(txApp core.App, order *core.Record) error {
	_, err := AssignInvoiceNumber(txApp, order)
	return err
}

// onRefunded is the one call site of credit notes: a refund that gave
// back money the order was paid (not a surplus, such as a payment that
// came after the order expired) gets a credit note for the refunded
// amount, once per refund. An order never invoiced (a bank transfer
// refunded before it was paid in full) has no invoice to credit.
func onRefunded(txApp core.App, order, refund *core.Record) error {
	if refund.GetBool("surplus") || order.GetString("invoiceNumber") == "" {
		return nil
	}
	in := CreditNoteInput{RefundID: refund.Id, Amount: Amount(cents(refund, "amountCents")),
		Reason: refund.GetString("reason"), Deposit: refund.GetBool("deposit")}
	if refund.GetString("returnRef") != "" { // a refund by line knows its tax (shop/returns)
		tax := Amount(cents(refund, "taxCents"))
		in.Tax = &tax
	}
	_, err := AssignCreditNote(txApp, order, in)
	return err
}
