package shop

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"stageshop/shop/cart"
	"stageshop/shop/wire"
)

// Errors of checkout's rules, with their answers.
var (
	// ErrCartEmpty: checkout of an empty cart.
	ErrCartEmpty = wire.BadRequest("cart_empty", "Your cart is empty")
	// ErrOrderNotFound: an unknown order, or someone else's.
	ErrOrderNotFound = wire.NotFound("Order not found")
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

// Problem is the 409 for order lines that cannot be fulfilled, each under
// errors["items.{id}"], by variant and by product (the contract's key: the
// first failing variant's message when two of one product fail). When
// stock is short the code is insufficient_stock, the message that of the
// first short line (as for a cart line) and available what is left of
// each short product; when products merely vanished from sale the code is
// product_unavailable.
func (e LineErrors) Problem() *wire.Problem {
	ids := slices.Sorted(maps.Keys(e))
	p := wire.Conflict("product_unavailable", "Some products in your cart are no longer available")
	for _, id := range ids {
		if e[id].Short {
			p.Code, p.Message = "insufficient_stock", e[id].Error()
			p.Available = e.Available()
			break
		}
	}
	p.Errors = make(map[string]string, 2*len(e))
	for _, id := range ids {
		l := e[id]
		p.Errors["items."+id] = l.Error()
		if key := "items." + l.ProductID; l.ProductID != "" && p.Errors[key] == "" {
			p.Errors[key] = l.Error()
		}
	}
	return p
}
