package audit

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Collection holds the entries.
const Collection = "audit_log"

// Retention is how long entries are kept.
const Retention = 2 * 365 * 24 * time.Hour

// The audited actions.
const (
	RoleChanged         = "role.changed"
	SettingsChanged     = "settings.changed"
	RefundCreated       = "refund.created"
	PromotionCreated    = "promotion.created"
	PromotionUpdated    = "promotion.updated"
	PromotionDeleted    = "promotion.deleted"
	ProductPriceChanged = "product.price_changed"
	ProductStockChanged = "product.stock_changed"
	ImportCompleted     = "import.completed"
	APIKeyCreated       = "apikey.created"
	APIKeyRevoked       = "apikey.revoked"
	WebhookCreated      = "webhook.created"
	WebhookDeleted      = "webhook.deleted"
)

// Actions are the audited actions, in the order the admin's filter lists
// them.
var Actions = []string{RoleChanged, SettingsChanged, RefundCreated, PromotionCreated, PromotionUpdated,
	PromotionDeleted, ProductPriceChanged, ProductStockChanged, ImportCompleted, APIKeyCreated, APIKeyRevoked,
	WebhookCreated, WebhookDeleted}

// Target is what an entry is about: a record of a collection, with a label
// as it was (an e-mail, a name, an order number).
type Target struct {
	Collection string
	ID         string
	Label      string
}

// Entry is one audited change: its action, target and the changed fields
// before and after (nil for none, as on a creation's before).
type Entry struct {
	Action string
	Target Target
	Before map[string]any
	After  map[string]any
}

// Bounds of what an entry keeps.
const (
	maxLabel = 300
	maxValue = 500 // characters of one field's value, as JSON
)

// Record writes en as done by actor in txApp's transaction (call it inside
// the change's transaction, so it commits or rolls back with it).
func Record(txApp core.App, actor Actor, en Entry) error {
	_, err := record(txApp, actor, en)
	return err
}

// record writes en as Record does and returns its stored record.
func record(txApp core.App, actor Actor, en Entry) (*core.Record, error) {
	col, err := txApp.FindCachedCollectionByNameOrId(Collection)
	if errors.Is(err, sql.ErrNoRows) {
		// Before the audit log's migration: a new shop's first migration
		// seeds its records (the information pages) with the hooks bound
		// (`stageshop migrate up`), and nobody acted yet.
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Set("actorKind", actor.Kind)
	rec.Set("actorId", actor.UserID)
	rec.Set("actor", clip(actor.Label(), maxLabel))
	rec.Set("action", en.Action)
	rec.Set("targetCollection", en.Target.Collection)
	rec.Set("targetId", en.Target.ID)
	rec.Set("targetLabel", clip(en.Target.Label, maxLabel))
	rec.Set("before", small(en.Before))
	rec.Set("after", small(en.After))
	if err := txApp.SaveNoValidate(rec); err != nil {
		return nil, fmt.Errorf("audit entry %s: %w", en.Action, err)
	}
	return rec, nil
}

// small bounds the values of a before/after map: a value longer than
// maxValue as JSON is kept as the start of that JSON.
func small(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		raw, err := json.Marshal(v)
		if err != nil {
			out[k] = fmt.Sprint(v)
			continue
		}
		if len(raw) > maxValue {
			out[k] = clip(string(raw), maxValue)
			continue
		}
		out[k] = json.RawMessage(raw)
	}
	return out
}

// clip shortens s to at most n runes, with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// changes are the fields whose value differs between old and rec, as
// before and after maps (nil, nil when none did). Hidden fields and those
// whose name says secret, password, token or key are shown as changed
// without their values.
func changes(old, rec *core.Record, fields []string) (before, after map[string]any) {
	for _, f := range fields {
		a, b := old.Get(f), rec.Get(f)
		if sameValue(a, b) {
			continue
		}
		if before == nil {
			before, after = map[string]any{}, map[string]any{}
		}
		if secret(rec, f) {
			a, b = "[hidden]", "[changed]"
		}
		before[f], after[f] = a, b
	}
	return before, after
}

// sameValue compares two field values by their JSON.
func sameValue(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// secret reports whether field f of rec must not be shown.
func secret(rec *core.Record, f string) bool {
	if fd := rec.Collection().Fields.GetByName(f); fd != nil && fd.GetHidden() {
		return true
	}
	l := strings.ToLower(f)
	for _, w := range []string{"secret", "password", "token", "key"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// ownFields are a record's fields other than its id and timestamps, in
// the collection's order.
func ownFields(rec *core.Record) []string {
	out := []string{}
	for _, f := range rec.Collection().Fields {
		switch f.GetName() {
		case "id", "created", "updated":
			continue
		}
		out = append(out, f.GetName())
	}
	return out
}

// Prune removes the entries older than Retention before now and returns
// how many.
func Prune(app core.App, now time.Time) (int64, error) {
	cut, err := types.ParseDateTime(now.Add(-Retention).UTC())
	if err != nil {
		return 0, err
	}
	res, err := app.DB().Delete(Collection, dbx.NewExp("created < {:cut}", dbx.Params{"cut": cut.String()})).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
