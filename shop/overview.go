package shop

import (
	"math"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/shop/contact"
	"stageshop/shop/wire"
)

// Figures of the admin overview.
const (
	// DefaultOverviewDays is the period of the overview's chart and top
	// products unless another of OverviewDays is asked for.
	DefaultOverviewDays = 30
	// lowStockLevel is the spec's warning band: 10 or fewer units left.
	lowStockLevel = 10
	// lowStockLimit bounds the low-stock list (lowStockCount has them all).
	lowStockLimit = 50
	// topProductsLimit is how many best sellers the overview lists.
	topProductsLimit = 5
)

// overviewDays are the periods the overview offers, in days.
var overviewDays = []int{7, 30, 90}

// OverviewQuery asks for the overview of the days (UTC dates) up to and
// including the date of Now.
type OverviewQuery struct {
	Days int       `json:"days"`
	Now  time.Time `json:"-"`
}

// Validate checks that Days is one of OverviewDays.
func (q OverviewQuery) Validate() error {
	bad := validation.NewError("validation_days", "Days must be 7, 30 or 90")
	return validation.ValidateStruct(&q,
		validation.Field(&q.Days, validation.Required.ErrorObject(bad), validation.In(7, 30, 90).ErrorObject(bad)),
	)
}

// Revenue is an answer shape (shop/wire).
type Revenue = wire.Revenue

// DayFigures is an answer shape (shop/wire).
type DayFigures = wire.DayFigures

// TopProduct is an answer shape (shop/wire).
type TopProduct = wire.TopProduct

// LowStockProduct is an answer shape (shop/wire).
type LowStockProduct = wire.LowStockProduct

// Overview is an answer shape (shop/wire).
type Overview = wire.Overview

// dayLayout is how a UTC date is written (the chart's dates).
const dayLayout = "2006-01-02"

// startOfDay is midnight UTC of t's UTC date.
func startOfDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// storedTime is t as PocketBase stores dates, so it compares as text with
// the created column ("2026-11-22 00:00:00.000Z").
func storedTime(t time.Time) string {
	return t.UTC().Format(types.DefaultDateLayout)
}

// GetOverview computes the overview with SQL aggregates, none of which
// loads orders into memory: the order figures come from the rollup tables
// that triggers keep in every order write's transaction
// (pb_migrations/init_overview.go), per UTC date, so a period reads at most 90 dates. Revenue
// and order counts leave out Cancelled orders; ordersByStatus counts every
// order ever placed by its current status.
func GetOverview(app core.App, q OverviewQuery) (*Overview, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	if q.Now.IsZero() {
		q.Now = time.Now()
	}
	out := &Overview{Days: q.Days}
	today := startOfDay(q.Now)
	if err := revenueFigures(app, today, q.Days, out); err != nil {
		return nil, err
	}
	var err error
	if out.OrdersByStatus, err = ordersByStatus(app); err != nil {
		return nil, err
	}
	periodStart := today.AddDate(0, 0, 1-q.Days)
	if out.TopProducts, err = topProducts(app, periodStart, today.AddDate(0, 0, 1)); err != nil {
		return nil, err
	}
	if out.LowStock, out.LowStockCount, err = lowStock(app); err != nil {
		return nil, err
	}
	if out.Awaiting, err = awaitedPayments(app); err != nil {
		return nil, err
	}
	if out.Quotes, err = quoteFigures(app, periodStart, today.AddDate(0, 0, 1), q.Now); err != nil {
		return nil, err
	}
	if err = app.DB().Select("COUNT(*)").From(contact.Collection).
		Where(dbx.HashExp{"status": contact.StatusNew}).Row(&out.NewContactRequests); err != nil {
		return nil, err
	}
	return out, emailCounts(app, out)
}

// dayRow is one UTC date of the revenue query.
type dayRow struct {
	Day     string  `db:"day"`
	Revenue float64 `db:"revenue"`
	Tax     float64 `db:"tax"`
	Orders  int     `db:"orders"`
}

