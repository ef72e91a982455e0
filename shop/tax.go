package shop

import (
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Tax classes of products: each product belongs to one; a rate applies to
// one class.
const (
	TaxStandard = "standard"
	TaxReduced  = "reduced"
	TaxZero     = "zero"
)

// TaxClasses are the classes a product or a rate may have.
var TaxClasses = []string{TaxStandard, TaxReduced, TaxZero}

// IsTaxClass reports whether c is one of TaxClasses.
func IsTaxClass(c string) bool {
	return c == TaxStandard || c == TaxReduced || c == TaxZero
}

// taxClassOf is a stored class, standard when empty (products saved
// before classes existed, or without one).
func taxClassOf(c string) string {
	if IsTaxClass(c) {
		return c
	}
	return TaxStandard
}

// Rate is a tax rate in thousandths of a percent: 6.25 % is 6250, so that
// every rate with up to three decimals is exact.
type Rate int64

// MaxRate is the highest rate a shop may set: 100 %.
const MaxRate Rate = 100_000

// rateScale is 100 % in Rate units.
const rateScale = 100_000

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

// lineTax is the one rounding rule of the shop: the tax of one amount in
// cents at rate, rounded half away from zero. With exclusive prices the
// amount is net and the tax is amount × rate; with inclusive prices the
// amount is gross and the tax is the part inside it, amount × rate ÷
// (100 % + rate). Integer arithmetic throughout: no float ever rounds a
// cent.
func lineTax(amount Amount, rate Rate, inclusive bool) Amount {
	if amount == 0 || rate <= 0 {
		return 0
	}
	den := uint64(rateScale)
	if inclusive {
		den += uint64(rate)
	}
	neg := amount < 0
	mag := uint64(amount)
	if neg {
		mag = uint64(-amount)
	}
	q := roundDivHalfUp(mag, uint64(rate), den)
	if neg {
		return -Amount(q)
	}
	return Amount(q)
}

// roundDivHalfUp is a×b÷d rounded half up, for non-negative a, b and d > 0,
// with a 128-bit product so that no amount overflows.
func roundDivHalfUp(a, b, d uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi >= d { // the quotient would not fit 64 bits: beyond any real amount
		n := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
		q, r := n.QuoRem(n, new(big.Int).SetUint64(d), new(big.Int))
		if r.Lsh(r, 1).Cmp(new(big.Int).SetUint64(d)) >= 0 {
			q.Add(q, big.NewInt(1))
		}
		return q.Uint64()
	}
	q, rem := bits.Div64(hi, lo, d)
	if rem >= d-rem { // 2·rem ≥ d without overflow
		q++
	}
	return q
}
