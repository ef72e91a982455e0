package promo

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// candidateRow is a promotion as Candidates reads it: the columns Rule
// needs, and the customer's uses counted in the same statement.
type candidateRow struct {
	ID               string  `db:"id"`
	Code             string  `db:"code"`
	Automatic        bool    `db:"automatic"`
	Name             string  `db:"name"`
	Kind             string  `db:"kind"`
	Value            float64 `db:"value"`
	Target           string  `db:"target"`
	ProductIDs       string  `db:"productIds"`
	CategoryIDs      string  `db:"categoryIds"`
	MinSubtotal      float64 `db:"minSubtotalCents"`
	StartsAt         string  `db:"startsAt"`
	EndsAt           string  `db:"endsAt"`
	UsageLimit       float64 `db:"usageLimit"`
	PerCustomerLimit float64 `db:"perCustomerLimit"`
	TimesUsed        float64 `db:"timesUsed"`
	CustomerUses     int     `db:"customerUses"`
	Combinable       bool    `db:"combinable"`
	IsActive         bool    `db:"isActive"`
}

// candidatesSQL reads the active automatic promotions and the active
// promotion of {:code}, with {:user}'s uses of those that limit them per
// customer (idx_promotions_live, idx_promotions_code and
// idx_promotion_uses_customer). It is a plain statement, not a record
// query: every cart read, estimate and order runs it, and building
// records (field by field, with the record hooks) was a third of what
// three promotions added to a checkout (bench/RESULTS.md section 14).
const candidatesSQL = `SELECT id, code, automatic, COALESCE(name, 'null') AS name, kind, value, target,
	COALESCE(productIds, '[]') AS productIds, COALESCE(categoryIds, '[]') AS categoryIds,
	minSubtotalCents, startsAt, endsAt, usageLimit, perCustomerLimit, timesUsed, combinable, isActive,
	CASE WHEN perCustomerLimit > 0 AND {:user} != '' THEN
		(SELECT COUNT(*) FROM ` + UsesCollection + ` u WHERE u.promotion = p.id AND u.[[user]] = {:user})
	ELSE 0 END AS customerUses
	FROM ` + Collection + ` p
	WHERE isActive = TRUE AND (automatic = TRUE OR ({:code} != '' AND code = {:code} AND automatic = FALSE))`

// Candidates are the rules Apply weighs for customer ("" for a guest) at
// now: every live automatic promotion and the live promotion of code
// ("" for none), each with the customer's uses. One statement, whatever
// the number of promotions.
func Candidates(app core.App, code, customer string, now time.Time) ([]*Rule, error) {
	var rows []candidateRow
	err := app.DB().NewQuery(candidatesSQL).Bind(dbx.Params{
		"code": strings.ToUpper(strings.TrimSpace(code)), "user": customer,
	}).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]*Rule, 0, len(rows))
	for i := range rows {
		r := rows[i].rule()
		if r.Live(now) {
			out = append(out, &r)
		}
	}
	return out, nil
}

// rule is the row as a Rule (as ruleOf reads a record).
func (c *candidateRow) rule() Rule {
	r := Rule{
		ID: c.ID, Code: c.Code, Automatic: c.Automatic, Kind: Kind(c.Kind), Value: int64(c.Value),
		Target: Target(c.Target), MinSubtotal: int64(c.MinSubtotal),
		StartsAt: timeOf(c.StartsAt), EndsAt: timeOf(c.EndsAt),
		UsageLimit: int(c.UsageLimit), PerCustomerLimit: int(c.PerCustomerLimit), TimesUsed: int(c.TimesUsed),
		CustomerUses: c.CustomerUses, Combinable: c.Combinable, IsActive: c.IsActive,
	}
	_ = json.Unmarshal([]byte(c.Name), &r.Name)
	_ = json.Unmarshal([]byte(c.ProductIDs), &r.ProductIDs)
	_ = json.Unmarshal([]byte(c.CategoryIDs), &r.CategoryIDs)
	return r
}

// timeOf is a date column's time (zero for none).
func timeOf(s string) time.Time {
	d, _ := types.ParseDateTime(s)
	return d.Time()
}
