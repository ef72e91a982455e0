package hire

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/wire"
)

// liveStatuses are the statuses whose bookings take units.
const liveStatuses = "('reserved', 'out')"

// Day is the availability of one date: how many units (kits for a kit) a
// one-day hire on it could have.
type Day = wire.HireDay

// Availability is the availability of a product's variant (its default
// when variantID is empty), or of a kit, on each day from from to to. A
// window is at most MaxWindow days.
func Availability(app core.App, productID, variantID, from, to string) ([]Day, error) {
	start, end, err := parseRange(from, to, "from", "to", MaxWindow)
	if err != nil {
		return nil, err
	}
	u, err := LoadUnit(app, productID, variantID)
	if err != nil {
		return nil, err
	}
	free, err := freeOf(app, u, start, end)
	if err != nil {
		return nil, err
	}
	days := make([]Day, len(free))
	for i, n := range free {
		days[i] = Day{Date: start.AddDays(i).String(), Available: n}
	}
	return days, nil
}

// freeOf is, for each day of [from, to], what a one-day hire of u (a
// variant, or a kit: the least over its components of their free units
// per kit) could have.
func freeOf(app core.App, u Unit, from, to Date) ([]int, error) {
	if len(u.Kit) == 0 {
		return freeUnits(app, u, from, to)
	}
	kits := make([]int, Days(from, to))
	for i, c := range u.Kit {
		cu, err := componentUnit(app, c)
		if err != nil {
			return nil, err
		}
		free, err := freeUnits(app, cu, from, to)
		if err != nil {
			return nil, err
		}
		for d, n := range free {
			if k := n / max(c.Quantity, 1); i == 0 || k < kits[d] {
				kits[d] = k
			}
		}
	}
	return kits, nil
}

// freeUnits is, for each day d of [from, to], how many units of a variant
// are free on every day of [d, d + buffer]: what a one-day hire on d could
// have. A booking takes its units from its start to its end plus the
// buffer.
func freeUnits(app core.App, u Unit, from, to Date) ([]int, error) {
	buf := u.BufferDays
	last := to.AddDays(buf)
	n := Days(from, last)
	// Grouped by dates: with many bookings most share their dates, and
	// the index holds every column read.
	rows, err := app.DB().NewQuery("SELECT startDate, endDate, SUM(quantity) FROM " + BookingsCollection +
		" WHERE variant = {:v} AND status IN " + liveStatuses + " AND endDate >= {:lo} AND startDate <= {:hi}" +
		" GROUP BY startDate, endDate").
		Bind(params{"v": u.VariantID, "lo": from.AddDays(-buf).String(), "hi": last.String()}).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	diff := make([]int, n+1)
	for rows.Next() {
		var start, end string
		var quantity int
		if err := rows.Scan(&start, &end, &quantity); err != nil {
			return nil, err
		}
		s, err1 := ParseDate(start)
		e, err2 := ParseDate(end)
		if err1 != nil || err2 != nil {
			continue // the schema's pattern keeps these out
		}
		lo, hi := max(from.DaysUntil(s), 0), min(from.DaysUntil(e.AddDays(buf)), n-1)
		diff[lo] += quantity
		diff[hi+1] -= quantity
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	taken, free := 0, make([]int, n)
	for i := range free {
		taken += diff[i]
		free[i] = max(u.Fleet-taken, 0)
	}
	out := make([]int, Days(from, to))
	for d := range out {
		out[d] = minOf(free[d : d+buf+1])
	}
	return out, nil
}

// minOf is the least of a non-empty list.
func minOf(xs []int) int {
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}

// mostFree is how many units (kits) of u are free on every day of [start,
// end].
func mostFree(app core.App, u Unit, start, end Date) (int, error) {
	free, err := freeOf(app, u, start, end)
	if err != nil {
		return 0, err
	}
	return minOf(free), nil
}
