package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// guestCartRule limits new guest carts per IP (the shop counts them itself,
// see routes.NewGuestCartRule; the rule lives here so admins can tune it in
// the dashboard): a shopper needs one, an office or a phone network a few.
var guestCartRule = core.RateLimitRule{Label: "shop:newGuestCart", MaxRequests: 30, Duration: 3600}

func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		if _, ok := s.RateLimits.FindRateLimitRule([]string{guestCartRule.Label}); !ok {
			s.RateLimits.Rules = append(s.RateLimits.Rules, guestCartRule)
		}
		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()
		kept := []core.RateLimitRule{}
		for _, r := range s.RateLimits.Rules {
			if r.Label != guestCartRule.Label {
				kept = append(kept, r)
			}
		}
		s.RateLimits.Rules = kept
		return app.Save(s)
	})
}
