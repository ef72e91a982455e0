package hire

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
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

// termsOf reads a product record's hire terms.
func termsOf(rec *core.Record) Terms {
	t := Terms{
		ProductID:    rec.Id,
		Enabled:      rec.GetBool("hireEnabled"),
		SaleEnabled:  !rec.GetBool("hireOnly"),
		DepositCents: int64(rec.GetInt("hireDepositCents")),
		BufferDays:   rec.GetInt("hireBufferDays"),
		MinDays:      rec.GetInt("hireMinDays"),
		LeadDays:     rec.GetInt("hireLeadDays"),
	}
	_ = rec.UnmarshalJSONField("kit", &t.Kit) // a malformed kit has no components
	return t
}

// LoadUnit reads the active product productID and its active variant
// variantID (the product's default variant when empty) for hire.
func LoadUnit(app core.App, productID, variantID string) (Unit, error) {
	p, err := db.FindRecord(app, productsCollection, productID, ErrProductNotFound)
	if err != nil {
		return Unit{}, err
	}
	if !p.GetBool("isActive") {
		return Unit{}, ErrProductNotFound
	}
	t := termsOf(p)
	if !t.Enabled {
		return Unit{}, ErrNotForHire
	}
	if variantID == "" {
		variantID = p.GetString("defaultVariant")
	}
	v, err := db.FindRecord(app, variantsCollection, variantID, ErrVariantNotFound)
	if err != nil {
		return Unit{}, err
	}
	if v.GetString("product") != p.Id || !v.GetBool("isActive") {
		return Unit{}, ErrVariantNotFound
	}
	return unitOf(t, v), nil
}

// unitOf is the unit of a variant record under its product's terms.
func unitOf(t Terms, v *core.Record) Unit {
	return Unit{
		Terms:     t,
		VariantID: v.Id,
		Rates: Rates{
			Day:     int64(v.GetInt("hireDayCents")),
			Weekend: int64(v.GetInt("hireWeekendCents")),
			Week:    int64(v.GetInt("hireWeekCents")),
		},
		Fleet: v.GetInt("hireQuantity"),
	}
}

// componentUnit reads a kit component: its variant (the product's default
// when the kit names none) and its product's buffer; its fleet counts
// whether or not the component is for hire on its own.
func componentUnit(app core.App, c Component) (Unit, error) {
	p, err := app.FindRecordById(productsCollection, c.ProductID)
	if errors.Is(err, sql.ErrNoRows) {
		return Unit{}, ErrProductNotFound
	}
	if err != nil {
		return Unit{}, err
	}
	id := c.VariantID
	if id == "" {
		id = p.GetString("defaultVariant")
	}
	v, err := db.FindRecord(app, variantsCollection, id, ErrVariantNotFound)
	if err != nil {
		return Unit{}, err
	}
	t := termsOf(p)
	t.Kit = nil
	return unitOf(t, v), nil
}
