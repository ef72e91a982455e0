package shop

import (
	"slices"
)

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

// OrderStatuses are the statuses an order may have, in their usual order.
var OrderStatuses = []string{StatusCreated, StatusProcessing, StatusProcessed, StatusShipped, StatusDelivered, StatusCancelled}

// IsOrderStatus reports whether s is one of OrderStatuses.
func IsOrderStatus(s string) bool {
	return slices.Contains(OrderStatuses, s)
}

// MaxAddressFieldLen bounds every shipping and billing text.
const MaxAddressFieldLen = 200

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

// OrderInput is what a customer sends to place an order; the lines come
// from the customer's cart.
type OrderInput struct {
	Shipping              ShippingInfo
	Billing               BillingInfo
	UseShippingForBilling bool
	// ShippingMethod is the code of a method that fits the address.
	ShippingMethod string
	// ExpectedTotal, when set, is the total the shopper saw; an order with
	// another total is refused with TotalChangedError.
	ExpectedTotal *Amount
}

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

// OrderItem is a snapshot of a cart line at the time of the order: the
// product's name, the variant's SKU and label, the picture and the price
// paid.
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
}
