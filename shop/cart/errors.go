package cart

import (
	"errors"
	"fmt"
)

// Errors of the cart's rules. Routes turn them into the contract's
// envelope; anything else is unexpected.
var (
	// ErrSessionRequired: neither a user nor a guest session id.
	ErrSessionRequired = errors.New("A signed-in user or a cart session id is required")
	// ErrBadSessionID: a session id that is not 8-128 chars of [A-Za-z0-9_-].
	ErrBadSessionID = errors.New("Invalid cart session id")
	// ErrItemNotFound: an item id that is not in the caller's cart.
	ErrItemNotFound = errors.New("Cart item not found")
	// ErrProductNotFound: an unknown or inactive product added to a cart.
	ErrProductNotFound = errors.New("Product not found")

	// ErrVariantRequired: a product with several variants added without
	// saying which.
	ErrVariantRequired = errors.New("Please choose the product's options")
)

// StockError says a cart line would exceed the stock of its variant.
type StockError struct {
	ProductID string
	VariantID string
	Available int
}

func (e *StockError) Error() string { return StockMessage(e.Available) }

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
