package hire

import (
	"slices"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// Checked is a hire line checked and priced, with the units (kits) free
// for all of its days, as CheckLine read them. Placing an order prices
// its cart's lines in the order's write transaction and then books them
// in it: Book takes a Checked read in its own transaction for the line
// instead of reading the terms and bookings again, as long as no booking
// of the variants it counted has been written in that transaction since
// (nothing else writes while a write transaction runs, and only a new
// booking takes units). Read outside a transaction, or in another, it is
// read again: the check that prevents double booking is always the
// booking transaction's own.
type Checked struct {
	quote    Quote
	free     int
	tx       *core.TxAppInfo
	variants []string // the variants whose bookings free counted
}

// Quote is the line's quote.
func (c *Checked) Quote() Quote { return c.quote }

// Free is how many units (kits) were free for all of the line's days.
func (c *Checked) Free() int { return c.free }

// CheckLine checks a hire line on the shop's date today and reads what it
// costs and how many units (kits) are free for all of its days.
func CheckLine(app core.App, l Line) (*Checked, error) {
	today, err := Today(app)
	if err != nil {
		return nil, err
	}
	q, err := Check(app, today, l)
	if err != nil {
		return nil, err
	}
	most, err := Available(app, q)
	if err != nil {
		return nil, err
	}
	c := &Checked{quote: q, free: most, tx: app.TxInfo(), variants: []string{q.Unit.VariantID}}
	if len(q.Unit.Kit) > 0 {
		c.variants = c.variants[:0]
		for _, k := range q.Unit.Kit {
			c.variants = append(c.variants, k.VariantID)
		}
		// A component named without its variant is its product's default:
		// not known here, so any booking in the transaction counts.
		if slices.Contains(c.variants, "") {
			c.variants = nil
		}
	}
	return c, nil
}

// holds is c's quote and free units when c still stands for line l in
// txApp's transaction: read in it for the same line, and no booking of
// its variants written in it since.
func (c *Checked) holds(txApp core.App, l Line) (Quote, int, bool) {
	if c == nil || c.tx == nil || c.tx != txApp.TxInfo() {
		return Quote{}, 0, false
	}
	q := c.quote
	if q.Unit.ProductID != l.ProductID || (l.VariantID != "" && l.VariantID != q.Unit.VariantID) ||
		q.Start.String() != l.Start || q.End.String() != l.End || q.Quantity != l.Quantity {
		return Quote{}, 0, false
	}
	if bookedSince(c.tx, c.variants) {
		return Quote{}, 0, false
	}
	return q, c.free, true
}

// txBookings are the variants booked so far in one write transaction.
type txBookings struct {
	mu       sync.Mutex
	variants map[string]bool
}

// booked are the transactions under way that have written bookings, by
// their TxAppInfo (dropped when the transaction ends).
var booked sync.Map

// markBooked notes that a booking of variant was written in txApp's
// transaction.
func markBooked(txApp core.App, variant string) {
	info := txApp.TxInfo()
	if info == nil {
		return // not in a transaction: nothing can hold a Checked of it
	}
	v, loaded := booked.LoadOrStore(info, &txBookings{variants: map[string]bool{}})
	if !loaded {
		info.OnComplete(func(error) error { booked.Delete(info); return nil })
	}
	b := v.(*txBookings)
	b.mu.Lock()
	b.variants[variant] = true
	b.mu.Unlock()
}

// bookedSince reports whether tx has booked any of variants (any booking
// at all when variants is nil).
func bookedSince(tx *core.TxAppInfo, variants []string) bool {
	v, ok := booked.Load(tx)
	if !ok {
		return false
	}
	b := v.(*txBookings)
	b.mu.Lock()
	defer b.mu.Unlock()
	if variants == nil {
		return len(b.variants) > 0
	}
	for _, id := range variants {
		if b.variants[id] {
			return true
		}
	}
	return false
}
