package wire

// Return is a customer's return of order lines (api.md "Returns"):
// requested, then approved and received (the refund made) or rejected.
// source is "admin" for a refund by line an admin made without a return
// (stored as received). refundAmount is what the server refunded for it,
// shipping included.
type Return struct {
	ID             string         `json:"id"`
	Number         string         `json:"number"`
	OrderID        string         `json:"orderId"`
	OrderNumber    string         `json:"orderNumber"`
	Status         string         `json:"status" tstype:"'requested' | 'approved' | 'received' | 'rejected'"`
	Source         string         `json:"source" tstype:"'customer' | 'admin'"`
	Lines          []ReturnLine   `json:"lines"`
	Note           string         `json:"note"`
	Message        string         `json:"message"`
	RefundAmount   Amount         `json:"refundAmount"`
	ShippingAmount Amount         `json:"shippingAmount"`
	RefundID       string         `json:"refundId"`
	CreatedAt      string         `json:"createdAt"`
	History        []ReturnChange `json:"history"`
}

// ReturnLine is quantity units of an order line coming back, why, and
// (once received) whether they went back on sale and what they refunded.
type ReturnLine struct {
	OrderItemID  string    `json:"orderItemId"`
	ProductName  Localized `json:"productName"`
	Quantity     int       `json:"quantity"`
	Reason       string    `json:"reason" tstype:"'wrong_item' | 'damaged' | 'not_as_described' | 'changed_mind' | ''"`
	Restock      bool      `json:"restock"`
	RefundAmount Amount    `json:"refundAmount"`
	TaxAmount    Amount    `json:"taxAmount"`
}

// ReturnChange is a step of a return's history: its new status, when,
// and the owner's message with it.
type ReturnChange struct {
	Status  string `json:"status"`
	At      string `json:"at"`
	Message string `json:"message,omitempty"`
}

// RefundQuote is what a refund by line would give back, as the server
// computes it (the admin's "Refund lines" shows it before sending).
type RefundQuote struct {
	Amount         Amount `json:"amount"`
	TaxAmount      Amount `json:"taxAmount"`
	ShippingAmount Amount `json:"shippingAmount"`
	Refundable     Amount `json:"refundable"`
}
