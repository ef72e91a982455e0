package routes

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// toUserJSON is the contract's user object of u.
func toUserJSON(u *core.Record) wire.User {
	roles := []string{}
	_ = u.UnmarshalJSONField("roles", &roles)
	if roles == nil {
		roles = []string{}
	}
	out := wire.User{
		ID:          u.Id,
		Email:       u.Email(),
		FirstName:   u.GetString("firstName"),
		LastName:    u.GetString("lastName"),
		Language:    account.UserLanguage(u),
		Roles:       roles,
		IsAdmin:     slices.Contains(roles, account.RoleAdmin),
		Permissions: userPermissions(u),
		CreatedAt:   wire.Stamp(u.GetDateTime("created")),
		CompanyName: u.GetString("companyName"),
		TaxID:       u.GetString("taxId"),
		TaxExempt:   u.GetBool("taxExempt"),

		InvoiceAllowed:   u.GetBool("invoiceAllowed"),
		InvoiceTermsDays: u.GetInt("invoiceTermsDays"),
	}
	if last := u.GetDateTime("lastLoginAt"); !last.IsZero() {
		s := wire.Stamp(last)
		out.LastLoginAt = &s
	}
	return out
}
