package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The shop's settings: one record of shop settings (shipping, tax, the
// store details), one of payment settings, the information pages, and
// what the shop changes in PocketBase's own app settings. Superusers
// only; owners edit them in /admin/settings and /admin/pages, developers
// in the dashboard, where record hooks keep them sane.

// maxCents is the largest amount a setting takes: $1,000,000.00.
const maxCents = 100_000_000.0

// shopSettingsCollection holds the one record of shop settings: the home
// country, the shipping zones with their methods (JSON, amounts in cents,
// weights in grams) and the five flat rates they replaced (still read
// where a zone has none), the free-shipping threshold (0 turns it off),
// the unpaid-order cap, tax, and the store details an owner edits (issue
// 35): name, logo (a stored product image's file name), contact e-mail
// and phone, postal address, opening hours and the home's hero (both
// localized JSON) and the shop's social pages.
func shopSettingsCollection() *core.Collection {
	c := core.NewBaseCollection("shop_settings")
	c.Fields.Add(&core.TextField{Name: "homeCountry", Required: true, Max: 100})
	for _, name := range []string{"freeShippingThresholdCents", "standardCents", "expressCents", "overnightCents", "intlStandardCents", "intlExpressCents"} {
		c.Fields.Add(&core.NumberField{Name: name, OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(maxCents)})
	}
	c.Fields.Add(
		created(), updated(),
		// How many unpaid orders a customer may hold at once.
		&core.NumberField{Name: "maxUnpaidOrders", OnlyInt: true, Min: types.Pointer(1.0), Max: types.Pointer(1000.0)},
		// Off and off: US style (tax added, shipping not taxed).
		&core.BoolField{Name: "pricesIncludeTax"},
		&core.BoolField{Name: "taxShipping"},
		// The seller's tax ID on the invoice; the rest of the seller is the store details.
		&core.TextField{Name: "sellerTaxId", Max: 50},
		&core.TextField{Name: "shopName", Max: 100},
		&core.TextField{Name: "legalName", Max: 200},
		&core.TextField{Name: "logo", Max: 200},
		&core.TextField{Name: "contactEmail", Max: 254},
		&core.TextField{Name: "contactPhone", Max: 50},
		&core.TextField{Name: "address", Max: 500},
		&core.JSONField{Name: "hours", MaxSize: 5000},
		&core.JSONField{Name: "heroTitle", MaxSize: 5000},
		&core.JSONField{Name: "heroText", MaxSize: 10000},
		&core.JSONField{Name: "social", MaxSize: 10000},
		&core.JSONField{Name: "shippingZones", MaxSize: 500_000},
	)
	return c
}

