package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Accounts: the users collection PocketBase makes, with the shop's profile
// fields, and what the shop's own sign-in keeps beside it. Every
// collection here is closed to the records API (rules nil: superusers
// only); the shop's /api/auth routes are the way in for shoppers.

// usersID is the id PocketBase gives its users collection.
const usersID = "_pb_users_auth_"

// shopUsers adds the shop's fields to PocketBase's users collection and
// locks it to superusers.
func shopUsers(users *core.Collection) {
	users.Fields.Add(
		&core.TextField{Name: "firstName", Max: 100},
		&core.TextField{Name: "lastName", Max: 100},
		&core.JSONField{Name: "roles", MaxSize: 2000},
		&core.DateField{Name: "lastLoginAt"},
		// The language the shop writes to the user in (e-mails): empty is English.
		&core.SelectField{Name: "language", MaxSelect: 1, Values: []string{"en", "ru", "zh"}},
		// Invoice payment, once an admin approves the customer, with its terms.
		&core.BoolField{Name: "invoiceAllowed"},
		&core.NumberField{Name: "invoiceTermsDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(365.0)},
		// Business customers; taxExempt (a reseller certificate) only admins set.
		&core.TextField{Name: "companyName", Max: 200},
		&core.TextField{Name: "taxId", Max: 50},
		&core.BoolField{Name: "taxExempt"},
	)
	users.ListRule, users.ViewRule, users.CreateRule, users.UpdateRule, users.DeleteRule = nil, nil, nil, nil, nil
	// Shoppers sign in with e-mail and password through /api/auth/login.
	users.PasswordAuth.Enabled = true
	users.PasswordAuth.IdentityFields = []string{"email"}
	// Access tokens are short-lived; refresh tokens (the shop's own) carry sessions.
	users.AuthToken.Duration = 3600
}

// pocketBaseUsers undoes shopUsers: the users collection as a fresh
// PocketBase has it.
func pocketBaseUsers(users *core.Collection) {
	for _, name := range []string{"firstName", "lastName", "roles", "lastLoginAt", "language",
		"invoiceAllowed", "invoiceTermsDays", "companyName", "taxId", "taxExempt"} {
		users.Fields.RemoveByName(name)
	}
	owner := "id = @request.auth.id"
	users.ListRule, users.ViewRule, users.UpdateRule, users.DeleteRule = &owner, &owner, &owner, &owner
	users.CreateRule = types.Pointer("")
	users.AuthToken.Duration = core.NewAuthCollection("users").AuthToken.Duration
}

// refreshTokensCollection holds refresh tokens, stored only as hashes. A
// family is one sign-in and all the tokens rotated from it; reuse of a
// retired token revokes the family.
func refreshTokensCollection() *core.Collection {
	c := core.NewBaseCollection("refresh_tokens")
	c.Fields.Add(
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "tokenHash", Required: true, Max: 128},
		&core.TextField{Name: "familyId", Required: true, Max: 64},
		&core.DateField{Name: "expiresAt", Required: true},
		&core.DateField{Name: "usedAt"},
		&core.DateField{Name: "revokedAt"},
		created(),
		// A rotated token keeps its successor, encrypted under the spent
		// token itself, so that a repeat within the grace window (two tabs
		// refreshing at once) gets the same successor.
		&core.TextField{Name: "successorSealed", Hidden: true, Max: 512},
	)
	c.AddIndex("idx_refresh_tokens_hash", true, "tokenHash", "")
	c.AddIndex("idx_refresh_tokens_family", false, "familyId", "")
	c.AddIndex("idx_refresh_tokens_user", false, "user", "")
	return c
}

// passwordResetsCollection holds password reset tokens: one hour, one use,
// stored only as SHA-256 hashes.
func passwordResetsCollection() *core.Collection {
	c := core.NewBaseCollection("password_resets")
	c.Fields.Add(
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "tokenHash", Required: true, Max: 128},
		&core.DateField{Name: "expiresAt", Required: true},
		&core.DateField{Name: "usedAt"},
		created(),
	)
	c.AddIndex("idx_password_resets_hash", true, "tokenHash", "")
	c.AddIndex("idx_password_resets_user", false, "user", "")
	return c
}

// addressesCollection is the customers' address books: saved addresses
// with a label, at most one default per user (a partial unique index keeps
// that true whoever writes), deleted with their user.
func addressesCollection() *core.Collection {
	c := core.NewBaseCollection("addresses")
	c.Fields.Add(
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.TextField{Name: "label", Max: 100},
		&core.TextField{Name: "firstName", Max: 200},
		&core.TextField{Name: "lastName", Max: 200},
		&core.TextField{Name: "address", Max: 200},
		&core.TextField{Name: "city", Max: 200},
		&core.TextField{Name: "state", Max: 200},
		&core.TextField{Name: "zipCode", Max: 200},
		&core.TextField{Name: "country", Max: 2},
		&core.TextField{Name: "phone", Max: 200},
		&core.BoolField{Name: "isDefault"},
		created(), updated(),
	)
	c.AddIndex("idx_addresses_user", false, "user, created", "")
	c.AddIndex("idx_addresses_one_default", true, "user", "isDefault = TRUE")
	return c
}

// roleChangesCollection is the record of every grant and revoke of a role:
// whose roles changed (userId, userEmail), by whom (byId, byEmail), from
// and to. It keeps e-mails as text so it outlives the accounts; the shop
// reads it through its admin route.
func roleChangesCollection() *core.Collection {
	c := core.NewBaseCollection("role_changes")
	c.Fields.Add(
		&core.TextField{Name: "userId", Required: true, Max: 50},
		&core.TextField{Name: "userEmail", Max: 255},
		&core.TextField{Name: "byId", Max: 50},
		&core.TextField{Name: "byEmail", Max: 255},
		&core.JSONField{Name: "fromRoles", MaxSize: 2000},
		&core.JSONField{Name: "toRoles", MaxSize: 2000},
		created(),
	)
	c.AddIndex("idx_role_changes_created", false, "created", "")
	return c
}
