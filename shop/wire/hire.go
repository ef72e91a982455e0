package wire

// Booking is one booking of hire units (api.md "Hire"): quantity units of
// a variant from start to end (the shop's dates, inclusive). A kit's
// booking has a row for the kit and one per component, whose
// kitBookingId names the kit's ("" otherwise). Fees are recorded on
// return.
type Booking struct {
	ID           string       `json:"id"`
	OrderID      string       `json:"orderId"`
	ProductID    string       `json:"productId"`
	VariantID    string       `json:"variantId"`
	KitBookingID string       `json:"kitBookingId"`
	Quantity     int          `json:"quantity"`
	Start        string       `json:"start"`
	End          string       `json:"end"`
	Status       string       `json:"status" tstype:"'reserved' | 'out' | 'returned' | 'cancelled'"`
	Fees         []BookingFee `json:"fees"`
}

// BookingFee is a fee kept from a hire's deposit.
type BookingFee struct {
	Kind   string `json:"kind" tstype:"'damage' | 'cleaning' | 'late'"`
	Amount Amount `json:"amount"`
	Note   string `json:"note"`
}

// HireDay is how many units (kits) a one-day hire on date could have.
type HireDay struct {
	Date      string `json:"date"`
	Available int    `json:"available"`
}

// Availability answers GET /api/products/{id}/availability.
type Availability struct {
	Days []HireDay `json:"days"`
}
