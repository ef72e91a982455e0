package wire

// Quote is a quote for a venue or event company (api.md "Quotes"): its
// latest revision's lines and service lines, its figures in the order's
// terms (total = subtotal - discountAmount + shippingAmount + taxAmount
// + depositAmount with exclusive prices) and its history. A quote holds
// no stock and books nothing until it is accepted.
type Quote struct {
	ID             string             `json:"id"`
	Number         string             `json:"number"`
	Status         string             `json:"status" tstype:"'requested' | 'sent' | 'accepted' | 'declined' | 'expired' | 'withdrawn'"`
	Revision       int                `json:"revision"`
	Lines          []QuoteLine        `json:"lines"`
	ServiceLines   []QuoteServiceLine `json:"serviceLines"`
	EventName      string             `json:"eventName"`
	EventDate      string             `json:"eventDate"`
	Venue          string             `json:"venue"`
	Message        string             `json:"message"`
	ShippingInfo   ShippingInfo       `json:"shippingInfo"`
	ValidUntil     string             `json:"validUntil"`
	PONumber       string             `json:"poNumber"`
	DeclineReason  string             `json:"declineReason"`
	Subtotal       Amount             `json:"subtotal"`
	DiscountAmount Amount             `json:"discountAmount"`
	ShippingAmount Amount             `json:"shippingAmount"`
	TaxAmount      Amount             `json:"taxAmount"`
	DepositAmount  Amount             `json:"depositAmount"`
	Total          Amount             `json:"total"`
	OrderID        string             `json:"orderId"`
	OrderNumber    string             `json:"orderNumber"`
	CustomerName   string             `json:"customerName"`
	CustomerEmail  string             `json:"customerEmail"`
	CreatedAt      string             `json:"createdAt"`
	History        []QuoteChange      `json:"history"`
}

// QuoteLine is a product line of a quote: unitPrice is the quoted price of
// one unit (a hire line's for its dates), listPrice the catalog's when the
// revision was saved; below it the difference is the quote's discount.
type QuoteLine struct {
	ProductID    string     `json:"productId"`
	VariantID    string     `json:"variantId"`
	SKU          string     `json:"sku"`
	ProductName  Localized  `json:"productName"`
	VariantLabel Localized  `json:"variantLabel"`
	Quantity     int        `json:"quantity"`
	Hire         *QuoteHire `json:"hire,omitempty"`
	ListPrice    Amount     `json:"listPrice"`
	UnitPrice    Amount     `json:"unitPrice"`
	LineTotal    Amount     `json:"lineTotal"`
	Deposit      Amount     `json:"deposit,omitempty"`
	TaxClass     string     `json:"taxClass"`
}

// QuoteHire is a hire line's dates (inclusive) and its number of days.
type QuoteHire struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Days  int    `json:"days"`
}

// QuoteServiceLine is a service on a quote: crew, delivery and collection,
// installation, each with its tax class.
type QuoteServiceLine struct {
	Name     Localized `json:"name"`
	Amount   Amount    `json:"amount"`
	TaxClass string    `json:"taxClass"`
}

// QuoteChange is one step of a quote's history: a status, or an admin's
// save (a new revision) with what it changed.
type QuoteChange struct {
	Revision int         `json:"revision"`
	Status   string      `json:"status"`
	At       string      `json:"at"`
	By       string      `json:"by" tstype:"'customer' | 'admin' | 'shop'"`
	Message  string      `json:"message,omitempty"`
	Changes  []QuoteDiff `json:"changes,omitempty"`
}

// QuoteDiff is one change of a revision: field is quantity, unitPrice,
// line (added or removed), serviceLine, shipping or validUntil; name the
// line's; from and to as shown ("" for added or removed).
type QuoteDiff struct {
	Field string    `json:"field" tstype:"'quantity' | 'unitPrice' | 'line' | 'serviceLine' | 'shipping' | 'validUntil'"`
	Name  Localized `json:"name,omitempty"`
	From  string    `json:"from"`
	To    string    `json:"to"`
}
