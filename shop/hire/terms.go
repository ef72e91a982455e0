package hire

import (
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/wire"
)

// The collections hire reads and writes.
const (
	BookingsCollection = "hire_bookings"
	productsCollection = "products"
	variantsCollection = "product_variants"
)

// MaxDays is the longest hire; MaxWindow the longest availability window.
const (
	MaxDays   = 90
	MaxWindow = 120
)

var (
	// ErrProductNotFound: no active product has the id.
	ErrProductNotFound = wire.NotFound("Product not found")
	// ErrVariantNotFound: the product has no active variant with the id.
	ErrVariantNotFound = wire.NotFound("This option of the product is not available")
	// ErrNotForHire: the product is not for hire.
	ErrNotForHire = wire.BadRequest("not_for_hire", "This product is not for hire")
	// ErrBookingNotFound: no booking has the id.
	ErrBookingNotFound = wire.NotFound("Booking not found")
)

// Terms are a product's hire terms.
type Terms struct {
	ProductID    string
	Enabled      bool
	SaleEnabled  bool
	DepositCents int64
	BufferDays   int
	MinDays      int
	LeadDays     int
	Kit          []Component
}

// Component is one line of a kit: quantity units of a variant per kit.
type Component struct {
	ProductID string `json:"productId"`
	VariantID string `json:"variantId"`
	Quantity  int    `json:"quantity"`
}

// Unit is one hireable variant: its product's terms, its rates and fleet.
type Unit struct {
	Terms
	VariantID string
	Rates     Rates
	Fleet     int
}

// unitRow is a product's hire terms and one of its variants (by id, or
// its default) as one plain statement reads them: checkout reads a unit
// twice per hire line (pricing, then booking), and two whole records
// through the record finder cost more than the rest of the line.
type unitRow struct {
	ProductActive  bool    `db:"productActive"`
	HireEnabled    bool    `db:"hireEnabled"`
	HireOnly       bool    `db:"hireOnly"`
	DepositCents   float64 `db:"hireDepositCents"`
	BufferDays     float64 `db:"hireBufferDays"`
	MinDays        float64 `db:"hireMinDays"`
	LeadDays       float64 `db:"hireLeadDays"`
	Kit            string  `db:"kit"`
	VariantID      string  `db:"variantId"`
	VariantProduct string  `db:"variantProduct"`
	VariantActive  bool    `db:"variantActive"`
	DayCents       float64 `db:"hireDayCents"`
	WeekendCents   float64 `db:"hireWeekendCents"`
	WeekCents      float64 `db:"hireWeekCents"`
	Fleet          float64 `db:"hireQuantity"`
}

// readUnit reads product productID and its variant variantID (its default
// when empty); found is false when the product does not exist, and the
// variant's columns are empty when it does not.
func readUnit(app core.App, productID, variantID string) (r unitRow, found bool, err error) {
	if productID == "" {
		return r, false, nil
	}
	err = app.DB().NewQuery(`SELECT p.isActive AS productActive, p.hireEnabled AS hireEnabled, p.hireOnly AS hireOnly,
		       p.hireDepositCents AS hireDepositCents, p.hireBufferDays AS hireBufferDays, p.hireMinDays AS hireMinDays,
		       p.hireLeadDays AS hireLeadDays, COALESCE(p.kit, '') AS kit,
		       COALESCE(v.id, '') AS variantId, COALESCE(v.product, '') AS variantProduct,
		       COALESCE(v.isActive, FALSE) AS variantActive, COALESCE(v.hireDayCents, 0) AS hireDayCents,
		       COALESCE(v.hireWeekendCents, 0) AS hireWeekendCents, COALESCE(v.hireWeekCents, 0) AS hireWeekCents,
		       COALESCE(v.hireQuantity, 0) AS hireQuantity
		FROM products p
		LEFT JOIN product_variants v ON v.id = (CASE WHEN {:v} = '' THEN p.defaultVariant ELSE {:v} END)
		WHERE p.id = {:p}`).Bind(params{"p": productID, "v": variantID}).One(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil, err
}

// terms are the row's product's hire terms.
func (r unitRow) terms(productID string) Terms {
	t := Terms{
		ProductID:    productID,
		Enabled:      r.HireEnabled,
		SaleEnabled:  !r.HireOnly,
		DepositCents: int64(r.DepositCents),
		BufferDays:   int(r.BufferDays),
		MinDays:      int(r.MinDays),
		LeadDays:     int(r.LeadDays),
	}
	if r.Kit != "" {
		if err := json.Unmarshal([]byte(r.Kit), &t.Kit); err != nil {
			t.Kit = nil // a malformed kit has no components
		}
	}
	return t
}

// unit is the row's variant under terms t.
func (r unitRow) unit(t Terms) Unit {
	return Unit{
		Terms:     t,
		VariantID: r.VariantID,
		Rates:     Rates{Day: int64(r.DayCents), Weekend: int64(r.WeekendCents), Week: int64(r.WeekCents)},
		Fleet:     int(r.Fleet),
	}
}

// LoadUnit reads the active product productID and its active variant
// variantID (the product's default variant when empty) for hire.
func LoadUnit(app core.App, productID, variantID string) (Unit, error) {
	r, found, err := readUnit(app, productID, variantID)
	if err != nil {
		return Unit{}, err
	}
	if !found || !r.ProductActive {
		return Unit{}, ErrProductNotFound
	}
	t := r.terms(productID)
	if !t.Enabled {
		return Unit{}, ErrNotForHire
	}
	if r.VariantID == "" || r.VariantProduct != productID || !r.VariantActive {
		return Unit{}, ErrVariantNotFound
	}
	return r.unit(t), nil
}

// componentUnit reads a kit component: its variant (the product's default
// when the kit names none) and its product's buffer; its fleet counts
// whether or not the component is for hire on its own.
func componentUnit(app core.App, c Component) (Unit, error) {
	r, found, err := readUnit(app, c.ProductID, c.VariantID)
	if err != nil {
		return Unit{}, err
	}
	if !found {
		return Unit{}, ErrProductNotFound
	}
	if r.VariantID == "" {
		return Unit{}, ErrVariantNotFound
	}
	t := r.terms(c.ProductID)
	t.Kit = nil
	return r.unit(t), nil
}
