package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Products' read rules also admit realtime subscribers, so that
// PocketBase's own broadcast can tell shoppers that a product was
// deactivated. What an inactive product may show them is decided by the
// products' enrich hook (shop.LiveProductEnrich): only its id and isActive
// false, only in the update that deactivates it; the records API
// (@request.context "default") still lists and shows active products only.
const liveProductRealtimeRule = `isActive = true || @request.context = "realtime"`

func init() {
	m.Register(func(app core.App) error {
		return setReadRules(app, map[string]string{"products": liveProductRealtimeRule}, nil)
	}, func(app core.App) error {
		return setReadRules(app, map[string]string{"products": liveProductRule}, nil)
	})
}
