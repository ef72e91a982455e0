package hire

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
)

// Line is a hire line: quantity units (or kits) of a product's variant
// (its default when empty), from Start to End (YYYY-MM-DD, inclusive).
type Line struct {
	ProductID string
	VariantID string
	Quantity  int
	Start     string
	End       string
	// Checked is the line as CheckLine read it, if it was (optional).
	Checked *Checked
}

// Quote is a checked hire line: its unit, dates, days and prices.
type Quote struct {
	Unit         Unit
	Start, End   Date
	Days         int
	UnitCents    int64  // one unit for the whole range (Price)
	Rule         string // the rule that priced it
	DepositCents int64  // the product's deposit × quantity
	Quantity     int
}

// LineCents is what the line costs: the unit price × quantity.
func (q Quote) LineCents() int64 { return q.UnitCents * int64(q.Quantity) }

// maxQuantity bounds a line's units (the fleet's own bound).
const maxQuantity = 100000

// Check checks a hire line against its product's terms on the shop's date
// today, without looking at bookings: the dates (in order, at most
// MaxDays), leadDays (hire_too_soon) and minDays (hire_too_short). Field
// errors are keyed hire.start, hire.end and quantity.
func Check(app core.App, today Date, l Line) (Quote, error) {
	if l.Quantity < 1 || l.Quantity > maxQuantity {
		return Quote{}, field.Error("quantity", "validation_range", fmt.Sprintf("Must be a whole number from 1 to %d", maxQuantity))
	}
	start, end, err := parseRange(l.Start, l.End, "hire.start", "hire.end", MaxDays)
	if err != nil {
		return Quote{}, err
	}
	u, err := LoadUnit(app, l.ProductID, l.VariantID)
	if err != nil {
		return Quote{}, err
	}
	days := Days(start, end)
	if earliest := today.AddDays(u.LeadDays); start.Before(earliest) {
		return Quote{}, &RuleError{Code: "hire_too_soon", Field: "hire.start",
			Message: fmt.Sprintf("This product can be hired from %s at the earliest", earliest)}
	}
	if days < u.MinDays {
		return Quote{}, &RuleError{Code: "hire_too_short", Field: "hire.end",
			Message: fmt.Sprintf("This product is hired for at least %d days", u.MinDays)}
	}
	cents, rule := Price(u.Rates, start, end)
	return Quote{Unit: u, Start: start, End: end, Days: days, UnitCents: cents, Rule: rule,
		DepositCents: u.DepositCents * int64(l.Quantity), Quantity: l.Quantity}, nil
}

// Available is the most units (kits) of q's unit free on every day of its
// range.
func Available(app core.App, q Quote) (int, error) {
	return mostFree(app, q.Unit, q.Start, q.End)
}

// Book checks and books an order's hire lines, in app's write transaction
// (the order's own, when the order is placed in one; otherwise a new
// one). SQLite runs one write transaction at a time, and every booking is
// written in one, so what the check reads is what is booked: two orders
// for the last unit on overlapping dates never both succeed. A line
// asking for more than is free is an *UnavailableError, and nothing is
// booked. Lines are booked in order, so a later line sees the earlier
// ones' units taken. A line's Checked, when it still holds in this
// transaction (see Checked), stands for reading its terms and bookings
// again.
func Book(app core.App, orderID string, lines []Line) ([]Booking, error) {
	if len(lines) == 0 {
		return nil, nil // a sale order: nothing to read or book
	}
	var out []Booking
	err := db.Write(app, func(txApp core.App) error {
		out = nil
		var today *Date
		for _, l := range lines {
			q, most, ok := l.Checked.holds(txApp, l)
			if !ok {
				if today == nil {
					d, err := Today(txApp)
					if err != nil {
						return err
					}
					today = &d
				}
				var err error
				if q, err = Check(txApp, *today, l); err != nil {
					return err
				}
				if most, err = Available(txApp, q); err != nil {
					return err
				}
			}
			b, err := bookLine(txApp, orderID, q, most)
			if err != nil {
				return err
			}
			out = append(out, b...)
		}
		return nil
	})
	return out, err
}

// bookLine books one checked line of which most units (kits) are free:
// a row for the unit, and for a kit one per component naming the kit's
// row.
func bookLine(txApp core.App, orderID string, q Quote, most int) ([]Booking, error) {
	if most < q.Quantity {
		return nil, &UnavailableError{ProductID: q.Unit.ProductID, VariantID: q.Unit.VariantID, Available: most}
	}
	kit, err := insertBooking(txApp, orderID, q.Unit.ProductID, q.Unit.VariantID, "", q.Quantity, q)
	if err != nil {
		return nil, err
	}
	out := []Booking{bookingOf(kit)}
	for _, c := range q.Unit.Kit {
		cu, err := componentUnit(txApp, c)
		if err != nil {
			return nil, err
		}
		rec, err := insertBooking(txApp, orderID, cu.ProductID, cu.VariantID, kit.Id, q.Quantity*max(c.Quantity, 1), q)
		if err != nil {
			return nil, err
		}
		out = append(out, bookingOf(rec))
	}
	return out, nil
}

// insertBooking saves one reserved booking row.
func insertBooking(txApp core.App, orderID, productID, variantID, kitBooking string, quantity int, q Quote) (*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(BookingsCollection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Set("orderRef", orderID)
	rec.Set("product", productID)
	rec.Set("variant", variantID)
	rec.Set("kitBooking", kitBooking)
	rec.Set("quantity", quantity)
	rec.Set("startDate", q.Start.String())
	rec.Set("endDate", q.End.String())
	rec.Set("status", StatusReserved)
	rec.Set("fees", []Fee{})
	// Without the record validation's look-ups of the order, product and
	// variant: the order was written and the unit read in this
	// transaction, and every other value is made here.
	if err := txApp.SaveNoValidate(rec); err != nil {
		return nil, err
	}
	markBooked(txApp, variantID)
	return rec, nil
}

// QuoteLine checks a hire line on the shop's date today and says what it
// costs and how many units (kits) are free for all of its days: the price
// a shopper sees before adding it to the cart, by the one pricing rule.
func QuoteLine(app core.App, l Line) (Quote, int, error) {
	c, err := CheckLine(app, l)
	if err != nil {
		return Quote{}, 0, err
	}
	return c.quote, c.free, nil
}
