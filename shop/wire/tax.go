package wire

import (
	"strconv"
	"strings"
)

// Rate is a tax rate in thousandths of a percent: 6.25 % is 6250, so that
// every rate with up to three decimals is exact. In JSON it is a number of
// percent (6.25).
type Rate int64

// MaxRate is the highest rate a shop may set: 100 %.
const MaxRate Rate = 100_000

// RateScale is 100 % in Rate units.
const RateScale = 100_000

// RateFromPercent reads a percentage such as 6.25 as a Rate; ok is false
// for a negative rate, one over 100 % or one with more than three
// decimals.
func RateFromPercent(p float64) (r Rate, ok bool) {
	if p != p || p < 0 || p > 100 {
		return 0, false
	}
	milli := p * 1000
	r = Rate(milli + 0.5)
	// A float such as 6.25 is stored as 6.2499999…: allow that much slack,
	// never a fourth decimal.
	if d := milli - float64(r); d > 1e-6 || d < -1e-6 {
		return 0, false
	}
	return r, true
}

// Percent is the rate as a percentage (6.25).
func (r Rate) Percent() float64 { return float64(r) / 1000 }

// String writes the rate as a percentage without trailing zeros: 6.25, 19, 7.125.
func (r Rate) String() string {
	s := strconv.FormatInt(int64(r)/1000, 10)
	frac := int64(r) % 1000
	if frac == 0 {
		return s
	}
	f := strconv.FormatInt(1000+frac, 10)[1:]
	return s + "." + strings.TrimRight(f, "0")
}

// MarshalJSON writes the rate as a JSON number of percent: 6.25.
func (r Rate) MarshalJSON() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalJSON reads a percentage with up to three decimals.
func (r *Rate) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return err
	}
	v, ok := RateFromPercent(f)
	if !ok {
		return strconv.ErrRange
	}
	*r = v
	return nil
}

// TaxLine is the tax of one rate across an order, as the contract shows
// it: the rate's name, the rate in percent, the net amount it applied to
// and the tax.
type TaxLine struct {
	Name   string `json:"name"`
	Rate   Rate   `json:"rate"`
	Base   Amount `json:"base"`
	Amount Amount `json:"amount"`
}

// TaxEstimate is a cart's figures for an address: the shipping of the
// chosen method (0 and left out of the total without one), the tax by the
// shop's one computation, and the total that placing the order would
// charge today (what checkout sends as expectedTotal), and the rows that
// show the tax (TaxRows).
type TaxEstimate struct {
	Country        string `json:"country"`
	State          string `json:"state"`
	ShippingMethod string `json:"shippingMethod"`
	SubtotalAmount Amount `json:"subtotalAmount"`
	DiscountAmount Amount `json:"discountAmount"`
	ShippingAmount Amount `json:"shippingAmount"`
	TaxAmount      Amount `json:"taxAmount"`
	TotalAmount    Amount `json:"totalAmount"`
	// DepositAmount is the hire lines' deposits: in totalAmount, never
	// taxed nor in subtotalAmount (api.md "Hire").
	DepositAmount    Amount    `json:"depositAmount,omitempty"`
	TaxLines         []TaxLine `json:"taxLines"`
	PricesIncludeTax bool      `json:"pricesIncludeTax"`
	TaxExempt        bool      `json:"taxExempt"`
	TaxRows          []TaxRow  `json:"taxRows"`
}

// CreditNote is a numbered credit note of an order: the amount refunded
// and the tax it gives back.
type CreditNote struct {
	ID        string `json:"id"`
	Number    string `json:"number"`
	OrderID   string `json:"orderId"`
	RefundID  string `json:"refundId"`
	Amount    Amount `json:"amount"`
	TaxAmount Amount `json:"taxAmount"`
	Reason    string `json:"reason"`
	CreatedAt string `json:"createdAt"`
}

// OrderTax is how an order was taxed when it was placed: the tax per rate,
// whether prices included it (then taxAmount is the part inside the
// total) and whether the customer was exempt, the rows that show it
// (TaxRows), the shipping's rate and tax, and the invoice's date once it
// has a number.
type OrderTax struct {
	TaxLines         []TaxLine `json:"taxLines"`
	PricesIncludeTax bool      `json:"pricesIncludeTax"`
	TaxExempt        bool      `json:"taxExempt"`
	TaxRows          []TaxRow  `json:"taxRows"`
	ShippingTaxRate  Rate      `json:"shippingTaxRate"`
	ShippingTax      Amount    `json:"shippingTaxAmount"`
	InvoicedAt       string    `json:"invoicedAt"`
}

// Tax row kinds (TaxRow.Kind).
const (
	TaxRowLine     = "line"     // a rate's tax, before the total (prices before tax)
	TaxRowIncluded = "included" // a rate's tax inside the total, after it (tax-inclusive prices)
	TaxRowNone     = "none"     // nothing was taxed: one row of the tax (0) before the total
	TaxRowExempt   = "exempt"   // the customer is tax exempt: one row before the total
)

// TaxRow is one row of the tax in an order's or estimate's totals. The
// app, the order e-mails and the invoice draw their tax rows from the one
// list TaxRows builds, each in its own words; an "included" row stands
// after the total, every other before it.
type TaxRow struct {
	Kind   string `json:"kind" tstype:"'line' | 'included' | 'none' | 'exempt'"`
	Name   string `json:"name"`
	Rate   Rate   `json:"rate"`
	Base   Amount `json:"base"`
	Amount Amount `json:"amount"`
}

// TaxRows are the rows that show a tax: one per tax line (inside the total
// with tax-inclusive prices), else one "none" row of the tax amount, or
// one "exempt" row for an exempt customer.
func TaxRows(lines []TaxLine, pricesIncludeTax, exempt bool, tax Amount) []TaxRow {
	switch {
	case exempt:
		return []TaxRow{{Kind: TaxRowExempt}}
	case len(lines) == 0:
		return []TaxRow{{Kind: TaxRowNone, Amount: tax}}
	}
	kind := TaxRowLine
	if pricesIncludeTax {
		kind = TaxRowIncluded
	}
	rows := make([]TaxRow, 0, len(lines))
	for _, l := range lines {
		rows = append(rows, TaxRow{Kind: kind, Name: l.Name, Rate: l.Rate, Base: l.Base, Amount: l.Amount})
	}
	return rows
}
