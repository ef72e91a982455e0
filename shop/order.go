package shop

// Collections of orders.
const (
	OrdersCollection     = "orders"
	OrderItemsCollection = "order_items"
)

// Order statuses.
const (
	StatusCreated    = "Created"
	StatusProcessing = "Processing"
	StatusProcessed  = "Processed"
	StatusShipped    = "Shipped"
	StatusDelivered  = "Delivered"
	StatusCancelled  = "Cancelled"
)

// orderStatuses are the statuses an order may have, in their usual order.
var orderStatuses = []string{StatusCreated, StatusProcessing, StatusProcessed, StatusShipped, StatusDelivered, StatusCancelled}

// maxAddressFieldLen bounds every shipping and billing text.
const maxAddressFieldLen = 200

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

// BillingInfo is the billing address of an order.
type BillingInfo = PostalAddress

// OrderSummary is an order in lists.
type OrderSummary struct {
	ID             string `json:"id"`
	OrderNumber    string `json:"orderNumber"`
	CustomerName   string `json:"customerName"`
	CustomerEmail  string `json:"customerEmail"`
	SubtotalAmount Amount `json:"subtotalAmount"`
	ShippingMethod string `json:"shippingMethod"`
	ShippingAmount Amount `json:"shippingAmount"`
	TotalAmount    Amount `json:"totalAmount"`
	ItemCount      int    `json:"itemCount"`
	Status         string `json:"status"`
	CreatedAt      string `json:"createdAt"`
}

// OrderDetail is an order with its addresses, lines, tracking number and
// status history.
type OrderDetail struct {
	OrderSummary
	Shipping       ShippingInfo   `json:"shipping"`
	Billing        BillingInfo    `json:"billing"`
	Items          []OrderItem    `json:"items"`
	TrackingNumber string         `json:"trackingNumber"`
	History        []StatusChange `json:"history"`
}

// OrderItem is a snapshot of a cart line at the time of the order.
type OrderItem struct {
	ID           string    `json:"id"`
	ProductID    string    `json:"productId"`
	ProductName  Localized `json:"productName"`
	ProductImage string    `json:"productImage"`
	Quantity     int       `json:"quantity"`
	UnitPrice    Amount    `json:"unitPrice"`
	TotalPrice   Amount    `json:"totalPrice"`
}
