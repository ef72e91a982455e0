package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// API keys (issue 49, api.md "Staff, API keys and webhooks"): each key an
// Admin makes for another system, with its name, scopes and optional
// expiry. The secret itself is never stored: only its SHA-256 (hidden)
// and its public prefix (unique, to find the row); revokedAt ends it at
// once, lastUsedAt is written at most once a minute. The rule
// "perKey:apiKey" limits the requests of each key (routes counts it by
// key id). Locked down: shop/apikey reads and writes it.
func init() {
	m.Register(func(app core.App) error {
		if err := saveCollections(app, apiKeys()); err != nil {
			return err
		}
		return addRateLimit(app, core.RateLimitRule{Label: "perKey:apiKey", MaxRequests: 600, Duration: 60})
	}, func(app core.App) error {
		if err := removeRateLimit(app, "perKey:apiKey"); err != nil {
			return err
		}
		return deleteCollections(app, "api_keys")
	})
}

func apiKeys() *core.Collection {
	c := core.NewBaseCollection("api_keys")
	c.Fields.Add(
		&core.TextField{Name: "name", Required: true, Max: 100},
		&core.JSONField{Name: "scopes", MaxSize: 1000},
		&core.TextField{Name: "prefix", Required: true, Max: 20},
		&core.TextField{Name: "hash", Required: true, Max: 64, Hidden: true},
		&core.DateField{Name: "expiresAt"},
		&core.DateField{Name: "revokedAt"},
		&core.DateField{Name: "lastUsedAt"},
		&core.TextField{Name: "createdBy", Max: 50},
		created(), updated(),
	)
	c.AddIndex("idx_api_keys_prefix", true, "prefix", "")
	return c
}
