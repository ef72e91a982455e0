package tax

import (
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// Tax classes of products: each product belongs to one; a rate applies to
// one class.
const (
	Standard = "standard"
	Reduced  = "reduced"
	Zero     = "zero"
)

// Classes are the classes a product or a rate may have.
var Classes = []string{Standard, Reduced, Zero}

// IsClass reports whether c is one of Classes.
func IsClass(c string) bool {
	return c == Standard || c == Reduced || c == Zero
}

// ClassOf is a stored class, standard when empty (products saved
// before classes existed, or without one).
func ClassOf(c string) string {
	if IsClass(c) {
		return c
	}
	return Standard
}

// Rate is a tax rate in thousandths of a percent (shop/wire).
type Rate = wire.Rate

// MaxRate is the highest rate a shop may set: 100 %.
const MaxRate = wire.MaxRate

// rateScale is 100 % in Rate units.
const rateScale = wire.RateScale

// RateFromPercent reads a percentage such as 6.25 as a Rate; ok is false
// for a negative rate, one over 100 % or one with more than three
// decimals.
func RateFromPercent(p float64) (Rate, bool) { return wire.RateFromPercent(p) }

// lineTax is the one rounding rule of the shop: the tax of one amount in
// cents at rate, rounded half away from zero. With exclusive prices the
// amount is net and the tax is amount × rate; with inclusive prices the
// amount is gross and the tax is the part inside it, amount × rate ÷
// (100 % + rate). Integer arithmetic throughout: no float ever rounds a
// cent.
func lineTax(amount wire.Amount, rate Rate, inclusive bool) wire.Amount {
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
	q := money.MulDivRound(mag, uint64(rate), den)
	if neg {
		return -wire.Amount(q)
	}
	return wire.Amount(q)
}
