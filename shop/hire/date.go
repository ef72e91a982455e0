package hire

import (
	"fmt"
	"time"
)

// Date is a calendar date of the shop, with no time and no zone: days are
// counted on the calendar, so a daylight-saving change (a 23- or 25-hour
// day) never adds or drops one.
type Date struct{ t time.Time } // midnight UTC of the date

// ParseDate reads YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Format(time.DateOnly) != s {
		return Date{}, fmt.Errorf("%q is not a date (YYYY-MM-DD)", s)
	}
	return Date{t}, nil
}

// DateOf is the calendar date of the instant at in loc: 01:00 UTC on a
// Saturday is still Friday evening in Chicago.
func DateOf(at time.Time, loc *time.Location) Date {
	y, m, d := at.In(loc).Date()
	return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// String writes the date as YYYY-MM-DD.
func (d Date) String() string { return d.t.Format(time.DateOnly) }

// AddDays is the date n days later (earlier for negative n).
func (d Date) AddDays(n int) Date { return Date{d.t.AddDate(0, 0, n)} }

// Weekday is the date's day of the week.
func (d Date) Weekday() time.Weekday { return d.t.Weekday() }

// Before reports whether d is before o.
func (d Date) Before(o Date) bool { return d.t.Before(o.t) }

// DaysUntil is the number of days from d to o (negative when o is before).
// Both are midnight UTC, where every day has 24 hours.
func (d Date) DaysUntil(o Date) int { return int(o.t.Sub(d.t).Hours() / 24) }

// IsZero reports whether d was never set.
func (d Date) IsZero() bool { return d.t.IsZero() }

// Days is the number of calendar days from start to end, both included: a
// hire from Friday to Friday is one day.
func Days(start, end Date) int { return start.DaysUntil(end) + 1 }