// revenueFigures fills the revenue windows, the chart (every date of the
// period, zero days included) and the period's average order value from
// the per-date rollup (pb_migrations/init_overview.go: at most 90 rows read).
func revenueFigures(app core.App, today time.Time, days int, out *Overview) error {
	span := max(days, 30)
	var rows []dayRow
	err := app.DB().NewQuery(`
		SELECT day, revenueCents AS revenue, taxCents AS tax, orders FROM overview_days
		WHERE day >= {:from} AND day <= {:to}`).
		Bind(dbx.Params{"from": today.AddDate(0, 0, 1-span).Format(dayLayout), "to": today.Format(dayLayout)}).
		All(&rows)
	if err != nil {
		return err
	}
	byDay := make(map[string]dayRow, len(rows))
	for _, r := range rows {
		byDay[r.Day] = r
	}
	out.RevenueByDay = make([]DayFigures, 0, days)
	for i := span - 1; i >= 0; i-- {
		date := today.AddDate(0, 0, -i).Format(dayLayout)
		r := byDay[date]
		cents, tax := Amount(int64(math.Round(r.Revenue))), Amount(int64(math.Round(r.Tax)))
		addToWindows(&out.Revenue, i, cents)
		addToWindows(&out.Tax, i, tax)
		if i < days {
			out.RevenueByDay = append(out.RevenueByDay, DayFigures{Date: date, Revenue: cents, Tax: tax, Orders: r.Orders})
			out.PeriodRevenue += cents
			out.PeriodTax += tax
			out.PeriodOrders += r.Orders
		}
	}
	if out.PeriodOrders > 0 {
		// Half a cent rounds up, as everywhere money is divided.
		out.AverageOrderValue = Amount((int64(out.PeriodRevenue)*2 + int64(out.PeriodOrders)) / (2 * int64(out.PeriodOrders)))
	}
	return nil
}

// addToWindows counts the figure of the date daysAgo before today in the windows
// it falls in.
func addToWindows(r *Revenue, daysAgo int, cents Amount) {
	if daysAgo == 0 {
		r.Today += cents
	}
	if daysAgo < 7 {
		r.Last7Days += cents
	}
	if daysAgo < 30 {
		r.Last30Days += cents
	}
}

// ordersByStatus counts all orders by their current status (the rollup's
// counts, kept by triggers); every status is present, with 0 when no order
// has it.
func ordersByStatus(app core.App) (map[string]int, error) {
	var rows []struct {
		Status string `db:"status"`
		N      int    `db:"n"`
	}
	err := app.DB().NewQuery("SELECT status, orders AS n FROM overview_statuses").All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(orderStatuses))
	for _, s := range orderStatuses {
		out[s] = 0
	}
	for _, r := range rows {
		out[r.Status] += r.N
	}
	return out, nil
}

// Awaiting is an answer shape (shop/wire).
type Awaiting = wire.Awaiting

// awaitedPayments sums what open orders still owe, through the payment
// status index (unpaid orders are few: they are paid, expire or are
// cancelled).
func awaitedPayments(app core.App) (Awaiting, error) {
	var row struct {
		Amount float64 `db:"amount"`
		Orders int     `db:"orders"`
	}
	err := app.DB().NewQuery(`SELECT COALESCE(SUM(amountDueCents - amountPaidCents), 0) AS amount, COUNT(*) AS orders
		FROM orders WHERE paymentStatus IN ('pending', 'awaiting_payment', 'partially_paid') AND status != 'Cancelled'`).One(&row)
	return Awaiting{Amount: Amount(int64(math.Round(row.Amount))), Orders: row.Orders}, err
}

// quoteFigures counts the quotes (the quotes collection, shop/quote):
// requested, sent and still valid at now (a quote without a validity date
// is open) with their total, and those whose order was placed from from
// to before to with theirs. Quotes hold no stock: none of this is revenue.
func quoteFigures(app core.App, from, to, now time.Time) (wire.QuoteFigures, error) {
	var row struct {
		Requested     int     `db:"requested"`
		Open          int     `db:"open"`
		Accepted      int     `db:"accepted"`
		OpenCents     float64 `db:"openCents"`
		AcceptedCents float64 `db:"acceptedCents"`
	}
	err := app.DB().NewQuery(`SELECT
		COALESCE(SUM(q.status = 'requested'), 0) AS requested,
		COALESCE(SUM(q.status = 'sent' AND (q.validUntil = '' OR q.validUntil >= {:now})), 0) AS open,
		COALESCE(SUM(CASE WHEN q.status = 'sent' AND (q.validUntil = '' OR q.validUntil >= {:now}) THEN q.totalCents END), 0) AS openCents,
		COALESCE(SUM(o.id IS NOT NULL), 0) AS accepted,
		COALESCE(SUM(CASE WHEN o.id IS NOT NULL THEN q.totalCents END), 0) AS acceptedCents
		FROM quotes q
		LEFT JOIN orders o ON q.status = 'accepted' AND o.id = q.orderRef AND o.created >= {:from} AND o.created < {:to}
		WHERE q.status IN ('requested', 'sent', 'accepted')`).
		Bind(dbx.Params{"now": storedTime(now), "from": storedTime(from), "to": storedTime(to)}).One(&row)
	return wire.QuoteFigures{Requested: row.Requested, Open: row.Open, OpenValue: Amount(int64(math.Round(row.OpenCents))),
		Accepted: row.Accepted, AcceptedValue: Amount(int64(math.Round(row.AcceptedCents)))}, err
}
