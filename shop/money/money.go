package money

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// MaxPriceCents is the highest price a product may have: $1,000,000.00.
const MaxPriceCents = 100_000_000

// errBadAmount is returned for amounts that are not a non-negative number
// with at most two decimals.
var errBadAmount = errors.New("amount must be a number with at most two decimals")

// Parse converts a JSON number such as 1299.9 into integer cents
// without going through binary floating point, so 0.29 is 29 cents and
// 0.295 is refused rather than rounded.
func Parse(n json.Number) (int64, error) {
	s := strings.TrimSpace(n.String())
	if s == "" || strings.ContainsAny(s, "eE+") {
		// Exponents are legal JSON, so fall back to a careful float path.
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, errBadAmount
		}
		c := math.Round(f * 100)
		if math.Abs(c-f*100) > 1e-6 || math.Abs(c) > 1e15 {
			return 0, errBadAmount
		}
		return int64(c), nil
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(whole) > 13 {
		return 0, errBadAmount
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 2 {
		return 0, errBadAmount
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, errBadAmount
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, errBadAmount
	}
	c := w*100 + f
	if neg {
		c = -c
	}
	return c, nil
}

// ParseWhole reads a JSON number literal as a whole number: 2, 2.0 and 2e0
// alike. A whole number beyond int64 comes back as the nearest int64
// bound, so range checks still refuse it; whole is false for fractions
// and for anything that is not a number.
func ParseWhole(s string) (n int64, whole bool) {
	if s == "" || (s[0] != '-' && (s[0] < '0' || s[0] > '9')) {
		return 0, false
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil || f != math.Trunc(f):
		return 0, false
	case f >= math.MaxInt64:
		return math.MaxInt64, true
	case f <= math.MinInt64:
		return math.MinInt64, true
	}
	return int64(f), true
}

// MulDivRound is a×b÷d rounded half up, for non-negative a, b and d > 0,
// with a 128-bit product so that no amount overflows.
func MulDivRound(a, b, d uint64) uint64 {
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

// Plain writes cents as dollars with two decimals and no grouping,
// "1299.90" (a minus sign before negative amounts): the one form of an
// amount in the API's JSON, the CSV files and the pages' structured data.
func Plain(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	frac := strconv.FormatInt(cents%100, 10)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + frac
}
