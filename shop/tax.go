package shop

import (
	"stageshop/shop/money"
	"stageshop/shop/wire"
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
	q := money.MulDivRound(mag, uint64(rate), den)
	if neg {
		return -Amount(q)
	}
	return Amount(q)
}
