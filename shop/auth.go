package shop

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
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

	minPasswordLen   = 6   // characters
	maxPasswordBytes = 72  // bcrypt's limit
	maxEmailLen      = 255 // bytes
	maxPersonNameLen = 100 // characters, as the users collection allows
)

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
	case len(email) > maxEmailLen:
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
	case len([]rune(password)) < minPasswordLen:
		return validation.NewError("validation_length", "Password must be at least 6 characters")
	case len(password) > maxPasswordBytes:
		return validation.NewError("validation_length", "Password must be at most 72 bytes")
	}
	for _, class := range passwordClasses {
		if !class.MatchString(password) {
			return validation.NewError("validation_weak_password", "Password must contain an uppercase letter, a lowercase letter and a number")
		}
	}
	return nil
})

// personName accepts a non-empty name of at most 100 characters; label
// names it in the messages.
func personName(label string) validation.Rule {
	return validation.By(func(v any) error {
		name, _ := v.(string)
		switch {
		case name == "":
			return validation.NewError("validation_required", label+" is required")
		case len([]rune(name)) > maxPersonNameLen:
			return validation.NewError("validation_length", label+" must be at most 100 characters")
		}
		return nil
	})
}

// optionalLanguage accepts no language (not sent) or a supported one.
var optionalLanguage = validation.By(func(v any) error {
	if lang, _ := v.(string); lang != "" && !IsLanguage(lang) {
		return validation.NewError("validation_language", "Language must be one of en, ru, zh")
	}
	return nil
})

// sameAs accepts the value equal to want (a password's confirmation).
func sameAs(want string) validation.Rule {
	return validation.By(func(v any) error {
		if got, _ := v.(string); got != want {
			return validation.NewError("validation_mismatch", "Passwords do not match")
		}
		return nil
	})
}
