package account

import (
	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/shop/locale"
)

// Account rules of the contract.
const (
	// UsersCollection is the auth collection of shoppers and shop admins.
	UsersCollection = "users"
	// RoleCustomer is the role every new account gets.
	RoleCustomer = "Customer"
	// RoleAdmin opens every admin route.
	RoleAdmin = "Admin"
	// RoleManager runs orders, returns, quotes, customers, catalog and
	// contact; not settings, roles, API keys, webhooks or payment settings.
	RoleManager = "Manager"
	// RoleFulfilment views orders and bookings and moves their status.
	RoleFulfilment = "Fulfilment"
	// RoleCatalog edits products, categories, imports and promotions.
	RoleCatalog = "Catalog"

	MaxPersonNameLen = 100 // characters, as the users collection allows
)

// personName accepts a non-empty name of at most 100 characters; label
// names it in the messages.
func personName(label string) validation.Rule {
	return validation.By(func(v any) error {
		name, _ := v.(string)
		switch {
		case name == "":
			return validation.NewError("validation_required", label+" is required")
		case len([]rune(name)) > MaxPersonNameLen:
			return validation.NewError("validation_length", label+" must be at most 100 characters")
		}
		return nil
	})
}

// optionalLanguage accepts no language (not sent) or a supported one.
var optionalLanguage = validation.By(func(v any) error {
	if lang, _ := v.(string); lang != "" && !locale.IsLanguage(lang) {
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
