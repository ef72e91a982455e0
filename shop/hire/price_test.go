package hire_test

import (
	"testing"
	"time"

	"stageshop/shop/hire"
)

func date(t testing.TB, s string) hire.Date {
	t.Helper()
	d, err := hire.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The contract's rule: weekend (Fri or Sat to the Monday after) when set;
// else weeks × week + min(rest × day, week); else days × day.
func TestPricingRule(t *testing.T) {
	full := hire.Rates{Day: 6000, Weekend: 15000, Week: 30000}
	dayOnly := hire.Rates{Day: 6000}
	noWeekend := hire.Rates{Day: 6000, Week: 30000}
	for _, c := range []struct {
		name       string
		r          hire.Rates
		start, end string
		cents      int64
		rule       string
	}{
		{"Friday to Monday is a weekend", full, "2026-05-01", "2026-05-04", 15000, hire.RuleWeekend},
		{"Saturday to Sunday is a weekend", full, "2026-05-02", "2026-05-03", 15000, hire.RuleWeekend},
		{"Saturday to Monday is a weekend", full, "2026-05-02", "2026-05-04", 15000, hire.RuleWeekend},
		{"Friday alone is a weekend", full, "2026-05-01", "2026-05-01", 15000, hire.RuleWeekend},
		{"Friday to Tuesday is not", full, "2026-05-01", "2026-05-05", 30000, hire.RuleWeek}, // 5 × 60 = 300 = the week cap
		{"Thursday to Sunday is not", full, "2026-04-30", "2026-05-03", 24000, hire.RuleWeek},
		{"Sunday to Monday is not", full, "2026-05-03", "2026-05-04", 12000, hire.RuleWeek},
		{"a week", full, "2026-05-04", "2026-05-10", 30000, hire.RuleWeek},
		{"ten days: a week and three days", full, "2026-05-04", "2026-05-13", 30000 + 18000, hire.RuleWeek},
		{"thirteen days: the rest is capped at a week", full, "2026-05-04", "2026-05-16", 60000, hire.RuleWeek},
		{"no weekend rate: a weekend by the week rule", noWeekend, "2026-05-01", "2026-05-04", 24000, hire.RuleWeek},
		{"day rate only", dayOnly, "2026-05-01", "2026-05-10", 60000, hire.RuleDay},
		{"one day", dayOnly, "2026-05-05", "2026-05-05", 6000, hire.RuleDay},
	} {
		t.Run(c.name, func(t *testing.T) {
			cents, rule := hire.Price(c.r, date(t, c.start), date(t, c.end))
			if cents != c.cents || rule != c.rule {
				t.Fatalf("Price = %d %s, want %d %s", cents, rule, c.cents, c.rule)
			}
		})
	}
}

// Days are calendar days: across the spring-forward night (23 hours) and
// the fall-back one (25 hours) in Chicago a week stays 7 days and a
// Friday-to-Monday stays a weekend. Counting hours / 24 between the
// zone's midnights gives 6.96 days (6 when truncated) in March and 7.04
// in November.
func TestPricingRuleAroundDSTChange(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	r := hire.Rates{Day: 6000, Weekend: 15000, Week: 30000}
	for _, c := range []struct{ start, end string }{
		{"2026-03-02", "2026-03-08"}, // DST starts 2026-03-08 02:00
		{"2026-10-26", "2026-11-01"}, // DST ends 2026-11-01 02:00
	} {
		// The shop's midnights, as a naive implementation would hold them.
		s, _ := time.ParseInLocation(time.DateOnly, c.start, chicago)
		e, _ := time.ParseInLocation(time.DateOnly, c.end, chicago)
		start, end := hire.DateOf(s, chicago), hire.DateOf(e, chicago)
		if got := hire.Days(start, end); got != 7 {
			t.Fatalf("%s..%s: %d days, want 7", c.start, c.end, got)
		}
		if cents, rule := hire.Price(r, start, end); cents != 30000 || rule != hire.RuleWeek {
			t.Fatalf("%s..%s: %d %s, want one week", c.start, c.end, cents, rule)
		}
	}
	// Friday 6 March to Monday 9 March, the Sunday between 23 hours long.
	if cents, rule := hire.Price(r, date(t, "2026-03-06"), date(t, "2026-03-09")); cents != 15000 || rule != hire.RuleWeekend {
		t.Fatalf("the weekend over the change: %d %s", cents, rule)
	}
}

// A Friday evening in Chicago is Saturday at midnight UTC: the shop's
// date is Friday's, so a hire starting then is a Friday one.
func TestDateAtMidnightUTC(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	at := time.Date(2026, 5, 2, 0, 30, 0, 0, time.UTC) // Sat 00:30 UTC = Fri 19:30 CDT
	if got := hire.DateOf(at, chicago).String(); got != "2026-05-01" {
		t.Fatalf("shop date %s, want 2026-05-01", got)
	}
	if got := hire.DateOf(at, time.UTC).String(); got != "2026-05-02" {
		t.Fatalf("UTC date %s", got)
	}
}

// Dates are YYYY-MM-DD and real: 2026-02-30 and times are refused.
func TestParseDate(t *testing.T) {
	for _, s := range []string{"", "2026-02-30", "2026-5-1", "2026-05-01T00:00:00Z", "01/05/2026"} {
		if _, err := hire.ParseDate(s); err == nil {
			t.Errorf("ParseDate(%q) accepted", s)
		}
	}
	if got := date(t, "2028-02-29").AddDays(1).String(); got != "2028-03-01" {
		t.Fatalf("after a leap day: %s", got)
	}
}
