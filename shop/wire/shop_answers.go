package wire

// The answers package shop builds; shop keeps the same names as aliases. The
// cart (cart.Cart, cart.Item) stays in shop/cart: its lines carry state the
// order needs and the answer does not.

// PostalAddress is a name with an address: an order's billing address, and
// its shipping address without the contact details.
type PostalAddress struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address   string `json:"address"`
	City      string `json:"city"`
	State     string `json:"state"`
	ZipCode   string `json:"zipCode"`
	Country   string `json:"country"`
}

// ShippingInfo is where an order goes and whom to tell. In JSON the
// address's fields stand beside phone and email.
type ShippingInfo struct {
	PostalAddress
	Phone string `json:"phone"`
	Email string `json:"email"`
}

// OrderSummary is an order in lists.
type OrderSummary struct {
	ID             string `json:"id"`
	OrderNumber    string `json:"orderNumber"`
	CustomerName   string `json:"customerName"`
	CustomerEmail  string `json:"customerEmail"`
	SubtotalAmount Amount `json:"subtotalAmount"`
	ShippingMethod string `json:"shippingMethod"`
	// ShippingMethodName is the method's name when the order was placed
	// (the owner may rename or delete it since); absent for orders of
	// methods no longer known, which show the code's translation.
	ShippingMethodName Localized `json:"shippingMethodName,omitempty"`
	ShippingAmount     Amount    `json:"shippingAmount"`
	// DiscountAmount is what the discounts took off the lines (free
	// shipping is in Discounts only): totalAmount = subtotalAmount -
	// discountAmount + shippingAmount + taxAmount.
	DiscountAmount Amount     `json:"discountAmount"`
	Discounts      []Discount `json:"discounts"`
	TaxAmount      Amount     `json:"taxAmount"`
	TotalAmount    Amount     `json:"totalAmount"`
	// DepositAmount is the hire deposits paid with the order, in
	// totalAmount (api.md "Hire").
	DepositAmount Amount `json:"depositAmount,omitempty"`
	ItemCount     int    `json:"itemCount"`
	Status        string `json:"status"`
	CreatedAt     string `json:"createdAt"`
	// InvoiceNumber is "" until the order is invoiced.
	InvoiceNumber string `json:"invoiceNumber"`
	// QuoteNumber is the quote the order was made from (api.md "Quotes"),
	// absent for an order from the cart.
	QuoteNumber string `json:"quoteNumber,omitempty"`
	// Payment is the order's payment state beside its fulfilment status.
	Payment *Payment `json:"payment"`
}

// BillingInfo is whom an order is billed to: the billing address and,
// for a business, its company name and tax ID (shown on the invoice). In
// JSON the address's fields stand beside them.
type BillingInfo struct {
	PostalAddress
	CompanyName string `json:"companyName"`
	TaxID       string `json:"taxId"`
}

// OrderDetail is an order with its addresses, lines, tax, tracking
// number, status history and credit notes.
type OrderDetail struct {
	OrderSummary
	Shipping       ShippingInfo   `json:"shipping"`
	Billing        BillingInfo    `json:"billing"`
	Items          []OrderItem    `json:"items"`
	TrackingNumber string         `json:"trackingNumber"`
	History        []StatusChange `json:"history"`
	// ShippingQuote is "pending" while freight waits for the shop's quote
	// (shippingAmount 0, nothing due), "quoted" once set, "" otherwise;
	// WeightKg is what the order weighs.
	ShippingQuote string `json:"shippingQuote,omitempty" tstype:"'pending' | 'quoted'"`
	// Carrier is the code of the carrier ("ups"; "" none) and TrackingURL
	// its page for the tracking number ("" when unknown).
	Carrier     string `json:"carrier,omitempty"`
	TrackingURL string `json:"trackingUrl,omitempty"`
	// InternalNotes are the admins' notes: in admin answers only.
	InternalNotes []OrderNote `json:"internalNotes,omitempty"`
	WeightKg      Grams       `json:"weightKg,omitempty"`
	OrderTax
	CreditNotes []CreditNote `json:"creditNotes"`
	// CheckoutURL is the hosted payment page of a new card order (or of
	// pay again); PaymentError says why there is none when there should be.
	CheckoutURL  string `json:"checkoutUrl,omitempty"`
	PaymentError string `json:"paymentError,omitempty"`
}

