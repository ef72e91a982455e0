package cart

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Ref is a line asked for outside a cart (a quote's): a product's variant
// ("" its default), how many, and a hire line's dates.
type Ref struct {
	ProductID, VariantID string
	Quantity             int
	HireStart, HireEnd   string
}

// ErrRefNotFound is a Ref whose product or variant does not exist; Index
// is the line's.
type ErrRefNotFound struct{ Index int }

func (e *ErrRefNotFound) Error() string { return fmt.Sprintf("line %d: product not found", e.Index) }

// ItemsOf reads refs as Lines reads a cart's lines: each with its product
// and variant now, priced at the list price (a hire line for its dates),
// Active and AvailableStock as checkout would see them.
func ItemsOf(app core.App, refs []Ref) ([]Item, error) {
	items := make([]Item, 0, len(refs))
	dates := make([][2]string, 0, len(refs))
	for i, ref := range refs {
		var r cartLineRow
		err := app.DB().NewQuery(`
			SELECT '' AS id, {:qty} AS quantity, '' AS hireStart, '' AS hireEnd, ` + lineColumns + `
			FROM products p
			JOIN product_variants v ON v.product = p.id AND v.id = (CASE WHEN {:v} = '' THEN p.defaultVariant ELSE {:v} END)
			WHERE p.id = {:p}`).
			Bind(dbx.Params{"p": ref.ProductID, "v": ref.VariantID, "qty": ref.Quantity}).One(&r)
		if err != nil {
			return nil, &ErrRefNotFound{Index: i}
		}
		items = append(items, r.item())
		dates = append(dates, [2]string{ref.HireStart, ref.HireEnd})
	}
	priceHireLines(app, items, dates)
	return items, nil
}
