package cart

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/hire"
	"stageshop/shop/wire"
)

// Hire lines (issue 46, api.md "Hire"): a line with dates is a hire of its
// variant from Start to End, priced by hire's rule (its unit price is one
// unit for the whole range) with the product's deposit per unit; the same
// variant on other dates is another line. A cart reserves nothing: its
// lines' availableStock is what is free now, and the order books them.

// ErrHireDatesRequired: a product for hire only added without dates.
var ErrHireDatesRequired = wire.BadRequest("hire_dates_required", "This product is for hire only: choose the dates").
	WithField("hire", "Choose the dates of the hire")

// HireDates are the dates of a hire line as sent.
type HireDates struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// AddHire puts qty units of a product's variant for hire from start to
// end into the owner's cart, raising its line for those dates if there is
// one. The hire is checked against the product's terms (hire.RuleError,
// hire.ErrNotForHire) and its line never asks for more than is free on
// every day (*hire.UnavailableError).
func AddHire(app core.App, owner Owner, productID, variantID string, qty int, dates HireDates) (*Cart, error) {
	return changeCart(app, owner, atLeastOne(qty), func(txApp core.App) (string, error) {
		variant, err := ActiveVariant(txApp, productID, variantID)
		if err != nil {
			return "", err
		}
		rec, err := findOrCreateCart(txApp, owner)
		if err != nil {
			return "", err
		}
		line, err := txApp.FindFirstRecordByFilter(ItemsCollection,
			"cart = {:cart} && variant = {:variant} && hireStart = {:start} && hireEnd = {:end}",
			dbx.Params{"cart": rec.Id, "variant": variant.ID, "start": dates.Start, "end": dates.End})
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return "", err
		}
		if line == nil {
			if line, err = newCartLine(txApp, rec.Id, variant); err != nil {
				return "", err
			}
			line.Set("hireStart", dates.Start)
			line.Set("hireEnd", dates.End)
		}
		return rec.Id, setHireQuantity(txApp, owner, line, variant, line.GetInt("quantity")+qty)
	})
}

// setHireQuantity saves a hire line's quantity after checking its dates,
// what is free for them and the shop's units per line (as for a sale line,
// the free units standing for the stock).
func setHireQuantity(txApp core.App, owner Owner, line *core.Record, variant *Variant, qty int) error {
	if err := checkQuantity(qty); err != nil {
		return err
	}
	l := hire.Line{ProductID: variant.ProductID, VariantID: variant.ID, Quantity: qty,
		Start: line.GetString("hireStart"), End: line.GetString("hireEnd")}
	q, most, err := hire.QuoteLine(txApp, l)
	if err != nil {
		return err
	}
	if most < q.Quantity {
		return &hire.UnavailableError{ProductID: variant.ProductID, VariantID: variant.ID, Available: most}
	}
	if err := checkLineLimit(txApp, owner, &Variant{ID: variant.ID, ProductID: variant.ProductID, Stock: float64(most)}, qty); err != nil {
		return err
	}
	line.Set("quantity", qty)
	return txApp.SaveNoValidate(line)
}

// HireOnly reports whether a product is for hire only (no sale line).
func HireOnly(app core.App, productID string) bool {
	var only bool
	_ = app.DB().Select("(hireEnabled AND hireOnly)").From("products").Where(dbx.HashExp{"id": productID}).Row(&only)
	return only
}

// priceHireLines prices the hire lines of items by hire's rule, today's:
// unit price, total and deposit, and what is free for their dates as
// their availableStock. A line whose dates no longer fit the product's
// terms (too soon now, the product taken off hire) cannot be ordered: it
// is inactive, with nothing available.
func priceHireLines(app core.App, items []Item, dates [][2]string) {
	for i := range items {
		if dates[i][0] == "" {
			continue
		}
		it := &items[i]
		l := hire.Line{ProductID: it.ProductID, VariantID: it.VariantID, Quantity: it.Quantity, Start: dates[i][0], End: dates[i][1]}
		it.Hire = &wire.CartHire{Start: l.Start, End: l.End}
		c, err := hire.CheckLine(app, l)
		if err != nil {
			it.Active, it.AvailableStock = false, 0
			continue
		}
		it.hireChecked = c
		q, most := c.Quote(), c.Free()
		it.Hire.Days, it.Hire.UnitPrice = q.Days, wire.Amount(q.UnitCents)
		it.UnitPrice, it.TotalPrice = wire.Amount(q.UnitCents), wire.Amount(q.LineCents())
		it.Deposit, it.AvailableStock = wire.Amount(q.DepositCents), most
	}
}

// HireLines are the hire lines of items as hire books them, each with
// what pricing read of it (hire.Book reads it again unless that was in
// the booking's own transaction, with no booking of its units since).
func HireLines(items []Item) []hire.Line {
	var out []hire.Line
	for _, it := range items {
		if it.Hire != nil {
			out = append(out, hire.Line{ProductID: it.ProductID, VariantID: it.VariantID, Quantity: it.Quantity,
				Start: it.Hire.Start, End: it.Hire.End, Checked: it.hireChecked})
		}
	}
	return out
}

// lineKey keys a cart line by variant and hire dates.
func lineKey(variant, start, end string) string { return variant + "/" + start + "/" + end }
