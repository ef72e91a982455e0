package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Webhooks (issue 49, api.md "Staff, API keys and webhooks"): the
// endpoints an Admin registers (url, events, the signing secret, state
// active/failing/paused and since when it fails), the events written in
// the business transaction (the outbox) and one delivery per event and
// endpoint (unique: an event reaches an endpoint at most once), with its
// attempts as JSON. Locked down: shop/webhook reads and writes them.
func init() {
	m.Register(func(app core.App) error {
		return saveCollections(app, webhookEndpoints(), webhookEvents(), webhookDeliveries())
	}, func(app core.App) error {
		return deleteCollections(app, "webhook_deliveries", "webhook_events", "webhook_endpoints")
	})
}

func webhookEndpoints() *core.Collection {
	c := core.NewBaseCollection("webhook_endpoints")
	c.Fields.Add(
		&core.TextField{Name: "url", Required: true, Max: 2000},
		&core.JSONField{Name: "events", MaxSize: 2000},
		&core.TextField{Name: "secret", Required: true, Max: 100, Hidden: true},
		&core.SelectField{Name: "state", Required: true, MaxSelect: 1, Values: []string{"active", "failing", "paused"}},
		&core.DateField{Name: "failingSince"},
		&core.DateField{Name: "pausedAt"},
		&core.TextField{Name: "lastError", Max: 2000},
		&core.TextField{Name: "createdBy", Max: 50},
		created(), updated(),
	)
	return c
}

func webhookEvents() *core.Collection {
	c := core.NewBaseCollection("webhook_events")
	c.Fields.Add(
		&core.TextField{Name: "type", Required: true, Max: 60},
		&core.JSONField{Name: "data", MaxSize: 200000},
		created(),
	)
	c.AddIndex("idx_webhook_events_created", false, "created", "")
	return c
}

func webhookDeliveries() *core.Collection {
	c := core.NewBaseCollection("webhook_deliveries")
	c.Fields.Add(
		&core.TextField{Name: "event", Required: true, Max: 50},
		&core.TextField{Name: "endpoint", Required: true, Max: 50},
		&core.TextField{Name: "type", Max: 60},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"queued", "delivered", "failed"}},
		count("attempts"),
		&core.DateField{Name: "nextAttemptAt"},
		&core.TextField{Name: "claimedBy", Max: 50},
		&core.DateField{Name: "claimedUntil"},
		&core.NumberField{Name: "lastStatus", OnlyInt: true},
		&core.JSONField{Name: "log", MaxSize: 100000},
		&core.DateField{Name: "deliveredAt"},
		created(), updated(),
	)
	c.AddIndex("idx_webhook_deliveries_event_endpoint", true, "event, endpoint", "")
	c.AddIndex("idx_webhook_deliveries_due", false, "status, nextAttemptAt", "")
	c.AddIndex("idx_webhook_deliveries_endpoint", false, "endpoint, created", "")
	return c
}
