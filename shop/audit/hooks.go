package audit

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/db"
)

// pruneSchedule is the daily clean-up of old entries, away from
// PocketBase's own jobs and the shop's other crons.
const pruneSchedule = "53 4 * * *"

// settingsCollections are the settings whose updates are settings.changed
// (tax rates also when created or deleted).
var settingsCollections = []string{"shop_settings", "payment_settings"}

// pagesCollection holds the information pages, whose changes are
// settings.changed.
const pagesCollection = "pages"

// auditedCollections are those whose dashboard requests run in a
// transaction bound to the superuser.
var auditedCollections = []string{"users", "product_variants", "products", "promotions", "refunds",
	"shop_settings", "payment_settings", "tax_rates", "webhook_endpoints", "api_keys", pagesCollection}

// Register binds the audit log to app: the record hooks that write the
// entries in the changes' transactions, the dashboard's superuser
// requests and the daily prune.
func Register(app core.App) {
	on := func(h *hook.TaggedHook[*core.RecordEvent], id string, fn func(txApp core.App, old, rec *core.Record) error) {
		h.Bind(&hook.Handler[*core.RecordEvent]{Id: "stageshop.audit." + id, Func: func(e *core.RecordEvent) error {
			var old *core.Record
			if !e.Record.IsNew() {
				old = e.Record.Original()
			}
			return db.InHook(e, func(txApp core.App) error {
				if err := e.Next(); err != nil {
					return err
				}
				return fn(txApp, old, e.Record)
			})
		}})
	}
	on(app.OnRecordUpdate("users"), "roles", rolesChanged)
	on(app.OnRecordUpdate("product_variants"), "variant", variantChanged)
	on(app.OnRecordCreate("promotions"), "promotionCreated", created(PromotionCreated, "name"))
	on(app.OnRecordUpdate("promotions"), "promotionUpdated", updated(PromotionUpdated, "name"))
	on(app.OnRecordDelete("promotions"), "promotionDeleted", deleted(PromotionDeleted, "name", "code", "kind", "value"))
	on(app.OnRecordCreate("refunds"), "refund", refundCreated)
	on(app.OnRecordUpdate(settingsCollections...), "settings", settingsChanged)
	on(app.OnRecordCreate(pagesCollection), "pageCreated", created(SettingsChanged, "title"))
	on(app.OnRecordUpdate(pagesCollection), "pageUpdated", updated(SettingsChanged, "title"))
	on(app.OnRecordDelete(pagesCollection), "pageDeleted", deleted(SettingsChanged, "title", "slug", "title", "source"))
	on(app.OnRecordCreate("tax_rates"), "taxRateCreated", created(SettingsChanged, "name"))
	on(app.OnRecordUpdate("tax_rates"), "taxRateUpdated", updated(SettingsChanged, "name"))
	on(app.OnRecordDelete("tax_rates"), "taxRateDeleted", deleted(SettingsChanged, "name", "country", "region", "ratePercent"))
	on(app.OnRecordCreate("webhook_endpoints"), "webhookCreated", func(txApp core.App, _, rec *core.Record) error {
		return write(txApp, WebhookCreated, rec, "url", nil, map[string]any{"url": rec.Get("url"), "events": rec.Get("events")})
	})
	on(app.OnRecordCreate("api_keys"), "apikeyCreated", func(txApp core.App, _, rec *core.Record) error {
		return write(txApp, APIKeyCreated, rec, "name", nil, map[string]any{"name": rec.Get("name"),
			"scopes": rec.Get("scopes"), "prefix": rec.Get("prefix"), "expiresAt": rec.Get("expiresAt")})
	})
	on(app.OnRecordUpdate("api_keys"), "apikeyRevoked", func(txApp core.App, old, rec *core.Record) error {
		if !old.GetDateTime("revokedAt").IsZero() || rec.GetDateTime("revokedAt").IsZero() {
			return nil
		}
		return write(txApp, APIKeyRevoked, rec, "name", map[string]any{"revokedAt": nil}, map[string]any{"revokedAt": rec.Get("revokedAt")})
	})
	on(app.OnRecordDelete("webhook_endpoints"), "webhookDeleted", func(txApp core.App, _, rec *core.Record) error {
		return write(txApp, WebhookDeleted, rec, "url", map[string]any{"url": rec.Get("url"), "events": rec.Get("events")}, nil)
	})

	bindDashboard(app)
	bindPrune(app)
}

// bindDashboard runs the superusers' record requests on the audited
// collections in transactions bound to them (dashboardRequest).
func bindDashboard(app core.App) {
	for _, h := range []*hook.TaggedHook[*core.RecordRequestEvent]{
		app.OnRecordCreateRequest(auditedCollections...),
		app.OnRecordUpdateRequest(auditedCollections...),
		app.OnRecordDeleteRequest(auditedCollections...),
	} {
		h.Bind(&hook.Handler[*core.RecordRequestEvent]{Id: "stageshop.audit.dashboard", Func: dashboardRequest})
	}
}

// bindPrune adds the daily prune of entries past Retention.
func bindPrune(app core.App) {
	app.Cron().MustAdd("stageshopPruneAudit", pruneSchedule, func() {
		n, err := Prune(app, time.Now())
		switch {
		case err != nil:
			app.Logger().Error("pruning the audit log", "error", err.Error())
		case n > 0:
			app.Logger().Info("removed old audit entries", "removed", n)
		}
	})
}

