package promo

import (
	"math/bits"
	"slices"
)

// Split shares total cents over weights in proportion, by largest
// remainder: each share is its exact part rounded down, and the cents
// still missing go one each to the largest remainders (ties to the
// earlier weight). The shares add up to total exactly; with total no
// more than the weights' sum no share exceeds its weight, and a weight of
// 0 gets nothing. Negative weights count as 0.
func Split(total int64, weights []int64) []int64 {
	shares := make([]int64, len(weights))
	var sum int64
	for _, w := range weights {
		sum += max(w, 0)
	}
	if total <= 0 || sum <= 0 {
		return shares
	}
	total = min(total, sum)
	rems := make([]uint64, len(weights))
	given := int64(0)
	for i, w := range weights {
		if w <= 0 {
			continue
		}
		q, rem := mulDiv(uint64(total), uint64(w), uint64(sum))
		shares[i], rems[i] = int64(q), rem
		given += int64(q)
	}
	order := make([]int, 0, len(weights))
	for i, w := range weights {
		if w > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case rems[a] > rems[b]:
			return -1
		case rems[a] < rems[b]:
			return 1
		}
		return 0
	})
	for k := 0; given < total; k++ {
		shares[order[k]]++
		given++
	}
	return shares
}

// mulDiv is a×b÷d as quotient and remainder, for d > 0 and a quotient
// that fits 64 bits (a ≤ d or b ≤ d, as every caller has), through a
// 128-bit product so that no amount overflows.
func mulDiv(a, b, d uint64) (q, rem uint64) {
	hi, lo := bits.Mul64(a, b)
	return bits.Div64(hi, lo, d)
}
