package routes

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/wire"
)

// registerAdminOverview binds the admin's overview, users and role changes
// under /api/admin; the group's guard answers 401 and 403 for all of them.
func registerAdminOverview(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin")
	g.Bind(staffOnly())
	g.GET("/overview", adminOverview)
	g.GET("/readiness", adminReadiness)
	g.GET("/users", adminListUsers)
	g.GET("/users/{id}/orders", adminUserOrders)
	g.PUT("/users/{id}/roles", adminSetUserRoles)
	g.PUT("/users/{id}/tax-exempt", adminSetTaxExempt)
	g.GET("/role-changes", adminRoleChanges)
}

func adminOverview(e *core.RequestEvent) error {
	days := pageParam(e, "days", shop.DefaultOverviewDays, 0) // 0 is refused
	o, err := shop.GetOverview(e.App, shop.OverviewQuery{Days: days, Now: time.Now()})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, o)
}

// adminReadiness answers the go-live checklist.
func adminReadiness(e *core.RequestEvent) error {
	r, err := shop.CheckReadiness(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, r)
}

// pageQuery reads page (1) and pageSize (20) from the query string; the
// shop checks them (shop.PageQuery.Validate).
func pageQuery(e *core.RequestEvent) account.PageQuery {
	return account.PageQuery{Page: pageParam(e, "page", 1, 0), PageSize: pageParam(e, "pageSize", account.DefaultAdminPageSize, 0)}
}

func adminListUsers(e *core.RequestEvent) error {
	q := account.UserQuery{PageQuery: pageQuery(e), Search: queryText(e, "search")}
	page, err := account.ListUsers(e.App, q)
	if err != nil {
		return err
	}
	out := wire.AdminUserPage{Users: make([]wire.AdminUser, 0, len(page.Users)), Pagination: page.Pagination}
	for _, u := range page.Users {
		stats := page.Stats[u.Id]
		out.Users = append(out.Users, wire.AdminUser{User: toUserJSON(u), OrdersCount: stats.OrdersCount, TotalSpent: stats.TotalSpent})
	}
	return e.JSON(http.StatusOK, out)
}

func adminUserOrders(e *core.RequestEvent) error {
	orders, err := shop.ListCustomerOrders(e.App, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, orders)
}

func adminSetUserRoles(e *core.RequestEvent) error {
	var body account.RolesInput
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	user, err := account.SetUserRoles(acting(e), e.Auth.Id, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toUserJSON(user))
}

// adminSetTaxExempt marks a customer tax-exempt (or not).
func adminSetTaxExempt(e *core.RequestEvent) error {
	var body account.TaxExemptInput
	if err := decodeJSON(e, &body); err != nil {
		return err
	}
	user, err := account.SetTaxExempt(e.App, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toUserJSON(user))
}

func adminRoleChanges(e *core.RequestEvent) error {
	page, err := account.ListRoleChanges(e.App, pageQuery(e))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, page)
}