// OrderItem is a snapshot of a cart line at the time of the order.
//
// With variants (issue 31) a line also keeps the variant's id, its SKU and
// its label ("10 m, Black"; English in VariantLabel, every language in
// VariantLabelLocalized; empty for a product without options).
type OrderItem struct {
	ID                    string    `json:"id"`
	ProductID             string    `json:"productId"`
	VariantID             string    `json:"variantId"`
	SKU                   string    `json:"sku"`
	ProductName           Localized `json:"productName"`
	VariantLabel          string    `json:"variantLabel"`
	VariantLabelLocalized Localized `json:"variantLabelLocalized"`
	ProductImage          string    `json:"productImage"`
	Quantity              int       `json:"quantity"`
	UnitPrice             Amount    `json:"unitPrice"`
	TotalPrice            Amount    `json:"totalPrice"`
	// DiscountAmount is the line's share of the order's discountAmount.
	DiscountAmount Amount `json:"discountAmount"`
	TaxClass       string `json:"taxClass" tstype:"'standard' | 'reduced' | 'zero'"`
	TaxRate        Rate   `json:"taxRate"`
	TaxAmount      Amount `json:"taxAmount"`
	// Hire is a hire line's dates (the shop's, inclusive) and its deposit.
	Hire *OrderHire `json:"hire,omitempty"`
}

// OrderHire is what an order line hired: from start to end, with the
// deposit paid for it.
type OrderHire struct {
	Start   string `json:"start"`
	End     string `json:"end"`
	Deposit Amount `json:"deposit"`
}

// StatusChange is one entry of an order's history: the status it got and
// when (RFC 3339 UTC).
type StatusChange struct {
	Status string `json:"status"`
	At     string `json:"at"`
	// From is the status before ("" for the first entry and entries from
	// before issue 35); OffPath marks a jump off the usual path (back, out
	// of Cancelled, cancelling what shipped); By is the admin who made the
	// change, in admin answers only.
	From    string `json:"from,omitempty"`
	OffPath bool   `json:"offPath,omitempty"`
	By      string `json:"by,omitempty"`
}

// OrderNote is an admin's internal note on an order: never in a
// customer's answer.
type OrderNote struct {
	Text string `json:"text"`
	By   string `json:"by"`
	At   string `json:"at"`
}

// MergeReport says what a merge did with the guest cart: how many lines
// and units it added to the user's cart, which lines were capped at the
// stock, and which were dropped (reason "inactive" or "out_of_stock").
type MergeReport struct {
	AddedLines int           `json:"addedLines"`
	AddedUnits int           `json:"addedUnits"`
	Capped     []MergeCapped `json:"capped"`
	Dropped    []MergeDrop   `json:"dropped"`
}

// MergeCapped is a guest line that did not fit the stock: the user's line
// would have had Requested units and has Kept.
type MergeCapped struct {
	ProductID             string    `json:"productId"`
	VariantID             string    `json:"variantId"`
	ProductName           Localized `json:"productName"`
	VariantLabel          string    `json:"variantLabel"`
	VariantLabelLocalized Localized `json:"variantLabelLocalized"`
	Requested             int       `json:"requested"`
	Kept                  int       `json:"kept"`
}

// MergeDrop is a guest line that was not merged, and why.
type MergeDrop struct {
	ProductID             string    `json:"productId"`
	VariantID             string    `json:"variantId"`
	ProductName           Localized `json:"productName"`
	VariantLabel          string    `json:"variantLabel"`
	VariantLabelLocalized Localized `json:"variantLabelLocalized"`
	Reason                string    `json:"reason" tstype:"'inactive' | 'out_of_stock'"`
}

// ContactRequest is a contact request as admins see it.
type ContactRequest struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Email      string         `json:"email"`
	Subject    string         `json:"subject"`
	Message    string         `json:"message"`
	Status     string         `json:"status"`
	AdminNotes string         `json:"adminNotes"`
	CreatedAt  string         `json:"createdAt"`
	UpdatedAt  string         `json:"updatedAt"`
	Replies    []ContactReply `json:"replies"`
}

// ContactReply is an admin's reply to a contact request.
type ContactReply struct {
	ID        string `json:"id"`
	Message   string `json:"message"`
	AdminName string `json:"adminName"`
	CreatedAt string `json:"createdAt"`
}

// ContactPage is one page of contact requests, newest first.
type ContactPage struct {
	Requests   []ContactRequest `json:"requests"`
	Pagination Page             `json:"pagination"`
}

