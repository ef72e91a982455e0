package cart

import (
	"fmt"

	"stageshop/shop/wire"
)

// Errors of the cart's rules, with their answers.
var (
	// ErrSessionRequired: neither a user nor a guest session id.
	ErrSessionRequired = wire.BadRequest("session_required", "Sign in or send an X-Session-Id header")
	// ErrBadSessionID: a session id that is not 8-128 chars of [A-Za-z0-9_-].
	ErrBadSessionID = wire.BadRequest("invalid_session_id",
		"X-Session-Id must be 8-128 characters of letters, digits, '_' or '-'")
	// ErrItemNotFound: an item id that is not in the caller's cart.
	ErrItemNotFound = wire.NotFound("Cart item not found")
	// ErrProductNotFound: an unknown or inactive product added to a cart.
	ErrProductNotFound = wire.NotFound("Product not found")

	// ErrVariantRequired: a product with several variants added without
	// saying which.
	ErrVariantRequired = wire.BadRequest("variant_required", "Please choose the product's options").
				WithField("variantId", "Choose one of the product's variants")
)

// StockError says a cart line would exceed the stock of its variant.
type StockError struct {
	ProductID string
	VariantID string
	Available int
}

func (e *StockError) Error() string { return StockMessage(e.Available) }

// Problem is 409 insufficient_stock with what is left, by product (the
// contract's key) and by variant.
func (e *StockError) Problem() *wire.Problem {
	p := wire.Conflict("insufficient_stock", e.Error())
	p.Available = map[string]int{e.ProductID: max(e.Available, 0)}
	if e.VariantID != "" {
		p.Available[e.VariantID] = max(e.Available, 0)
	}
	return p
}

// StockMessage says that only n are left in stock (none below zero); an
// order line short of stock says the same.
func StockMessage(n int) string {
	if n < 0 {
		n = 0
	}
	return fmt.Sprintf("Only %d left in stock", n)
}

// LineLimitError refuses a line above the units one customer may put on a
// line (the payment setting maxUnitsPerLine): 409 line_limit with Limit.
type LineLimitError struct{ Limit int }

func (e *LineLimitError) Error() string {
	return fmt.Sprintf("At most %d units of one item per order: for more, please contact the shop", e.Limit)
}

// Problem is 409 line_limit with the limit.
func (e *LineLimitError) Problem() *wire.Problem {
	p := wire.Conflict("line_limit", e.Error())
	limit := e.Limit
	p.Limit = &limit
	return p
}
