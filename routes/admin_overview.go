package routes

import (
	"errors"
	"net/http"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/shop"
)

// registerAdminOverview binds the admin's overview, users and role changes
// under /api/admin; the group's guard answers 401 and 403 for all of them.
func registerAdminOverview(se *core.ServeEvent) {
	g := se.Router.Group("/api/admin")
	g.Bind(adminOnly())
	g.GET("/overview", handle(adminOverview))
	g.GET("/users", handle(adminListUsers))
	g.GET("/users/{id}/orders", handle(adminUserOrders))
	g.PUT("/users/{id}/roles", handle(adminSetUserRoles))
	g.GET("/role-changes", handle(adminRoleChanges))
}

// adminOnly is the guard of admin route groups: 401 when signed out, 403
// for non-admins. (noStoreAPI keeps every /api answer out of caches.)
func adminOnly() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Func: func(e *core.RequestEvent) error {
		if _, err := requireAdmin(e); err != nil {
			return writeError(e, err)
		}
		return e.Next()
	}}
}

// adminUserJSON is the contract's user object with the user's orders.
type adminUserJSON struct {
	userJSON
	shop.CustomerStats
}

// adminUserPage is the answer of GET /api/admin/users.
type adminUserPage struct {
	Users      []adminUserJSON `json:"users"`
	Pagination shop.PageInfo   `json:"pagination"`
}

func adminOverview(e *core.RequestEvent) error {
	days, ok := queryInt(e, "days", shop.DefaultOverviewDays)
	if !ok {
		return validationError(map[string]string{"days": "Days must be 7, 30 or 90"})
	}
	o, err := shop.GetOverview(e.App, shop.OverviewQuery{Days: days, Now: time.Now()})
	if err != nil {
		return adminShopErr(err)
	}
	return e.JSON(http.StatusOK, o)
}

// pageQuery reads page (1) and pageSize (20) from the query string.
func pageQuery(e *core.RequestEvent) (shop.PageQuery, error) {
	errs := map[string]string{}
	page, ok := queryInt(e, "page", 1)
	if !ok {
		errs["page"] = "Page must be a whole number of at least 1"
	}
	size, ok := queryInt(e, "pageSize", shop.DefaultAdminPageSize)
	if !ok {
		errs["pageSize"] = "Page size must be a whole number from 1 to 100"
	}
	if len(errs) > 0 {
		return shop.PageQuery{}, validationError(errs)
	}
	return shop.PageQuery{Page: page, PageSize: size}, nil
}

func adminListUsers(e *core.RequestEvent) error {
	pq, err := pageQuery(e)
	if err != nil {
		return err
	}
	q := shop.UserQuery{PageQuery: pq, Search: strings.TrimSpace(e.Request.URL.Query().Get("search"))}
	page, err := shop.ListUsers(e.App, q)
	if err != nil {
		return adminShopErr(err)
	}
	out := adminUserPage{Users: make([]adminUserJSON, 0, len(page.Users)), Pagination: page.Pagination}
	for _, u := range page.Users {
		out.Users = append(out.Users, adminUserJSON{userJSON: toUserJSON(u), CustomerStats: page.Stats[u.Id]})
	}
	return e.JSON(http.StatusOK, out)
}

func adminUserOrders(e *core.RequestEvent) error {
	orders, err := shop.ListCustomerOrders(e.App, e.Request.PathValue("id"))
	if err != nil {
		return adminShopErr(err)
	}
	return e.JSON(http.StatusOK, orders)
}

func adminSetUserRoles(e *core.RequestEvent) error {
	var body shop.RolesInput
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	user, err := shop.SetUserRoles(e.App, e.Auth.Id, e.Request.PathValue("id"), body)
	if err != nil {
		return adminShopErr(err)
	}
	return e.JSON(http.StatusOK, toUserJSON(user))
}

func adminRoleChanges(e *core.RequestEvent) error {
	pq, err := pageQuery(e)
	if err != nil {
		return err
	}
	page, err := shop.ListRoleChanges(e.App, pq)
	if err != nil {
		return adminShopErr(err)
	}
	return e.JSON(http.StatusOK, page)
}

// adminShopErr turns the errors of the admin's shop calls into envelopes.
func adminShopErr(err error) error {
	var verrs validation.Errors
	switch {
	case errors.Is(err, shop.ErrUserNotFound):
		return notFound("User not found")
	case errors.Is(err, shop.ErrOwnAdminRole):
		return newError(http.StatusBadRequest, "own_admin_role", "You cannot remove your own Admin role")
	case errors.Is(err, shop.ErrLastAdmin):
		return newError(http.StatusConflict, "last_admin", "The shop must keep at least one admin")
	case errors.Is(err, shop.ErrNotAdmin):
		return newError(http.StatusForbidden, "forbidden", "Admin access required")
	case errors.As(err, &verrs):
		fields := map[string]string{}
		flattenFieldErrors("", verrs, fields)
		return validationError(fields)
	}
	return fromShopErr(err)
}

// flattenFieldErrors writes ozzo-validation errors under JSON field paths
// ("roles.1") into dst.
func flattenFieldErrors(prefix string, verrs validation.Errors, dst map[string]string) {
	for key, err := range verrs {
		var nested validation.Errors
		if errors.As(err, &nested) {
			flattenFieldErrors(prefix+key+".", nested, dst)
			continue
		}
		dst[prefix+key] = errorText(err)
	}
}
