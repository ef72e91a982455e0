package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// shopRateLimits are the per-IP limits of the shop's public write routes
// (fixed windows; Duration in seconds). PocketBase's own "*:auth" rule keeps
// guarding its built-in auth endpoints. Admins can tune them in the
// dashboard (Settings > Rate limits); superusers are never limited.
var shopRateLimits = []core.RateLimitRule{
	{Label: "POST /api/auth/login", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/auth/register", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/auth/refresh", MaxRequests: 30, Duration: 60},
	{Label: "POST /api/contact/submit", MaxRequests: 5, Duration: 60},
}

// Turn PocketBase's rate limiter on with the shop's rules.
func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		rules := []core.RateLimitRule{}
		for _, r := range s.RateLimits.Rules {
			// PocketBase's default catch-all rules would throttle every shop
			// page view behind one NAT; keep only its auth rule.
			if r.Label == "*:auth" {
				rules = append(rules, r)
			}
		}
		s.RateLimits.Rules = append(rules, shopRateLimits...)
		s.RateLimits.Enabled = true
		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()
		removeRateLimits(s, shopRateLimits...)
		s.RateLimits.Enabled = false
		return app.Save(s)
	})
}
