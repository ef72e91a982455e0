package shop

import (
	"errors"
	"net/mail"
	"strings"
	"unicode"
)

// Password rules of the contract.
const (
	MinPasswordLen      = 6
	MaxPasswordBytes    = 72
	RoleAdmin           = "Admin"
	RoleCustomer        = "Customer"
	UsersCollection     = "users"
	MaxEmailLen         = 254
	MaxPersonNameLength = 100
)

// Password problems, worded for people.
var (
	ErrPasswordTooShort = errors.New("Password must be at least 6 characters")
	ErrPasswordTooLong  = errors.New("Password must be at most 72 bytes")
	ErrPasswordWeak     = errors.New("Password must contain a lowercase letter, an uppercase letter and a digit")
	ErrEmailInvalid     = errors.New("Please enter a valid email address")
)

// NormalizeEmail trims and lower-cases an e-mail address.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// ValidateEmail checks a normalized address: one plain addr-spec with a
// dotted domain, no display name.
func ValidateEmail(email string) error {
	if email == "" || len(email) > MaxEmailLen {
		return ErrEmailInvalid
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || a.Name != "" {
		return ErrEmailInvalid
	}
	at := strings.LastIndexByte(email, '@')
	if at < 1 || !strings.Contains(email[at+1:], ".") || strings.HasSuffix(email, ".") {
		return ErrEmailInvalid
	}
	return nil
}

// ValidatePassword checks the contract's strength rules.
func ValidatePassword(pw string) error {
	if len([]rune(pw)) < MinPasswordLen {
		return ErrPasswordTooShort
	}
	if len(pw) > MaxPasswordBytes {
		return ErrPasswordTooLong
	}
	var lower, upper, digit bool
	for _, r := range pw {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		}
	}
	if !lower || !upper || !digit {
		return ErrPasswordWeak
	}
	return nil
}
