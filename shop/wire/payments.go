package wire

// Payment is an order's payment state (docs/api.md, Payments). Events are
// in every order detail; attempts and refunds only in the admins'.
// Outstanding (due less paid) and Refundable (paid less refunded and being
// refunded), never below 0, are the server's figures: clients show them
// and never work them out themselves.
type Payment struct {
	Method         string           `json:"method" tstype:"'card' | 'bank_transfer' | 'invoice'"`
	Status         string           `json:"status" tstype:"'pending' | 'awaiting_payment' | 'partially_paid' | 'paid' | 'partially_refunded' | 'refunded' | 'expired'"`
	AmountDue      Amount           `json:"amountDue"`
	AmountPaid     Amount           `json:"amountPaid"`
	AmountRefunded Amount           `json:"amountRefunded"`
	Outstanding    Amount           `json:"outstanding"`
	Refundable     Amount           `json:"refundable"`
	PaidAt         string           `json:"paidAt"`
	DueDate        string           `json:"dueDate"`
	PONumber       string           `json:"poNumber"`
	Reference      string           `json:"reference"`
	HoldUntil      string           `json:"holdUntil,omitempty"`
	Flag           string           `json:"flag,omitempty"`
	Events         []PaymentEvent   `json:"events,omitempty"`
	Attempts       []PaymentAttempt `json:"attempts,omitempty"`
	Refunds        []Refund         `json:"refunds,omitempty"`
}

// PaymentEvent is one entry of an order's payment timeline.
type PaymentEvent struct {
	Type   string `json:"type"`
	Amount Amount `json:"amount"`
	At     string `json:"at"`
	By     string `json:"by,omitempty"`
	Note   string `json:"note,omitempty"`
}

// PaymentAttempt is one hosted-page session of a card order (admins only).
type PaymentAttempt struct {
	Provider  string `json:"provider"`
	Reference string `json:"reference"`
	Amount    Amount `json:"amount"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
}

// Refund is one refund of an order (admins only).
type Refund struct {
	ID        string `json:"id"`
	Amount    Amount `json:"amount"`
	Status    string `json:"status" tstype:"'requested' | 'pending' | 'succeeded' | 'failed'"`
	Provider  string `json:"provider"`
	Reason    string `json:"reason,omitempty"`
	By        string `json:"by,omitempty"`
	Surplus   bool   `json:"surplus,omitempty"`
	CreatedAt string `json:"createdAt"`
}

// MethodOption is a payment method and whether the caller may choose it.
type MethodOption struct {
	Code    string `json:"code" tstype:"'card' | 'bank_transfer' | 'invoice'"`
	Enabled bool   `json:"enabled"`
}

// PaymentMethods answers GET /api/payments/methods.
type PaymentMethods struct {
	Methods          []MethodOption `json:"methods"`
	BankDetails      string         `json:"bankDetails,omitempty"`
	InvoiceTermsDays int            `json:"invoiceTermsDays,omitempty"`
	HoldMinutes      int            `json:"holdMinutes"`
}

// CheckoutURL answers POST /api/checkout/orders/{id}/pay.
type CheckoutURL struct {
	CheckoutURL string `json:"checkoutUrl"`
}

// Awaiting is the money open orders still wait for (card pending, bank
// transfer and invoice unpaid or part paid) and how many orders.
type Awaiting struct {
	Amount Amount `json:"amount"`
	Orders int    `json:"orders"`
}

// QuoteFigures are the overview's quotes (issue 47): requests awaiting
// the shop's prices, quotes sent and awaiting the customer's answer (not
// past their validity) with their value, and the quotes accepted in the
// overview's period (their orders placed in it) with their value.
type QuoteFigures struct {
	Requested     int    `json:"requested"`
	Open          int    `json:"open"`
	OpenValue     Amount `json:"openValue"`
	Accepted      int    `json:"accepted"`
	AcceptedValue Amount `json:"acceptedValue"`
}