// dashboardRequest runs a superuser's record request (the dashboard, or
// PocketBase's record API) in a transaction bound to that superuser.
func dashboardRequest(e *core.RecordRequestEvent) error {
	if !e.HasSuperuserAuth() {
		return e.Next()
	}
	actor := User(e.Auth)
	if e.App.IsTransactional() {
		As(e.App, actor)
		return e.Next()
	}
	app := e.App
	defer func() { e.App = app }()
	return app.RunInTransaction(func(txApp core.App) error {
		As(txApp, actor)
		e.App = txApp
		return e.Next()
	})
}

// write records action on rec (labelled by its field label) by the
// transaction's actor.
func write(txApp core.App, action string, rec *core.Record, label string, before, after map[string]any) error {
	t := Target{Collection: rec.Collection().Name, ID: rec.Id}
	t.Label = t.Collection
	if label != "" {
		t.Label = plainText(rec.GetString(label))
	}
	return Record(txApp, Current(txApp), Entry{Action: action, Target: t, Before: before, After: after})
}

// created records a creation with the record's fields as after.
func created(action, label string) func(core.App, *core.Record, *core.Record) error {
	return func(txApp core.App, _, rec *core.Record) error {
		_, after := changes(core.NewRecord(rec.Collection()), rec, ownFields(rec))
		return write(txApp, action, rec, label, nil, after)
	}
}

// updated records an update with its changed fields (nothing when none
// changed).
func updated(action, label string) func(core.App, *core.Record, *core.Record) error {
	return func(txApp core.App, old, rec *core.Record) error {
		before, after := changes(old, rec, ownFields(rec))
		if before == nil {
			return nil
		}
		return write(txApp, action, rec, label, before, after)
	}
}

// deleted records a deletion with the named fields as before.
func deleted(action, label string, fields ...string) func(core.App, *core.Record, *core.Record) error {
	return func(txApp core.App, _, rec *core.Record) error {
		before := map[string]any{}
		for _, f := range fields {
			if rec.Collection().Fields.GetByName(f) != nil {
				before[f] = rec.Get(f)
			}
		}
		return write(txApp, action, rec, label, before, nil)
	}
}

// rolesChanged records a change of a user's roles.
func rolesChanged(txApp core.App, old, rec *core.Record) error {
	before, after := changes(old, rec, []string{"roles"})
	if before == nil || slices.Equal(rolesOf(old), rolesOf(rec)) {
		return nil
	}
	return Record(txApp, Current(txApp), Entry{Action: RoleChanged,
		Target: Target{Collection: rec.Collection().Name, ID: rec.Id, Label: rec.Email()},
		Before: before, After: after})
}

// rolesOf reads a user's roles.
func rolesOf(u *core.Record) []string {
	var roles []string
	_ = u.UnmarshalJSONField("roles", &roles)
	return roles
}

// variantChanged records a variant's price and stock changes (each its
// own entry), or counts them into the transaction's Tally (an import).
func variantChanged(txApp core.App, old, rec *core.Record) error {
	price := old.GetInt("priceCents") != rec.GetInt("priceCents")
	stock := old.GetInt("stockQuantity") != rec.GetInt("stockQuantity")
	if !price && !stock {
		return nil
	}
	if t := tallyOf(txApp); t != nil {
		if price {
			t.PriceChanges++
		}
		if stock {
			t.StockChanges++
		}
		return nil
	}
	productID := rec.GetString("product")
	var name string
	_ = txApp.DB().Select("name").From("products").Where(dbx.HashExp{"id": productID}).Row(&name)
	label := name
	if sku := rec.GetString("sku"); sku != "" {
		label += " (" + sku + ")"
	}
	target := Target{Collection: "products", ID: productID, Label: label}
	actor := Current(txApp)
	if price {
		err := Record(txApp, actor, Entry{Action: ProductPriceChanged, Target: target,
			Before: map[string]any{"variant": rec.Id, "priceCents": old.GetInt("priceCents")},
			After:  map[string]any{"variant": rec.Id, "priceCents": rec.GetInt("priceCents")}})
		if err != nil {
			return err
		}
	}
	if stock {
		return Record(txApp, actor, Entry{Action: ProductStockChanged, Target: target,
			Before: map[string]any{"variant": rec.Id, "stockQuantity": old.GetInt("stockQuantity")},
			After:  map[string]any{"variant": rec.Id, "stockQuantity": rec.GetInt("stockQuantity")}})
	}
	return nil
}

// refundCreated records a refund with its amount and reason, on its order.
func refundCreated(txApp core.App, _, rec *core.Record) error {
	orderID := rec.GetString("orderRef")
	var number string
	_ = txApp.DB().Select("orderNumber").From("orders").Where(dbx.HashExp{"id": orderID}).Row(&number)
	return Record(txApp, Current(txApp), Entry{Action: RefundCreated,
		Target: Target{Collection: "orders", ID: orderID, Label: number},
		After: map[string]any{"refund": rec.Id, "amountCents": rec.GetInt("amountCents"),
			"reason": rec.GetString("reason"), "provider": rec.GetString("provider")}})
}

// plainText is a localized text's English (or first) value, or the text
// as it is.
func plainText(s string) string {
	var loc map[string]string
	if !strings.HasPrefix(s, "{") || json.Unmarshal([]byte(s), &loc) != nil {
		return s
	}
	if loc["en"] != "" {
		return loc["en"]
	}
	for _, k := range []string{"ru", "zh"} {
		if loc[k] != "" {
			return loc[k]
		}
	}
	return s
}
