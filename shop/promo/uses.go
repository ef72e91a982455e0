package promo

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/wire"
)

// ErrCodeNotFound: no live promotion has the code (it does not exist, is
// paused, has not started or has ended: one answer for all, so codes
// cannot be probed; 404 promotion_not_found).
var ErrCodeNotFound = wire.NewProblem(http.StatusNotFound, "promotion_not_found", "This code is not valid")

// NotApplicableError says a live code does not apply to the cart (409
// promotion_not_applicable): why, and for ReasonMinSubtotal the cents
// still to add.
type NotApplicableError struct {
	Code    string
	Reason  Reason
	Missing int64
}

func (e *NotApplicableError) Error() string {
	return fmt.Sprintf("promotion %s does not apply: %s", e.Code, e.Reason)
}

// Problem is the 409 promotion_not_applicable with the reason (and, for
// min_subtotal, what is still to add, also in the message: "Add $37.00
// more to use TOURING25").
func (e *NotApplicableError) Problem() *wire.Problem {
	msg := map[Reason]string{
		ReasonNoEligible:    "Nothing in the cart is eligible for " + e.Code,
		ReasonUsageLimit:    e.Code + " has been used up",
		ReasonCustomerLimit: "You have already used " + e.Code,
	}[e.Reason]
	p := wire.Conflict("promotion_not_applicable", msg)
	p.Reason = string(e.Reason)
	if e.Reason == ReasonMinSubtotal {
		missing := wire.Amount(e.Missing)
		p.Missing = &missing
		p.Message = fmt.Sprintf("Add $%s more to use %s", missing, e.Code)
	}
	return p
}

// UsedUpError says a promotion could not be counted for an order: its
// limit (total or the customer's) was reached, or it ended or was paused,
// since the cart was priced. The order's transaction rolls back and the
// caller prices again (409 total_changed).
type UsedUpError struct{ ID string }

func (e *UsedUpError) Error() string { return "promotion " + e.ID + " can no longer be used" }

// CheckCode is the live promotion of code and whether it applies to in:
// ErrCodeNotFound, or *NotApplicableError with its reason.
func CheckCode(app core.App, code string, in Input) (*Rule, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return nil, ErrCodeNotFound
	}
	rules, err := Candidates(app, code, in.Customer, in.Now)
	if err != nil {
		return nil, err
	}
	for _, r := range rules {
		if r.Automatic {
			continue
		}
		if reason, missing := r.Check(in); reason != "" {
			return r, &NotApplicableError{Code: r.Code, Reason: reason, Missing: missing}
		}
		return r, nil
	}
	return nil, ErrCodeNotFound
}

// Redeem counts the uses of res's discounts for the order, inside the
// order's own write transaction: each promotion's timesUsed moves by one
// conditional UPDATE (still active and below its limit, as the stock
// does: docs/decisions/stock-sql.md), the customer's uses are counted
// against the per-customer limit, and a use row keeps the order, the
// customer and the discount. A promotion that cannot be counted any more
// is *UsedUpError: the caller's transaction rolls back, so concurrent
// orders never pass a limit.
func Redeem(txApp core.App, orderID, customer string, res Result) error {
	return count(txApp, orderID, customer, res.Discounts, "isActive = TRUE AND ")
}

// Recount counts again the uses of a revived order's discounts (given
// back when it was cancelled unpaid), in the revive's transaction, with
// the limits as they are now: a promotion at its total or the customer's
// limit is *UsedUpError and the revive rolls back. A promotion paused since
// still counts (the order was placed while it was live); one deleted since
// has nothing left to count. An order that kept its uses (cancelled after
// a payment) counts nothing twice.
func Recount(txApp core.App, orderID, customer string, discounts []Discount) error {
	var kept int
	if err := txApp.DB().Select("COUNT(*)").From(UsesCollection).Where(dbx.HashExp{"order": orderID}).Row(&kept); err != nil || kept > 0 {
		return err
	}
	var ids []string
	if err := txApp.DB().Select("id").From(Collection).Where(dbx.In("id", idsOf(discounts)...)).Column(&ids); err != nil {
		return err
	}
	live := make([]Discount, 0, len(discounts))
	for _, d := range discounts {
		if slices.Contains(ids, d.ID) {
			live = append(live, d)
		}
	}
	return count(txApp, orderID, customer, live, "")
}

// idsOf is the promotion ids of discounts, for an IN.
func idsOf(discounts []Discount) []any {
	out := make([]any, 0, len(discounts))
	for _, d := range discounts {
		out = append(out, d.ID)
	}
	return out
}

// count is Redeem and Recount: one conditional UPDATE moves the
// timesUsed of every discount's promotion (with active,
// "isActive = TRUE AND " or ""), within its total and per-customer limits
// (the uses counted before this order's, which are written after), and
// names the promotions it moved; one INSERT writes their use rows. A
// promotion it did not move is *UsedUpError. Two plain statements rather
// than one per promotion and a record save per use: the uses are this
// transaction's own rows (the order and the promotions just counted), so
// there is nothing for a record's validation to check, and no hook
// watches them (bench/RESULTS.md section 14).
func count(txApp core.App, orderID, customer string, discounts []Discount, active string) error {
	if len(discounts) == 0 {
		return nil
	}
	params := dbx.Params{"user": customer, "order": orderID, "now": types.NowDateTime().String()}
	ids := make([]string, len(discounts))
	values := make([]string, len(discounts))
	for i, d := range discounts {
		n := strconv.Itoa(i)
		ids[i] = "{:p" + n + "}"
		values[i] = "({:id" + n + "}, {:p" + n + "}, {:order}, {:user}, {:a" + n + "}, {:now})"
		params["p"+n], params["id"+n], params["a"+n] = d.ID, core.GenerateDefaultRandomId(), d.Amount+d.Shipping
	}
	var moved []string
	err := txApp.DB().NewQuery(`UPDATE ` + Collection + ` AS p SET timesUsed = timesUsed + 1
		WHERE id IN (` + strings.Join(ids, ", ") + `) AND ` + active + `(usageLimit = 0 OR timesUsed < usageLimit)
		AND (perCustomerLimit = 0 OR perCustomerLimit > (SELECT COUNT(*) FROM ` + UsesCollection + ` u
			WHERE u.promotion = p.id AND u.[[user]] = {:user})) RETURNING id`).Bind(params).Column(&moved)
	if err != nil {
		return err
	}
	for _, d := range discounts {
		if !slices.Contains(moved, d.ID) {
			return &UsedUpError{ID: d.ID}
		}
	}
	_, err = txApp.DB().NewQuery(`INSERT INTO ` + UsesCollection + ` (id, promotion, [[order]], [[user]], amountCents, created)
		VALUES ` + strings.Join(values, ", ")).Bind(params).Execute()
	return err
}

// Release gives back the uses of the order (an order cancelled before it
// was paid), once: its use rows go and each promotion's timesUsed moves
// down by one; a second call finds no rows and changes nothing.
func Release(txApp core.App, orderID string) error {
	var ids []string
	err := txApp.DB().Select("promotion").From(UsesCollection).Where(dbx.HashExp{"order": orderID}).Column(&ids)
	if err != nil || len(ids) == 0 {
		return err
	}
	if _, err := txApp.DB().Delete(UsesCollection, dbx.HashExp{"order": orderID}).Execute(); err != nil {
		return err
	}
	for _, id := range ids {
		_, err := txApp.DB().NewQuery(`UPDATE ` + Collection + ` SET timesUsed = timesUsed - 1
			WHERE id = {:id} AND timesUsed > 0`).Bind(dbx.Params{"id": id}).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}
