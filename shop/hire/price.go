package hire

import "time"

// Rates are a variant's hire rates in cents for one unit; Weekend and Week
// are 0 when the variant has none.
type Rates struct {
	Day, Weekend, Week int64
}

// The rules a price was made by.
const (
	RuleDay     = "day"
	RuleWeek    = "week"
	RuleWeekend = "weekend"
)

// Price is what one unit costs from start to end (inclusive), and the rule
// that priced it: the contract's pricing rule, written only here. A hire
// starting on a Friday or Saturday and ending by the following Monday costs
// the weekend rate when there is one; else, with a week rate, whole weeks
// at it and the rest of the days at the day rate, but never more than a
// week for them; else days at the day rate.
func Price(r Rates, start, end Date) (cents int64, rule string) {
	days := int64(Days(start, end))
	if r.Weekend > 0 && isWeekend(start, end) {
		return r.Weekend, RuleWeekend
	}
	if r.Week > 0 {
		weeks, rest := days/7, days%7
		return weeks*r.Week + min(rest*r.Day, r.Week), RuleWeek
	}
	return days * r.Day, RuleDay
}

// isWeekend reports whether a hire starts on a Friday or Saturday and ends
// by the Monday after.
func isWeekend(start, end Date) bool {
	var monday Date
	switch start.Weekday() {
	case time.Friday:
		monday = start.AddDays(3)
	case time.Saturday:
		monday = start.AddDays(2)
	default:
		return false
	}
	return !monday.Before(end)
}
