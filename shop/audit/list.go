package audit

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/wire"
)

// Bounds of a query.
const (
	DefaultPageSize = 50
	MaxPageSize     = 100
	maxFilterLen    = 200
	maxSummary      = 300
)

// Query asks for a page of the log: Actor matches the actor's id or part
// of its label, Action one action, Target the target's id or part of its
// label, From and To bound the time (dates YYYY-MM-DD, To's whole day
// included, or RFC 3339 times); all optional.
type Query struct {
	Actor    string `json:"actor"`
	Action   string `json:"action"`
	Target   string `json:"target"`
	From     string `json:"from"`
	To       string `json:"to"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
}

// dateLayout is a filter's plain date.
const dateLayout = "2006-01-02"

// parseTime reads a From or To bound; a date ends at its day's end when
// end is set.
func parseTime(s string, end bool) (time.Time, bool) {
	if t, err := time.Parse(dateLayout, s); err == nil {
		if end {
			t = t.Add(24*time.Hour - time.Millisecond)
		}
		return t, true
	}
	t, err := time.Parse(time.RFC3339, s)
	return t.UTC(), err == nil
}

// Validate checks the filters and the page.
func (q Query) Validate() error {
	badPage := validation.NewError("validation_page", "Page must be a whole number of at least 1")
	badSize := validation.NewError("validation_page_size", "Page size must be a whole number from 1 to 100")
	badTime := validation.NewError("validation_time", "Use a date (2026-12-31) or an RFC 3339 time")
	long := validation.RuneLength(0, maxFilterLen).ErrorObject(validation.NewError("validation_filter", "At most 200 characters"))
	timeRule := func(end bool) validation.Rule {
		return validation.By(func(v any) error {
			if s := v.(string); s != "" {
				if _, ok := parseTime(s, end); !ok {
					return badTime
				}
			}
			return nil
		})
	}
	errs := validation.Errors{}
	if err := validation.ValidateStruct(&q,
		validation.Field(&q.Actor, long),
		validation.Field(&q.Target, long),
		validation.Field(&q.Action, validation.In(anyOf(Actions)...).ErrorObject(
			validation.NewError("validation_action", "Unknown action"))),
		validation.Field(&q.From, timeRule(false)),
		validation.Field(&q.To, timeRule(true)),
		validation.Field(&q.Page, validation.Required.ErrorObject(badPage), validation.Min(1).ErrorObject(badPage),
			validation.Max(wire.MaxPage).ErrorObject(badPage)),
		validation.Field(&q.PageSize, validation.Required.ErrorObject(badSize), validation.Min(1).ErrorObject(badSize),
			validation.Max(MaxPageSize).ErrorObject(badSize)),
	); err != nil {
		if ve, ok := err.(validation.Errors); ok {
			errs = ve
		} else {
			return err
		}
	}
	if len(errs) == 0 && q.From != "" && q.To != "" {
		from, _ := parseTime(q.From, false)
		to, _ := parseTime(q.To, true)
		if from.After(to) {
			errs["to"] = validation.NewError("validation_range", "To must not be before from")
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// anyOf is values as []any (for validation.In).
func anyOf(values []string) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}

// likeEscape escapes s for a LIKE with ESCAPE '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// where is the query's filter.
func (q Query) where() dbx.Expression {
	var and []dbx.Expression
	if q.Actor != "" {
		and = append(and, dbx.NewExp(`(actorId = {:actor} OR actor LIKE {:actorLike} ESCAPE '\')`,
			dbx.Params{"actor": q.Actor, "actorLike": "%" + likeEscape(q.Actor) + "%"}))
	}
	if q.Action != "" {
		and = append(and, dbx.HashExp{"action": q.Action})
	}
	if q.Target != "" {
		and = append(and, dbx.NewExp(`(targetId = {:target} OR targetLabel LIKE {:targetLike} ESCAPE '\')`,
			dbx.Params{"target": q.Target, "targetLike": "%" + likeEscape(q.Target) + "%"}))
	}
	if q.From != "" {
		t, _ := parseTime(q.From, false)
		and = append(and, dbx.NewExp("created >= {:from}", dbx.Params{"from": stamp(t)}))
	}
	if q.To != "" {
		t, _ := parseTime(q.To, true)
		and = append(and, dbx.NewExp("created <= {:to}", dbx.Params{"to": stamp(t)}))
	}
	return dbx.And(and...)
}

// stamp is t as PocketBase stores dates.
func stamp(t time.Time) string {
	d, _ := types.ParseDateTime(t.UTC())
	return d.String()
}

// List returns one page of the entries q asks for, newest first.
func List(app core.App, q Query) (*wire.AuditPage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	var total int
	if err := app.DB().Select("COUNT(*)").From(Collection).Where(q.where()).Row(&total); err != nil {
		return nil, err
	}
	out := &wire.AuditPage{Entries: []wire.AuditEntry{}, Pagination: wire.NewPage(q.Page, q.PageSize, total)}
	offset := int64(q.Page-1) * int64(q.PageSize)
	if offset >= int64(total) {
		return out, nil
	}
	var rows []struct {
		ID        string         `db:"id"`
		Kind      string         `db:"actorKind"`
		ActorID   string         `db:"actorId"`
		Actor     string         `db:"actor"`
		Action    string         `db:"action"`
		TargetCol string         `db:"targetCollection"`
		TargetID  string         `db:"targetId"`
		Label     string         `db:"targetLabel"`
		Before    types.JSONRaw  `db:"before"`
		After     types.JSONRaw  `db:"after"`
		Created   types.DateTime `db:"created"`
	}
	err := app.DB().Select("id", "actorKind", "actorId", "actor", "action", "targetCollection", "targetId",
		"targetLabel", "before", "after", "created").From(Collection).Where(q.where()).
		OrderBy("created DESC", "rowid DESC").Limit(int64(q.PageSize)).Offset(offset).All(&rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		before, after := texts(r.Before), texts(r.After)
		out.Entries = append(out.Entries, wire.AuditEntry{ID: r.ID, At: wire.Stamp(r.Created), Actor: r.Actor,
			ActorKind: r.Kind, ActorID: r.ActorID, Action: r.Action, Target: r.Label, TargetCollection: r.TargetCol,
			TargetID: r.TargetID, Summary: summary(before, after), Before: before, After: after})
	}
	return out, nil
}

// texts reads a stored before/after as each value's JSON text.
func texts(raw types.JSONRaw) map[string]string {
	out := map[string]string{}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return out
	}
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

// summary is the change in English: "field: before → after" for each
// field, "field: value" for a creation's or deletion's.
func summary(before, after map[string]string) string {
	keys := []string{}
	for k := range before {
		keys = append(keys, k)
	}
	for k := range after {
		if _, ok := before[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	parts := []string{}
	for _, k := range keys {
		b, inB := before[k]
		a, inA := after[k]
		switch {
		case inB && inA && a != b:
			parts = append(parts, k+": "+b+" → "+a)
		case inB && inA:
			continue // the variant a price change is on
		case inA:
			parts = append(parts, k+": "+a)
		default:
			parts = append(parts, k+": "+b)
		}
	}
	return clip(strings.Join(parts, "; "), maxSummary)
}
