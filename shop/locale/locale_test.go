package locale

import (
	"slices"
	"testing"
	"time"
)

func TestPriceInEachLanguage(t *testing.T) {
	cases := []struct {
		cents int64
		lang  string
		want  string
	}{
		{129900, "en", "$1,299.00"},
		{129900, "ru", "1\u00a0299,00\u00a0$"},
		{129900, "zh", "US$1,299.00"},
		{999, "en", "$9.99"},
		{5, "ru", "0,05\u00a0$"},
		{123456789, "en", "$1,234,567.89"},
		{123456789, "ru", "1\u00a0234\u00a0567,89\u00a0$"},
		{-350, "en", "-$3.50"},
		{-350, "zh", "-US$3.50"},
		{0, "zh", "US$0.00"},
		{129900, "de", "$1,299.00"}, // not a shop language: English
	}
	for _, c := range cases {
		if got := Price(c.cents, c.lang); got != c.want {
			t.Errorf("Price(%d, %s) = %q, want %q", c.cents, c.lang, got, c.want)
		}
	}
}

// A tax rate beside a price uses the same decimal mark: "6,25" in Russian.
func TestDecimalInEachLanguage(t *testing.T) {
	for _, c := range []struct{ in, lang, want string }{
		{"6.25", "en", "6.25"}, {"6.25", "ru", "6,25"}, {"6.25", "zh", "6.25"},
		{"19", "ru", "19"}, {"7.125", "ru", "7,125"}, {"6.25", "de", "6.25"},
	} {
		if got := Decimal(c.in, c.lang); got != c.want {
			t.Errorf("Decimal(%q, %s) = %q, want %q", c.in, c.lang, got, c.want)
		}
	}
}

func TestCountryCodeReadsCodesAndNames(t *testing.T) {
	cases := map[string]string{
		"US": "US", "us": "US", " usa ": "US", "USA": "US", "United States": "US", "united  states": "US",
		"United States of America": "US", "США": "US", "сша": "US", "Соединенные Штаты": "US", "美国": "US",
		"Estados Unidos": "US", "America": "US",
		"DE": "DE", "Germany": "DE", "Deutschland": "DE", "Германия": "DE", "德国": "DE", "DEU": "DE",
		"Russia": "RU", "Россия": "RU", "RUS": "RU", "China": "CN", "中国": "CN", "CHN": "CN",
		"UK": "GB", "United Kingdom": "GB", "England": "GB", "Canada": "CA", "CAN": "CA", "Japan": "JP",
	}
	for text, want := range cases {
		if got, ok := CountryCode(text); !ok || got != want {
			t.Errorf("CountryCode(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	for _, text := range []string{"", "  ", "Atlantis", "XX", "ZZZ", "EU", "U"} {
		if got, ok := CountryCode(text); ok {
			t.Errorf("CountryCode(%q) = %q, want no country", text, got)
		}
	}
}

func TestEveryCodeHasNamesInEachLanguage(t *testing.T) {
	codes := CountryCodes()
	if len(codes) != 249 || !slices.IsSorted(codes) {
		t.Fatalf("%d codes, sorted %v; want ISO 3166-1's 249, sorted", len(codes), slices.IsSorted(codes))
	}
	for _, c := range codes {
		for _, lang := range []string{"en", "ru", "zh"} {
			if n := CountryName(c, lang); n == "" || n == c {
				t.Errorf("%s in %s: %q", c, lang, n)
			}
		}
	}
	for _, c := range []struct{ text, lang, want string }{
		{"US", "en", "United States"}, {"US", "ru", "Соединенные Штаты"}, {"US", "zh", "美国"},
		{"USA", "ru", "Соединенные Штаты"}, {"Germany", "zh", "德国"}, {"DE", "fr", "Germany"},
		{"Atlantis", "ru", "Atlantis"}, // an order from before the codes keeps its text
	} {
		if got := CountryName(c.text, c.lang); got != c.want {
			t.Errorf("CountryName(%q, %s) = %q, want %q", c.text, c.lang, got, c.want)
		}
	}
}

func TestSameCountry(t *testing.T) {
	for _, p := range [][2]string{{"US", "United States"}, {"usa", "США"}, {"美国", "US"}, {"Atlantis", "atlantis"}} {
		if !SameCountry(p[0], p[1]) {
			t.Errorf("%q and %q should be one country", p[0], p[1])
		}
	}
	for _, p := range [][2]string{{"US", "CA"}, {"Atlantis", "US"}, {"", ""}, {"GB", "Germany"}} {
		if SameCountry(p[0], p[1]) {
			t.Errorf("%q and %q should differ", p[0], p[1])
		}
	}
}

func TestStateCode(t *testing.T) {
	for text, want := range map[string]string{"TX": "TX", "tx": "TX", "Texas": "TX", "new york": "NY", "District of Columbia": "DC", "PR": "PR"} {
		if got, ok := StateCode(text); !ok || got != want {
			t.Errorf("StateCode(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	for _, text := range []string{"", "XX", "Bavaria"} {
		if got, ok := StateCode(text); ok {
			t.Errorf("StateCode(%q) = %q, want none", text, got)
		}
	}
	if n := len(USStates()); n != 59 {
		t.Errorf("%d states and territories, want 59 (50, DC, 5 territories, 3 military)", n)
	}
}

func TestDateInEachLanguage(t *testing.T) {
	d := time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC)
	for lang, want := range map[string]string{"en": "November 26, 2026", "ru": "26 ноября 2026 г.", "zh": "2026年11月26日", "fr": "November 26, 2026"} {
		if got := Date(d, lang); got != want {
			t.Errorf("%s: %s, want %s", lang, got, want)
		}
	}
	// The day is UTC's: 23:30 in New York on May 1 is May 2.
	ny := time.FixedZone("EDT", -4*3600)
	if got := Date(time.Date(2026, 5, 1, 23, 30, 0, 0, ny), "ru"); got != "2 мая 2026 г." {
		t.Errorf("in UTC: %s", got)
	}
	if got := Date(time.Time{}, "en"); got != "" {
		t.Errorf("zero time: %q", got)
	}
}
