package account

import (
	"encoding/json"
	"errors"
	"slices"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// roleChangesCollection records every change of a user's roles.
const roleChangesCollection = "role_changes"

// shopRoles a user may have, in the order they are stored.
var shopRoles = []string{RoleAdmin, RoleManager, RoleFulfilment, RoleCatalog, RoleCustomer}

// Role change refusals.
var (
	// ErrOwnAdminRole: admins cannot take the Admin role from themselves.
	ErrOwnAdminRole = wire.BadRequest("own_admin_role", "You cannot remove your own Admin role")
	// ErrLastAdmin: the change would leave the shop without an admin.
	ErrLastAdmin = wire.Conflict("last_admin", "The shop must keep at least one admin")
	// ErrNotAdmin: the acting user is not (or no longer) an admin.
	ErrNotAdmin = wire.Forbidden("forbidden", "Admin access required")
)

// errUnknownRole is the validation error of a role not in shopRoles.
var errUnknownRole = validation.NewError("validation_role", "Role must be Admin, Manager, Fulfilment, Catalog or Customer")

// RolesInput is the new set of roles for a user.
type RolesInput struct {
	Roles []string `json:"roles"`
}

// Validate checks that roles is a list of known roles.
func (in RolesInput) Validate() error {
	return validation.ValidateStruct(&in,
		validation.Field(&in.Roles,
			validation.NotNil.ErrorObject(validation.NewError("validation_roles_required", "Roles must be a list of roles")),
			validation.Each(validation.Required.ErrorObject(errUnknownRole),
				validation.In(RoleAdmin, RoleManager, RoleFulfilment, RoleCatalog, RoleCustomer).ErrorObject(errUnknownRole))),
	)
}

// canonicalRoles removes duplicates and puts roles in the order of Roles.
func canonicalRoles(roles []string) []string {
	out := []string{}
	for _, r := range shopRoles {
		if slices.Contains(roles, r) {
			out = append(out, r)
		}
	}
	return out
}

// UserRoles reads a user's roles (none when the field is empty or not a
// list of strings).
func UserRoles(user *core.Record) []string {
	var roles []string
	if err := user.UnmarshalJSONField("roles", &roles); err != nil || roles == nil {
		return []string{}
	}
	return roles
}

// SetUserRoles gives the user exactly the roles of in, on behalf of the
// admin actorID, and records the change with who made it. It is one
// transaction, so two admins demoting each other at once cannot both
// succeed: the second sees the first's change and gets ErrLastAdmin.
// Admins cannot drop their own Admin role (ErrOwnAdminRole); an actor who
// lost the Admin role meanwhile gets ErrNotAdmin. Setting the roles a user
// already has changes and records nothing.
func SetUserRoles(app core.App, actorID, userID string, in RolesInput) (*core.Record, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	to := canonicalRoles(in.Roles)
	var user *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var err error
		if user, err = FindUser(txApp, userID); err != nil {
			return err
		}
		from := UserRoles(user)
		if slices.Equal(canonicalRoles(from), to) {
			return nil
		}
		if err := checkRoleChange(txApp, actorID, user, from, to); err != nil {
			return err
		}
		user.Set("roles", to)
		if err := txApp.Save(user); err != nil {
			return err
		}
		return recordRoleChange(txApp, actorID, user, from, to)
	})
	if err != nil {
		return nil, err
	}
	return user, nil
}

// checkRoleChange applies the rules of a role change inside its
// transaction: not one's own Admin role, never the last admin, and the
// actor must still be an admin.
func checkRoleChange(txApp core.App, actorID string, user *core.Record, from, to []string) error {
	removesAdmin := slices.Contains(from, RoleAdmin) && !slices.Contains(to, RoleAdmin)
	if removesAdmin && user.Id == actorID {
		return ErrOwnAdminRole
	}
	if removesAdmin {
		others, err := countAdmins(txApp, user.Id)
		if err != nil {
			return err
		}
		if others == 0 {
			return ErrLastAdmin
		}
	}
	actor, err := FindUser(txApp, actorID)
	if errors.Is(err, ErrUserNotFound) || (err == nil && !slices.Contains(UserRoles(actor), RoleAdmin)) {
		return ErrNotAdmin
	}
	return err
}

// countAdmins counts the users with the Admin role other than exceptID.
// A roles value that is not a JSON list counts as no roles, as UserRoles
// reads it.
func countAdmins(app core.App, exceptID string) (int, error) {
	var n int
	err := app.DB().NewQuery(`
		SELECT COUNT(*) FROM users
		WHERE id != {:except} AND EXISTS (
			SELECT 1 FROM json_each(CASE WHEN json_valid(roles) AND json_type(roles) = 'array' THEN roles ELSE '[]' END)
			WHERE value = {:admin})`).
		Bind(dbx.Params{"except": exceptID, "admin": RoleAdmin}).Row(&n)
	return n, err
}

// recordRoleChange writes the audit record of a change.
func recordRoleChange(txApp core.App, actorID string, user *core.Record, from, to []string) error {
	col, err := txApp.FindCachedCollectionByNameOrId(roleChangesCollection)
	if err != nil {
		return err
	}
	actorEmail := ""
	if actor, err := FindUser(txApp, actorID); err == nil {
		actorEmail = actor.Email()
	}
	rec := core.NewRecord(col)
	rec.Set("userId", user.Id)
	rec.Set("userEmail", user.Email())
	rec.Set("byId", actorID)
	rec.Set("byEmail", actorEmail)
	rec.Set("fromRoles", from)
	rec.Set("toRoles", to)
	return txApp.Save(rec)
}

// RoleChange is an answer shape (shop/wire).
type RoleChange = wire.RoleChange

// RoleChangePage is an answer shape (shop/wire).
type RoleChangePage = wire.RoleChangePage

// ListRoleChanges returns one page of recorded role changes, newest first.
func ListRoleChanges(app core.App, q PageQuery) (*RoleChangePage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	var total int
	if err := app.DB().Select("COUNT(*)").From(roleChangesCollection).Row(&total); err != nil {
		return nil, err
	}
	out := &RoleChangePage{Changes: []RoleChange{}, Pagination: wire.NewPage(q.Page, q.PageSize, total)}
	if q.offset() >= int64(total) {
		return out, nil
	}
	var rows []struct {
		ID        string         `db:"id"`
		UserID    string         `db:"userId"`
		UserEmail string         `db:"userEmail"`
		ByID      string         `db:"byId"`
		ByEmail   string         `db:"byEmail"`
		From      types.JSONRaw  `db:"fromRoles"`
		To        types.JSONRaw  `db:"toRoles"`
		Created   types.DateTime `db:"created"`
	}
	err := app.DB().Select("id", "userId", "userEmail", "byId", "byEmail", "fromRoles", "toRoles", "created").
		From(roleChangesCollection).OrderBy("created DESC", "rowid DESC").
		Limit(int64(q.PageSize)).Offset(q.offset()).All(&rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out.Changes = append(out.Changes, RoleChange{ID: r.ID, UserID: r.UserID, UserEmail: r.UserEmail, By: r.ByEmail,
			ByID: r.ByID, From: rolesOf(r.From), To: rolesOf(r.To), At: wire.Stamp(r.Created)})
	}
	return out, nil
}

// rolesOf reads a stored list of roles.
func rolesOf(raw types.JSONRaw) []string {
	var roles []string
	if err := json.Unmarshal(raw, &roles); err != nil || roles == nil {
		return []string{}
	}
	return roles
}
