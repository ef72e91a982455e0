package locale

import (
	"strconv"
	"time"
)

// dateTexts are how each language writes a date and its months (the
// "dates" catalogue; Chinese writes months as numbers).
var dateTexts = Texts("dates")

// Date writes a day as lang's readers write it, in UTC: November 26, 2026
// (en); 26 ноября 2026 г. (ru); 2026年11月26日 (zh). Another language is
// written as English; the zero time is "".
func Date(t time.Time, lang string) string {
	if t.IsZero() {
		return ""
	}
	y, m, d := t.UTC().Date()
	month := dateTexts.T(lang, "month"+strconv.Itoa(int(m)))
	return dateTexts.T(lang, "date", "day", strconv.Itoa(d), "month", month, "year", strconv.Itoa(y))
}
