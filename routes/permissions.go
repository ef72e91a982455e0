package routes

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/shop/account"
	"stageshop/shop/apikey"
	"stageshop/shop/wire"
)

// Permission is what an admin route needs; roles (and API key scopes) grant
// permissions.
type Permission string

// The permissions of the admin routes.
const (
	PermOrdersRead      Permission = "orders.read"       // order and booking lists, details, exports, packing slips
	PermOrdersStatus    Permission = "orders.status"     // order and booking status, tracking, notes
	PermOrdersWrite     Permission = "orders.write"      // payments, shipping quotes, invoice terms
	PermRefunds         Permission = "refunds"           // refunds and their quotes
	PermReturns         Permission = "returns"           // returns and quotes
	PermCustomersRead   Permission = "customers.read"    // the customer list and a customer's orders
	PermCustomersWrite  Permission = "customers.write"   // tax exemption and invoice terms
	PermCatalogRead     Permission = "catalog.read"      // categories, export, import progress
	PermCatalogWrite    Permission = "catalog.write"     // products, categories, images, imports
	PermPromotions      Permission = "promotions"        // promotions
	PermContact         Permission = "contact"           // contact requests and replies
	PermEmails          Permission = "emails"            // the e-mail outbox
	PermOverview        Permission = "overview"          // the admin dashboard
	PermSettings        Permission = "settings"          // shop, pages, tax, shipping, readiness
	PermPaymentSettings Permission = "payments.settings" // payment provider settings
	PermRoles           Permission = "roles"             // users' roles and their history
	PermAPIKeys         Permission = "apikeys"           // API keys
	PermWebhooks        Permission = "webhooks"          // webhooks
	PermAudit           Permission = "audit"             // the audit log
)

// allPermissions is every permission, in the order the user object lists
// them (wire.User.Permissions; the app's type of it names the same ones,
// TestUserPermissionsTypeNamesEveryPermission).
var allPermissions = []Permission{
	PermOrdersRead, PermOrdersStatus, PermOrdersWrite, PermRefunds, PermReturns,
	PermCustomersRead, PermCustomersWrite, PermCatalogRead, PermCatalogWrite, PermPromotions,
	PermContact, PermEmails, PermOverview, PermSettings, PermPaymentSettings,
	PermRoles, PermAPIKeys, PermWebhooks, PermAudit,
}

// AllPermissions returns every permission (for tests).
func AllPermissions() []Permission { return slices.Clone(allPermissions) }

