package routes

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/wire"
)

// userJSON is the contract's user object. lastLoginAt is null until the
// first login.
type userJSON struct {
	ID          string   `json:"id"`
	Email       string   `json:"email"`
	FirstName   string   `json:"firstName"`
	LastName    string   `json:"lastName"`
	Language    string   `json:"language"`
	Roles       []string `json:"roles"`
	IsAdmin     bool     `json:"isAdmin"`
	CreatedAt   string   `json:"createdAt"`
	LastLoginAt *string  `json:"lastLoginAt"`
	CompanyName string   `json:"companyName"`
	TaxID       string   `json:"taxId"`
	TaxExempt   bool     `json:"taxExempt"`
}

func toUserJSON(u *core.Record) userJSON {
	roles := []string{}
	_ = u.UnmarshalJSONField("roles", &roles)
	if roles == nil {
		roles = []string{}
	}
	out := userJSON{
		ID:          u.Id,
		Email:       u.Email(),
		FirstName:   u.GetString("firstName"),
		LastName:    u.GetString("lastName"),
		Language:    shop.UserLanguage(u),
		Roles:       roles,
		IsAdmin:     slices.Contains(roles, shop.RoleAdmin),
		CreatedAt:   wire.Stamp(u.GetDateTime("created")),
		CompanyName: u.GetString("companyName"),
		TaxID:       u.GetString("taxId"),
		TaxExempt:   u.GetBool("taxExempt"),
	}
	if last := u.GetDateTime("lastLoginAt"); !last.IsZero() {
		s := wire.Stamp(last)
		out.LastLoginAt = &s
	}
	return out
}
