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
	// ProductName and ProductNameLocalized name the product (in the
	// bookings calendar, read for the whole list at once).
	ProductName          string    `json:"productName"`
	ProductNameLocalized Localized `json:"productNameLocalized"`
	// Settlement is what the deposit settled into at check-in (a returned
	// booking of an order line, not a kit's component).
	Settlement *BookingSettlement `json:"settlement,omitempty"`
}

// BookingSettlement is a returned booking's deposit: the fees kept from
// it, the rest refunded through the order's refunds, and the fees above
// it owed on the order.
type BookingSettlement struct {
	Deposit Amount `json:"deposit"`
	Kept    Amount `json:"kept"`
	Refund  Amount `json:"refund"`
	Owed    Amount `json:"owed"`
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

// Availability answers GET /api/products/{id}/availability; Quote is
// there when the request names a hire's start and end.
type Availability struct {
	Days  []HireDay  `json:"days"`
	Quote *HireQuote `json:"quote,omitempty"`
	// Today is the shop's date now (in its time zone): the calendar's
	// first day, whatever the browser's zone.
	Today string `json:"today"`
}

// HireQuote is what a hire of quantity units from start to end costs by
// the contract's pricing rule (rule: day, weekend or week) and how many
// units are free on all of its days.
type HireQuote struct {
	Start     string `json:"start"`
	End       string `json:"end"`
	Days      int    `json:"days"`
	Quantity  int    `json:"quantity"`
	Rule      string `json:"rule" tstype:"'day' | 'weekend' | 'week'"`
	UnitPrice Amount `json:"unitPrice"`
	LineTotal Amount `json:"lineTotal"`
	Deposit   Amount `json:"deposit"`
	Available int    `json:"available"`
}

// CartHire is a hire line's dates (the shop's, inclusive), how many days
// and what one unit costs for them.
type CartHire struct {
	Start     string `json:"start"`
	End       string `json:"end"`
	Days      int    `json:"days"`
	UnitPrice Amount `json:"unitPrice"`
}
