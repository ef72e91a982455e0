package shop

import (
	"strings"
	"unicode"

	"github.com/pocketbase/ozzo-validation/v4/is"
)

// Account rules of the contract.
const (
	// UsersCollection is the auth collection of shoppers and shop admins.
	UsersCollection = "users"
	// RoleCustomer is the role every new account gets.
	RoleCustomer = "Customer"
	// RoleAdmin opens the admin routes.
	RoleAdmin = "Admin"

	MinPasswordLen   = 6   // characters
	MaxPasswordBytes = 72  // bcrypt's limit
	MaxEmailLen      = 255 // bytes
	MaxPersonNameLen = 100 // characters, as the users collection allows
)

// NormalizeEmail trims and lower-cases an e-mail address.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// CheckEmail returns "" for a plausible, normalized e-mail address, else
// the problem in words.
func CheckEmail(email string) string {
	switch {
	case email == "":
		return "Email is required"
	case len(email) > MaxEmailLen:
		return "Email is too long"
	case is.EmailFormat.Validate(email) != nil || !strings.Contains(email, "@"):
		return "Please enter a valid email address"
	}
	return ""
}

// CheckPassword returns "" when password meets the policy: at least six
// characters with a lowercase letter, an uppercase letter and a digit, and
// at most 72 bytes (bcrypt ignores the rest).
func CheckPassword(password string) string {
	if password == "" {
		return "Password is required"
	}
	if len([]rune(password)) < MinPasswordLen {
		return "Password must be at least 6 characters"
	}
	if len(password) > MaxPasswordBytes {
		return "Password must be at most 72 bytes"
	}
	var lower, upper, digit bool
	for _, r := range password {
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
		return "Password must contain an uppercase letter, a lowercase letter and a number"
	}
	return ""
}

// CheckPersonName returns "" for a non-empty name of at most 100 characters.
func CheckPersonName(label, name string) string {
	switch {
	case name == "":
		return label + " is required"
	case len([]rune(name)) > MaxPersonNameLen:
		return label + " must be at most 100 characters"
	}
	return ""
}
