package field

import (
	"regexp"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"

	"stageshop/shop/locale"
)

// The rules the app checks before the server does come from here: the app
// reads them from facts.json, which TestFactsJSON writes from these
// patterns and the limits (go test ./shop -run TestFactsJSON -update; see
// shop/export_test.go) and fails on when it is stale. The server applies the
// same values and patterns (EmailRule, PasswordRule, the address rules of
// shop/order_input.go and the limits), so a form the browser lets through is
// one the server takes, and the server refuses whatever the browser would
// have.

// Patterns shared with the app: Go's regexp and JavaScript's (with the u
// flag) read them alike.
const (
	// EmailPattern is the app's e-mail check: something@something.tld,
	// no spaces (the server also applies PocketBase's e-mail format).
	EmailPattern = `^[^\s@]+@[^\s@]+\.[^\s@]+$`
	// PhonePattern: digits, spaces and + - ( ) .; at least PhoneMinDigits digits.
	PhonePattern = `^[\d\s+\-().]+$`
	// USZipPattern: ZIP codes of the United States are digits, spaces and hyphens.
	USZipPattern = `^[\d\s-]+$`
	// ZipPattern: postal codes elsewhere have letters too (SW1A 1AA, K1A 0B1).
	ZipPattern = `^[\p{L}\d\s-]+$`
)

// A password has a lowercase letter, an uppercase letter and a digit, of
// any script.
const (
	PasswordLowerPattern = `\p{Ll}`
	PasswordUpperPattern = `\p{Lu}`
	PasswordDigitPattern = `\p{Nd}`
)

// PhoneMinDigits is the fewest digits a phone number has.
const PhoneMinDigits = 5

var (
	emailRe = regexp.MustCompile(EmailPattern)
	phoneRe = regexp.MustCompile(PhonePattern)
	digitRe = regexp.MustCompile(`\d`)
	usZipRe = regexp.MustCompile(USZipPattern)
	zipRe   = regexp.MustCompile(ZipPattern)

	passwordClasses = []*regexp.Regexp{regexp.MustCompile(PasswordLowerPattern),
		regexp.MustCompile(PasswordUpperPattern), regexp.MustCompile(PasswordDigitPattern)}
)

// isUS reports whether a country text names the United States (its ZIP
// rule); the names are shop/locale's.
func isUS(country string) bool {
	code, _ := locale.CountryCode(country)
	return code == "US"
}

// ValidPhone reports whether s looks like a phone number.
func ValidPhone(s string) bool {
	s = strings.TrimSpace(s)
	return phoneRe.MatchString(s) && len(digitRe.FindAllString(s, -1)) >= PhoneMinDigits
}

// ValidZip reports whether s looks like a postal code of country.
func ValidZip(s, country string) bool {
	if isUS(country) {
		return usZipRe.MatchString(strings.TrimSpace(s))
	}
	return zipRe.MatchString(strings.TrimSpace(s))
}

// MinPasswordLen is the shortest password, in characters.
const MinPasswordLen = 6

// MaxPasswordBytes is the longest password, in bytes: bcrypt's limit.
const MaxPasswordBytes = 72

// MaxEmailLen is the longest e-mail address, in bytes.
const MaxEmailLen = 255

// NormalizeEmail trims and lower-cases an e-mail address.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// EmailRule accepts a plausible, normalized e-mail address.
var EmailRule = validation.By(func(v any) error {
	email, _ := v.(string)
	switch {
	case email == "":
		return validation.NewError("validation_required", "Email is required")
	case len(email) > MaxEmailLen:
		return validation.NewError("validation_length", "Email is too long")
	case !emailRe.MatchString(email) || is.EmailFormat.Validate(email) != nil:
		return validation.NewError("validation_email", "Please enter a valid email address")
	}
	return nil
})

// PasswordRule accepts a password that meets the policy: at least six
// characters with a lowercase letter, an uppercase letter and a digit, and
// at most 72 bytes (bcrypt ignores the rest).
var PasswordRule = validation.By(func(v any) error {
	password, _ := v.(string)
	switch {
	case password == "":
		return validation.NewError("validation_required", "Password is required")
	case len([]rune(password)) < MinPasswordLen:
		return validation.NewError("validation_length", "Password must be at least 6 characters")
	case len(password) > MaxPasswordBytes:
		return validation.NewError("validation_length", "Password must be at most 72 bytes")
	}
	for _, class := range passwordClasses {
		if !class.MatchString(password) {
			return validation.NewError("validation_weak_password", "Password must contain an uppercase letter, a lowercase letter and a number")
		}
	}
	return nil
})