// paymentSettingsCollection holds the one record of payment settings:
// the Stripe keys, the methods on, the bank details, the invoice terms and
// how long an unpaid card order holds its stock. shopId (made on the first
// card payment) tells this shop's Stripe sessions from other shops' on the
// same account.
func paymentSettingsCollection() *core.Collection {
	c := core.NewBaseCollection("payment_settings")
	c.Fields.Add(
		&core.TextField{Name: "stripeSecretKey", Max: 255, Hidden: true},
		&core.TextField{Name: "stripeWebhookSecret", Max: 255, Hidden: true},
		&core.BoolField{Name: "cardEnabled"},
		&core.BoolField{Name: "bankTransferEnabled"},
		&core.BoolField{Name: "invoiceEnabled"},
		&core.TextField{Name: "bankDetails", Max: 2000},
		&core.NumberField{Name: "invoiceTermsDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(365.0)},
		&core.NumberField{Name: "holdMinutes", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(1440.0)},
		&core.TextField{Name: "shopId", Max: 40},
		created(), updated(),
	)
	return c
}

// pagesCollection holds the information pages an owner edits: a slug (its
// address), a title and a Markdown source per language, the sanitized
// HTML of each source (what shoppers get; written on every save) and an
// order for the footer.
func pagesCollection() *core.Collection {
	c := core.NewBaseCollection("pages")
	c.Fields.Add(
		&core.TextField{Name: "slug", Required: true, Max: 60, Pattern: `^[a-z0-9]+(-[a-z0-9]+)*$`},
		&core.JSONField{Name: "title", MaxSize: 5000},
		&core.JSONField{Name: "source", MaxSize: 400000},
		&core.JSONField{Name: "body", MaxSize: 1000000},
		&core.NumberField{Name: "sortOrder", OnlyInt: true},
		created(), updated(),
	)
	c.AddIndex("idx_pages_slug", true, "slug", "")
	return c
}

// shopRateLimits are the per-IP limits the shop adds to PocketBase's
// limiter (fixed windows; Duration in seconds). Admins tune them in the
// dashboard (Settings > Rate limits); superusers are never limited.
var shopRateLimits = []core.RateLimitRule{
	// The shop's public write routes.
	{Label: "POST /api/auth/login", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/auth/register", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/auth/refresh", MaxRequests: 30, Duration: 60},
	{Label: "POST /api/contact/submit", MaxRequests: 5, Duration: 60},
	// Every PocketBase auth route that stays open (the dashboard's
	// _superusers; the users collection's are closed). Changing the e-mail
	// or the password checks the current password, so the profile update
	// is limited like the login.
	{Label: "*:authRefresh", MaxRequests: 30, Duration: 60},
	{Label: "*:listAuthMethods", MaxRequests: 30, Duration: 60},
	{Label: "*:requestOTP", MaxRequests: 5, Duration: 60},
	{Label: "*:requestPasswordReset", MaxRequests: 5, Duration: 60},
	{Label: "*:confirmPasswordReset", MaxRequests: 5, Duration: 60},
	{Label: "*:requestVerification", MaxRequests: 5, Duration: 60},
	{Label: "*:confirmVerification", MaxRequests: 5, Duration: 60},
	{Label: "*:requestEmailChange", MaxRequests: 5, Duration: 60},
	{Label: "*:confirmEmailChange", MaxRequests: 5, Duration: 60},
	{Label: "PUT /api/auth/profile", MaxRequests: 10, Duration: 60},
	// New guest carts (the shop counts them itself, routes.NewGuestCartRule;
	// the rule lives here so admins can tune it): a shopper needs one, an
	// office or a phone network a few.
	{Label: "shop:newGuestCart", MaxRequests: 30, Duration: 3600},
	{Label: "POST /api/auth/forgot-password", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/auth/reset-password", MaxRequests: 10, Duration: 60},
	// Back-in-stock alerts.
	{Label: "POST /api/products/", MaxRequests: 10, Duration: 60},
	// Placing and cancelling orders, per IP by path ("POST
	// /api/checkout/orders/" is every action on an own order: cancel) and,
	// by the perUser: tags, per customer. Windows of 10 minutes: a shopper
	// places a few orders an hour, an office behind one address a few more.
	{Label: "POST /api/checkout/create-order", MaxRequests: 20, Duration: 600},
	{Label: "POST /api/checkout/orders/", MaxRequests: 20, Duration: 600},
	{Label: "perUser:createOrder", MaxRequests: 10, Duration: 600},
	{Label: "perUser:cancelOrder", MaxRequests: 10, Duration: 600},
}

// shopAppSettings turns PocketBase's rate limiter on with the shop's rules
// and names the application StageShop (the dashboard's name, the e-mails'
// sender name) unless an operator already named it. PocketBase's own
// "*:auth" rule (password, OTP and OAuth2 sign-ins) stays; its catch-all
// rules go, as they would throttle every page view behind one NAT. The
// application URL defaults to the serve address at run time (shop/mail).
func shopAppSettings(s *core.Settings) *core.Settings {
	rules := []core.RateLimitRule{}
	for _, r := range s.RateLimits.Rules {
		if r.Label == "*:auth" {
			rules = append(rules, r)
		}
	}
	s.RateLimits.Rules = append(rules, shopRateLimits...)
	s.RateLimits.Enabled = true
	pocketBase := pocketBaseDefaults().Meta
	if s.Meta.AppName == pocketBase.AppName || s.Meta.AppName == "" {
		s.Meta.AppName = "StageShop"
	}
	if s.Meta.SenderName == pocketBase.SenderName || s.Meta.SenderName == "" {
		s.Meta.SenderName = "StageShop"
	}
	return s
}

// pocketBaseAppSettings undoes shopAppSettings: PocketBase's own rate
// limits, off, and its names.
func pocketBaseAppSettings(s *core.Settings) *core.Settings {
	pocketBase := pocketBaseDefaults()
	s.RateLimits = pocketBase.RateLimits
	if s.Meta.AppName == "StageShop" {
		s.Meta.AppName = pocketBase.Meta.AppName
	}
	if s.Meta.SenderName == "StageShop" {
		s.Meta.SenderName = pocketBase.Meta.SenderName
	}
	return s
}

// pocketBaseDefaults are the app settings a fresh PocketBase starts with
// (those of an app not bootstrapped: no database is opened).
func pocketBaseDefaults() *core.Settings {
	return core.NewBaseApp(core.BaseAppConfig{}).Settings()
}