// ContactStats counts contact requests by status.
type ContactStats struct {
	TotalRequests      int `json:"totalRequests"`
	NewRequests        int `json:"newRequests"`
	InProgressRequests int `json:"inProgressRequests"`
	ResolvedRequests   int `json:"resolvedRequests"`
}

// CustomerStats are a user's orders: how many (any status) and what they
// spent (orders that were not cancelled).
type CustomerStats struct {
	OrdersCount int    `json:"ordersCount"`
	TotalSpent  Amount `json:"totalSpent"`
}

// Revenue is the takings of non-cancelled orders over three fixed windows:
// today's UTC date, and the last 7 and 30 UTC dates including today.
type Revenue struct {
	Today      Amount `json:"today"`
	Last7Days  Amount `json:"last7Days"`
	Last30Days Amount `json:"last30Days"`
}

// DayFigures is one UTC date of the chart: revenue (tax included), the
// tax inside it and number of orders that were not cancelled.
type DayFigures struct {
	Date    string `json:"date"`
	Revenue Amount `json:"revenue"`
	Tax     Amount `json:"tax"`
	Orders  int    `json:"orders"`
}

// TopProduct is a best seller of the period by units.
//
// It is a variant (issue 31): its product's id, its own id and SKU, and
// the line's name ("XLR Cable - 10 m"; a product without options by its
// name alone).
type TopProduct struct {
	ID            string    `json:"id"`
	VariantID     string    `json:"variantId"`
	SKU           string    `json:"sku"`
	Name          string    `json:"name"`
	NameLocalized Localized `json:"nameLocalized"`
	Units         int       `json:"units"`
	Revenue       Amount    `json:"revenue"`
}

// LowStockProduct is an active variant of an active product with
// LowStockLevel or fewer units: its product's id, its own id and SKU, and
// its name as a line shows it.
type LowStockProduct struct {
	ID            string    `json:"id"`
	VariantID     string    `json:"variantId"`
	SKU           string    `json:"sku"`
	Name          string    `json:"name"`
	NameLocalized Localized `json:"nameLocalized"`
	StockQuantity int       `json:"stockQuantity"`
}

// Overview is the admin's view of the shop at a glance.
type Overview struct {
	Days    int     `json:"days"`
	Revenue Revenue `json:"revenue"`
	// Tax is the tax inside Revenue, as the orders stored it.
	Tax                Revenue           `json:"tax"`
	AverageOrderValue  Amount            `json:"averageOrderValue"`
	PeriodRevenue      Amount            `json:"periodRevenue"`
	PeriodTax          Amount            `json:"periodTax"`
	PeriodOrders       int               `json:"periodOrders"`
	OrdersByStatus     map[string]int    `json:"ordersByStatus"`
	RevenueByDay       []DayFigures      `json:"revenueByDay"`
	TopProducts        []TopProduct      `json:"topProducts"`
	LowStock           []LowStockProduct `json:"lowStock"`
	LowStockCount      int               `json:"lowStockCount"`
	Awaiting           Awaiting          `json:"awaiting"`
	Quotes             QuoteFigures      `json:"quotes"`
	NewContactRequests int               `json:"newContactRequests"`
	QueuedEmails       int               `json:"queuedEmails"`
	FailedEmails       int               `json:"failedEmails"`
}

// RoleChange is one recorded change of a user's roles.
type RoleChange struct {
	ID        string   `json:"id"`
	UserID    string   `json:"userId"`
	UserEmail string   `json:"userEmail"`
	By        string   `json:"by"`
	ByID      string   `json:"byId"`
	From      []string `json:"from"`
	To        []string `json:"to"`
	At        string   `json:"at"`
}

// RoleChangePage is one page of role changes, newest first.
type RoleChangePage struct {
	Changes    []RoleChange `json:"changes"`
	Pagination Page         `json:"pagination"`
}

// SavedAddress is an address in a customer's address book (country an ISO
// 3166 code, a US state its two-letter code). At most one is the default.
type SavedAddress struct {
	ID        string `json:"id"`
	Label     string `json:"label"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address   string `json:"address"`
	City      string `json:"city"`
	State     string `json:"state"`
	ZipCode   string `json:"zipCode"`
	Country   string `json:"country"`
	Phone     string `json:"phone"`
	IsDefault bool   `json:"isDefault"`
}