// routePermissions is the one table of the admin routes: "METHOD /path", as
// registered, to the permission it needs. The staff guard refuses a route
// without a line (403), and TestEveryAdminRouteHasAPermission fails on a
// guarded route without one or a line without a route.
var routePermissions = map[string]Permission{
	"POST /api/products":        PermCatalogWrite,
	"PUT /api/products/{id}":    PermCatalogWrite,
	"DELETE /api/products/{id}": PermCatalogWrite,
	"POST /api/upload/image":    PermCatalogWrite,

	"GET /api/admin/categories":         PermCatalogRead,
	"POST /api/admin/categories":        PermCatalogWrite,
	"PUT /api/admin/categories/{id}":    PermCatalogWrite,
	"DELETE /api/admin/categories/{id}": PermCatalogWrite,

	"GET /api/admin/products/export.csv":      PermCatalogRead,
	"POST /api/admin/products/import":         PermCatalogWrite,
	"GET /api/admin/products/import/progress": PermCatalogRead,

	"GET /api/admin/promotions":         PermPromotions,
	"POST /api/admin/promotions":        PermPromotions,
	"PUT /api/admin/promotions/{id}":    PermPromotions,
	"DELETE /api/admin/promotions/{id}": PermPromotions,

	"GET /api/admin/bookings":      PermOrdersRead,
	"PUT /api/admin/bookings/{id}": PermOrdersStatus,

	"GET /api/checkout/admin/orders":                               PermOrdersRead,
	"GET /api/checkout/admin/orders/export.csv":                    PermOrdersRead,
	"GET /api/checkout/admin/orders/shipping.csv":                  PermOrdersRead,
	"GET /api/checkout/admin/orders/{id}":                          PermOrdersRead,
	"PUT /api/checkout/admin/orders/{id}/status":                   PermOrdersStatus,
	"POST /api/checkout/admin/orders/{id}/notes":                   PermOrdersStatus,
	"POST /api/checkout/admin/orders/{id}/payments":                PermOrdersWrite,
	"POST /api/checkout/admin/orders/{id}/shipping-quote":          PermOrdersWrite,
	"POST /api/checkout/admin/orders/{id}/refunds":                 PermRefunds,
	"POST /api/checkout/admin/orders/{id}/refunds/quote":           PermRefunds,
	"POST /api/checkout/admin/orders/{id}/refunds/{refundId}/sent": PermRefunds,

	"GET /api/admin/returns":           PermReturns,
	"GET /api/admin/returns/{id}":      PermReturns,
	"PUT /api/admin/returns/{id}":      PermReturns,
	"GET /api/admin/quotes":            PermReturns,
	"GET /api/admin/quotes/{id}":       PermReturns,
	"PUT /api/admin/quotes/{id}":       PermReturns,
	"POST /api/admin/quotes/{id}/send": PermReturns,

	"GET /api/contact/admin/requests":             PermContact,
	"PUT /api/contact/admin/requests/{id}/status": PermContact,
	"DELETE /api/contact/admin/requests/{id}":     PermContact,
	"POST /api/contact/admin/requests/{id}/reply": PermContact,
	"GET /api/contact/admin/stats":                PermContact,

	"GET /api/admin/emails":              PermEmails,
	"GET /api/admin/emails/{id}":         PermEmails,
	"POST /api/admin/emails/{id}/resend": PermEmails,
	"GET /api/admin/overview":            PermOverview,
	"GET /api/admin/readiness":           PermSettings,

	"GET /api/admin/users":                    PermCustomersRead,
	"GET /api/admin/users/{id}/orders":        PermCustomersRead,
	"PUT /api/admin/users/{id}/tax-exempt":    PermCustomersWrite,
	"PUT /api/admin/users/{id}/invoice-terms": PermCustomersWrite,
	"PUT /api/admin/users/{id}/roles":         PermRoles,
	"GET /api/admin/role-changes":             PermRoles,

	"PUT /api/admin/shop":              PermSettings,
	"GET /api/admin/pages":             PermSettings,
	"POST /api/admin/pages":            PermSettings,
	"PUT /api/admin/pages/{slug}":      PermSettings,
	"DELETE /api/admin/pages/{slug}":   PermSettings,
	"GET /api/admin/tax-rates":         PermSettings,
	"POST /api/admin/tax-rates":        PermSettings,
	"PUT /api/admin/tax-rates/{id}":    PermSettings,
	"DELETE /api/admin/tax-rates/{id}": PermSettings,
	"GET /api/admin/shipping":          PermSettings,
	"PUT /api/admin/shipping":          PermSettings,
	"GET /api/admin/search/synonyms":   PermCatalogRead,
	"PUT /api/admin/search/synonyms":   PermCatalogWrite,

	"GET /api/admin/webhooks":                 PermWebhooks,
	"POST /api/admin/webhooks":                PermWebhooks,
	"DELETE /api/admin/webhooks/{id}":         PermWebhooks,
	"GET /api/admin/webhooks/{id}/deliveries": PermWebhooks,
	"POST /api/admin/webhooks/{id}/test":      PermWebhooks,

	"GET /api/admin/settings/payments": PermPaymentSettings,
	"PUT /api/admin/settings/payments": PermPaymentSettings,

	"GET /api/admin/audit": PermAudit,

	"GET /api/admin/api-keys":         PermAPIKeys,
	"POST /api/admin/api-keys":        PermAPIKeys,
	"DELETE /api/admin/api-keys/{id}": PermAPIKeys,
}

// ownGuardRoutes are admin routes that check the permission themselves
// because they also take ?token= (a browser tab): not behind staffOnly.
var ownGuardRoutes = map[string]Permission{
	"GET /api/checkout/admin/packing-slips/{id}": PermOrdersRead,
}

// OwnGuardRoutes returns a copy of ownGuardRoutes (for tests).
func OwnGuardRoutes() map[string]Permission {
	out := map[string]Permission{}
	for k, v := range ownGuardRoutes {
		out[k] = v
	}
	return out
}

