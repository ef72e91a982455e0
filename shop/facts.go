package shop

import (
	"regexp"
	"strings"

	"stageshop/shop/locale"
)

// The rules the app checks before the server does come from here: the app
// reads them from facts.json, which TestFactsJSON writes from these
// patterns and the limits (go test ./shop -run TestFactsJSON -update; see
// export_test.go) and fails on when it is stale. The server applies the
// same values and patterns (EmailRule, PasswordRule, the address rules of
// order_input.go and the limits), so a form the browser lets through is
// one the server takes, and the server refuses whatever the browser would
// have.

// Patterns shared with the app: Go's regexp and JavaScript's (with the u
// flag) read them alike.
const (
	// emailPattern is the app's e-mail check: something@something.tld,
	// no spaces (the server also applies PocketBase's e-mail format).
	emailPattern = `^[^\s@]+@[^\s@]+\.[^\s@]+$`
	// phonePattern: digits, spaces and + - ( ) .; at least PhoneMinDigits digits.
	phonePattern = `^[\d\s+\-().]+$`
	// usZipPattern: ZIP codes of the United States are digits, spaces and hyphens.
	usZipPattern = `^[\d\s-]+$`
	// zipPattern: postal codes elsewhere have letters too (SW1A 1AA, K1A 0B1).
	zipPattern = `^[\p{L}\d\s-]+$`
)

// A password has a lowercase letter, an uppercase letter and a digit, of
// any script.
const (
	passwordLowerPattern = `\p{Ll}`
	passwordUpperPattern = `\p{Lu}`
	passwordDigitPattern = `\p{Nd}`
)

// phoneMinDigits is the fewest digits a phone number has.
const phoneMinDigits = 5

var (
	emailRe = regexp.MustCompile(emailPattern)
	phoneRe = regexp.MustCompile(phonePattern)
	digitRe = regexp.MustCompile(`\d`)
	usZipRe = regexp.MustCompile(usZipPattern)
	zipRe   = regexp.MustCompile(zipPattern)

	passwordClasses = []*regexp.Regexp{regexp.MustCompile(passwordLowerPattern),
		regexp.MustCompile(passwordUpperPattern), regexp.MustCompile(passwordDigitPattern)}
)

// isUS reports whether a country text names the United States (its ZIP
// rule); the names are shop/locale's.
func isUS(country string) bool {
	code, _ := locale.CountryCode(country)
	return code == "US"
}

// validPhone reports whether s looks like a phone number.
func validPhone(s string) bool {
	s = strings.TrimSpace(s)
	return phoneRe.MatchString(s) && len(digitRe.FindAllString(s, -1)) >= phoneMinDigits
}

// validZip reports whether s looks like a postal code of country.
func validZip(s, country string) bool {
	if isUS(country) {
		return usZipRe.MatchString(strings.TrimSpace(s))
	}
	return zipRe.MatchString(strings.TrimSpace(s))
}
