package promo

import (
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// The collections of promotions and their uses (pb_migrations).
const (
	Collection     = "promotions"
	UsesCollection = "promotion_uses"
)

// ErrNotFound: no promotion has the id (admin routes: 404).
var ErrNotFound = wire.NotFound("Promotion not found")

// Filter narrows the admin's list: with ProductID (and the product's
// CategoryID) only the promotions that name the product or its category.
type Filter struct {
	ProductID  string
	CategoryID string
}

// List is every promotion, newest first, each with its uses and the
// revenue of the orders it discounted.
func List(app core.App, f Filter) ([]wire.Promotion, error) {
	recs, err := app.FindRecordsByFilter(Collection, "", "-created,-id", 0, 0)
	if err != nil {
		return nil, err
	}
	stats, err := statsByPromotion(app)
	if err != nil {
		return nil, err
	}
	out := make([]wire.Promotion, 0, len(recs))
	for _, rec := range recs {
		r := ruleOf(rec)
		if f.ProductID != "" && !slices.Contains(r.ProductIDs, f.ProductID) &&
			(f.CategoryID == "" || !slices.Contains(r.CategoryIDs, f.CategoryID)) {
			continue
		}
		out = append(out, answerOf(rec, stats[rec.Id]))
	}
	return out, nil
}

// Create adds a promotion.
func Create(app core.App, in Terms) (wire.Promotion, error) {
	return save(app, "", in)
}

// Update changes a promotion's terms (its uses stay).
func Update(app core.App, id string, in Terms) (wire.Promotion, error) {
	return save(app, id, in)
}

// Delete deletes a promotion and its uses; the orders it discounted keep
// its name, code and amounts as they were.
func Delete(app core.App, id string) error {
	return db.Write(app, func(txApp core.App) error {
		rec, err := db.FindRecord(txApp, Collection, id, ErrNotFound)
		if err != nil {
			return err
		}
		return txApp.Delete(rec)
	})
}

// save validates in and writes it as a new promotion (id "") or over the
// promotion of id, in one transaction: a code another promotion has and
// ids of no product or category are field errors.
func save(app core.App, id string, in Terms) (wire.Promotion, error) {
	r, err := in.read()
	if err != nil {
		return wire.Promotion{}, err
	}
	var rec *core.Record
	err = db.Write(app, func(txApp core.App) error {
		if id == "" {
			col, err := txApp.FindCachedCollectionByNameOrId(Collection)
			if err != nil {
				return err
			}
			rec = core.NewRecord(col)
		} else if rec, err = db.FindRecord(txApp, Collection, id, ErrNotFound); err != nil {
			return err
		}
		if err := checkRefs(txApp, id, r); err != nil {
			return err
		}
		fill(rec, r)
		return txApp.Save(rec)
	})
	if err != nil {
		return wire.Promotion{}, err
	}
	stats, err := statsByPromotion(app)
	return answerOf(rec, stats[rec.Id]), err
}

// checkRefs refuses a code another promotion has (compared without case;
// codes are stored upper-case) and ids of no product or category.
func checkRefs(txApp core.App, self string, r Rule) error {
	errs := validation.Errors{}
	if r.Code != "" {
		var n int
		err := txApp.DB().Select("COUNT(*)").From(Collection).
			Where(dbx.And(dbx.HashExp{"code": r.Code}, dbx.Not(dbx.HashExp{"id": self}))).Row(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			errs["code"] = validation.NewError("validation_taken", "Another promotion has this code")
		}
	}
	for key, ref := range map[string]struct {
		table string
		ids   []string
	}{"productIds": {"products", r.ProductIDs}, "categoryIds": {"categories", r.CategoryIDs}} {
		if len(ref.ids) == 0 {
			continue
		}
		var n int
		err := txApp.DB().Select("COUNT(*)").From(ref.table).Where(dbx.In("id", anySlice(ref.ids)...)).Row(&n)
		if err != nil {
			return err
		}
		if n != len(ref.ids) {
			errs[key] = validation.NewError("validation_invalid", "Some of these no longer exist")
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

func anySlice(ids []string) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// fill writes the terms into a promotion record (not its uses).
func fill(rec *core.Record, r Rule) {
	rec.Set("code", r.Code)
	rec.Set("automatic", r.Automatic)
	rec.Set("name", r.Name)
	rec.Set("kind", string(r.Kind))
	rec.Set("value", r.Value)
	rec.Set("target", string(r.Target))
	rec.Set("productIds", nonNil(r.ProductIDs))
	rec.Set("categoryIds", nonNil(r.CategoryIDs))
	rec.Set("minSubtotalCents", r.MinSubtotal)
	rec.Set("startsAt", dateOf(r.StartsAt))
	rec.Set("endsAt", dateOf(r.EndsAt))
	rec.Set("usageLimit", r.UsageLimit)
	rec.Set("perCustomerLimit", r.PerCustomerLimit)
	rec.Set("combinable", r.Combinable)
	rec.Set("isActive", r.IsActive)
}

func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}

// dateOf is t as a record's date (empty for the zero time).
func dateOf(t time.Time) types.DateTime {
	if t.IsZero() {
		return types.DateTime{}
	}
	d, _ := types.ParseDateTime(t)
	return d
}

// ruleOf reads a promotion record.
func ruleOf(rec *core.Record) Rule {
	r := Rule{
		ID: rec.Id, Code: rec.GetString("code"), Automatic: rec.GetBool("automatic"),
		Kind: Kind(rec.GetString("kind")), Value: int64(rec.GetInt("value")), Target: Target(rec.GetString("target")),
		MinSubtotal: int64(rec.GetInt("minSubtotalCents")),
		StartsAt:    rec.GetDateTime("startsAt").Time(), EndsAt: rec.GetDateTime("endsAt").Time(),
		UsageLimit: rec.GetInt("usageLimit"), PerCustomerLimit: rec.GetInt("perCustomerLimit"),
		TimesUsed: rec.GetInt("timesUsed"), Combinable: rec.GetBool("combinable"), IsActive: rec.GetBool("isActive"),
	}
	_ = rec.UnmarshalJSONField("name", &r.Name)
	_ = rec.UnmarshalJSONField("productIds", &r.ProductIDs)
	_ = rec.UnmarshalJSONField("categoryIds", &r.CategoryIDs)
	return r
}

// answerOf is the admin's view of a promotion record.
func answerOf(rec *core.Record, s stats) wire.Promotion {
	r := ruleOf(rec)
	return wire.Promotion{
		ID: r.ID, Code: r.Code, Automatic: r.Automatic, Name: r.Name, Kind: string(r.Kind),
		Value: wire.Amount(r.Value), Target: string(r.Target),
		ProductIDs: nonNil(r.ProductIDs), CategoryIDs: nonNil(r.CategoryIDs),
		MinSubtotal: wire.Amount(r.MinSubtotal), StartsAt: timeText(r.StartsAt), EndsAt: timeText(r.EndsAt),
		UsageLimit: r.UsageLimit, PerCustomerLimit: r.PerCustomerLimit, TimesUsed: r.TimesUsed,
		Combinable: r.Combinable, IsActive: r.IsActive,
		Orders: s.Orders, Revenue: wire.Amount(s.Revenue), Discounted: wire.Amount(s.Discounted),
		CreatedAt: rec.GetDateTime("created").Time().UTC().Format(time.RFC3339),
	}
}

// timeText is t in RFC 3339, nil for the zero time.
func timeText(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

// stats is what a promotion brought: the orders it discounted that were
// not cancelled, their totals and the discounts given.
type stats struct {
	Orders     int   `db:"orders"`
	Revenue    int64 `db:"revenue"`
	Discounted int64 `db:"discounted"`
}

// statsByPromotion is every promotion's stats, by id.
func statsByPromotion(app core.App) (map[string]stats, error) {
	var rows []struct {
		stats
		Promotion string `db:"promotion"`
	}
	err := app.DB().NewQuery(`SELECT u.promotion AS promotion, COUNT(*) AS orders,
		COALESCE(SUM(o.totalCents), 0) AS revenue, COALESCE(SUM(u.amountCents), 0) AS discounted
		FROM ` + UsesCollection + ` u JOIN orders o ON o.id = u.[[order]]
		WHERE o.status != 'Cancelled' GROUP BY u.promotion`).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]stats, len(rows))
	for _, r := range rows {
		out[r.Promotion] = r.stats
	}
	return out, nil
}