// rolePermissions is what each staff role may do; Admin may do everything.
var rolePermissions = map[string][]Permission{
	account.RoleManager: {PermOrdersRead, PermOrdersStatus, PermOrdersWrite, PermRefunds, PermReturns,
		PermCustomersRead, PermCustomersWrite, PermCatalogRead, PermCatalogWrite, PermPromotions,
		PermContact, PermEmails, PermOverview},
	account.RoleFulfilment: {PermOrdersRead, PermOrdersStatus},
	account.RoleCatalog:    {PermCatalogRead, PermCatalogWrite, PermPromotions},
}

// scopePermissions is what each API key scope grants (api.md); a key
// reaches the admin routes whose permission one of its scopes grants.
var scopePermissions = map[string][]Permission{
	apikey.ScopeOrdersRead:    {PermOrdersRead},
	apikey.ScopeOrdersWrite:   {PermOrdersStatus, PermOrdersWrite},
	apikey.ScopeProductsRead:  {PermCatalogRead},
	apikey.ScopeProductsWrite: {PermCatalogWrite},
	apikey.ScopeCustomersRead: {PermCustomersRead},
}

// keysNever are the permissions no API key has, whatever its scopes:
// people's access, the shop's settings, keys, webhooks and the audit log.
var keysNever = []Permission{PermRoles, PermSettings, PermPaymentSettings, PermAPIKeys, PermWebhooks, PermAudit}

// ScopePermissions returns the permissions an API key scope grants (for
// tests and the OpenAPI document).
func ScopePermissions(scope string) []Permission {
	return slices.Clone(scopePermissions[scope])
}

// RoutePermissions returns a copy of the route table (for tests and the
// OpenAPI document).
func RoutePermissions() map[string]Permission {
	out := make(map[string]Permission, len(routePermissions))
	for k, v := range routePermissions {
		out[k] = v
	}
	return out
}

// RolePermissions returns the permissions of a role (every one for Admin).
func RolePermissions(role string) []Permission {
	if role == account.RoleAdmin {
		return slices.Clone(allPermissions)
	}
	return slices.Clone(rolePermissions[role])
}

// userPermissions lists what the user's roles grant, in the order of
// allPermissions: the user object's permissions, which the app's admin area
// shows its screens by (the guard still checks each request).
func userPermissions(u *core.Record) []string {
	out := []string{}
	for _, p := range allPermissions {
		if userCan(u, p) {
			out = append(out, string(p))
		}
	}
	return out
}

// userCan reports whether one of the user's roles grants perm.
func userCan(user *core.Record, perm Permission) bool {
	for _, r := range account.UserRoles(user) {
		if r == account.RoleAdmin || slices.Contains(rolePermissions[r], perm) {
			return true
		}
	}
	return false
}

// isStaff reports whether the user has any staff role.
func isStaff(user *core.Record) bool {
	for _, r := range account.UserRoles(user) {
		if r == account.RoleAdmin || rolePermissions[r] != nil {
			return true
		}
	}
	return false
}

// errNoPermission is the 403 of a staff member without the route's
// permission.
var errNoPermission = wire.Forbidden("forbidden", "Your role does not allow this")

// staffGuardID is the id of the staff guard on every admin route.
const staffGuardID = "shopStaff"

// staffOnly is the guard of admin routes: it looks up the permission the
// matched route needs in routePermissions; 401 when signed out, 403 when no
// role grants it (or the route has no line). Behind it, e.Auth is the staff
// member.
func staffOnly() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Id: staffGuardID, Func: func(e *core.RequestEvent) error {
		perm, ok := routePermissions[e.Request.Pattern]
		if key := apiKeyOf(e.Request); key != "" {
			return keyGuard(e, key, perm, ok)
		}
		u := shopUser(e)
		switch {
		case u == nil:
			return errSignedOut
		case !ok || !userCan(u, perm):
			return errNoPermission
		}
		return e.Next()
	}}
}

// requestCan reports whether the signed-in staff member of e may do perm
// (for answers that show more to some roles).
func requestCan(e *core.RequestEvent, perm Permission) bool {
	u := shopUser(e)
	return u != nil && userCan(u, perm)
}
