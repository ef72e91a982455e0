package shop

import "stageshop/shop/wire"

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

// PostalAddress is an answer shape (shop/wire).
type PostalAddress = wire.PostalAddress

// ShippingInfo is an answer shape (shop/wire).
type ShippingInfo = wire.ShippingInfo

// BillingInfo is the billing address of an order.
type BillingInfo = wire.BillingInfo

// OrderSummary is an answer shape (shop/wire).
type OrderSummary = wire.OrderSummary

// OrderDetail is an answer shape (shop/wire).
type OrderDetail = wire.OrderDetail

// OrderItem is an answer shape (shop/wire).
type OrderItem = wire.OrderItem

// OrderHire is an order line's hire: its dates and deposit.
type OrderHire = wire.OrderHire

// OrderTax is an answer shape (shop/wire).
type OrderTax = wire.OrderTax

// Amount is integer cents that encodes as a JSON number with two decimals
// (its home is the API's shapes, shop/wire).
type Amount = wire.Amount

// Localized is a text by language code ("en", "ru", "zh"); its home is the
// API's shapes (shop/wire).
type Localized = wire.Localized
