package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Live updates (realtime) follow the collections' list and view rules, and
// the records API shows exactly what realtime sends: active products to
// anyone; orders and contact requests to shop admins (users with the Admin
// role, signed in with the shop's access token, which is a users auth token).
// Create, update and delete stay closed (nil: superusers only).
const (
	liveProductRule = "isActive = true"
	// roles is a JSON array such as ["Admin","Customer"]; matching the quoted
	// name keeps "NotAdmin" out.
	liveAdminRule = `@request.auth.collectionName = "users" && @request.auth.roles ~ '"Admin"'`
)

func init() {
	m.Register(func(app core.App) error {
		rules := map[string]string{
			"products":         liveProductRule,
			"orders":           liveAdminRule,
			"contact_requests": liveAdminRule,
		}
		return setReadRules(app, rules, func(c *core.Collection) {
			// Kept by the product hook for search; no client needs it.
			if f := c.Fields.GetByName("searchText"); f != nil {
				f.SetHidden(true)
			}
		})
	}, func(app core.App) error {
		return setReadRules(app, map[string]string{"products": "", "orders": "", "contact_requests": ""}, nil)
	})
}

// setReadRules sets the list and view rules of each named collection (an
// empty rule means closed) and runs also on each before saving it.
func setReadRules(app core.App, rules map[string]string, also func(c *core.Collection)) error {
	for name, rule := range rules {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		var r *string
		if rule != "" {
			r = &rule
		}
		c.ListRule, c.ViewRule = r, r
		c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil
		if also != nil {
			also(c)
		}
		if err := app.Save(c); err != nil {
			return err
		}
	}
	return nil
}
