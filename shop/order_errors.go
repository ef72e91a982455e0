package shop

import (
	"errors"
	"sort"
	"strings"

	"stageshop/shop/cart"
)

// Errors of checkout's rules. Routes turn them into the
// contract's envelope; anything else is unexpected.
var (
	// ErrCartEmpty: checkout of an empty cart.
	ErrCartEmpty = errors.New("Your cart is empty")
	// ErrOrderNotFound: an unknown order, or someone else's.
	ErrOrderNotFound = errors.New("Order not found")
)

// LineError says why one order line cannot be fulfilled.
type LineError struct {
	// ProductID is the line's product.
	ProductID string
	// Short: the product has too few in stock; Available is what is left.
	Short     bool
	Available int
	// Deleted: the product no longer exists. A line neither Short nor
	// Deleted is of a product taken off sale.
	Deleted bool
}

func (l LineError) Error() string {
	switch {
	case l.Short:
		return cart.StockMessage(l.Available)
	case l.Deleted:
		return "This product no longer exists"
	}
	return "This product is no longer available"
}

// LineErrors says some order lines cannot be fulfilled, keyed by variant
// id (the product id for a line that has none). Nothing was changed.
type LineErrors map[string]LineError

// Available is what is left of each variant that ran short, by variant id
// and by its product's id (the contract's key; with two short variants of
// one product, the smaller).
func (e LineErrors) Available() map[string]int {
	out := map[string]int{}
	for id, l := range e {
		if !l.Short {
			continue
		}
		n := max(l.Available, 0)
		out[id] = n
		if l.ProductID != "" && l.ProductID != id {
			if have, ok := out[l.ProductID]; !ok || n < have {
				out[l.ProductID] = n
			}
		}
	}
	return out
}

func (e LineErrors) Error() string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+e[k].Error())
	}
	return "Some items cannot be ordered (" + strings.Join(parts, "; ") + ")"
}
