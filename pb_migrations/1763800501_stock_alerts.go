package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// stockAlertRateLimit guards the stock-alert route per IP.
var stockAlertRateLimit = core.RateLimitRule{Label: "POST /api/products/", MaxRequests: 10, Duration: 60}

// Back-in-stock alerts: a shopper's e-mail waiting for a sold-out product.
// One open alert per product and address; it is closed (status sent) when
// the product's stock goes from 0 to more and its e-mail is queued. The
// shop's stock-alert route gets a per-IP rate limit.
func init() {
	m.Register(func(app core.App) error {
		products, err := app.FindCollectionByNameOrId("products")
		if err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("stock_alerts")
		c.Fields.Add(
			&core.RelationField{Name: "product", CollectionId: products.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.EmailField{Name: "email", Required: true},
			&core.TextField{Name: "language", Max: 5},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"open", "sent"}},
			&core.DateField{Name: "notifiedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_stock_alerts_open", true, "product, email", "status = 'open'")
		if err := app.Save(c); err != nil {
			return err
		}
		s := app.Settings()
		s.RateLimits.Rules = append(s.RateLimits.Rules, stockAlertRateLimit)
		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()
		removeRateLimits(s, stockAlertRateLimit)
		if err := app.Save(s); err != nil {
			return err
		}
		return deleteCollections(app, "stock_alerts")
	})
}
