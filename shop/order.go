package shop

import (
	"slices"

	"stageshop/shop/wire"
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

// PostalAddress is an answer shape (shop/wire).
type PostalAddress = wire.PostalAddress

// ShippingInfo is an answer shape (shop/wire).
type ShippingInfo = wire.ShippingInfo

// BillingInfo is the billing address of an order.
type BillingInfo = wire.BillingInfo

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

// OrderSummary is an answer shape (shop/wire).
type OrderSummary = wire.OrderSummary

// OrderDetail is an answer shape (shop/wire).
type OrderDetail = wire.OrderDetail

// OrderItem is an answer shape (shop/wire).
type OrderItem = wire.OrderItem
