package shop

import (
	"database/sql"
	"errors"
	"math"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/mail"
)

// topRow is one best seller as the query answers it.
type topRow struct {
	ID      string  `db:"id"`
	Units   float64 `db:"units"`
	Revenue float64 `db:"revenue"`
	Current string  `db:"current"`
}

// topProducts ranks the products by units sold in non-cancelled orders
// placed in [from, to) (UTC dates), then by revenue, from the per-date,
// per-product rollup (one row per product sold on a date). The names come
// afterwards for the few winners: the product's current name, or the
// snapshot of its latest line in the period when it was deleted.
func topProducts(app core.App, from, to time.Time) ([]TopProduct, error) {
	var rows []topRow
	err := app.DB().NewQuery(`
		SELECT t.id AS id, t.units AS units, t.revenue AS revenue, COALESCE(p.nameLocalized, '') AS current
		FROM (
			SELECT productId AS id, SUM(units) AS units, SUM(revenueCents) AS revenue
			FROM overview_day_products
			WHERE day >= {:from} AND day < {:to}
			GROUP BY productId
			HAVING SUM(lines) > 0
			ORDER BY units DESC, revenue DESC, id
			LIMIT {:limit}
		) t
		LEFT JOIN products p ON p.id = t.id
		ORDER BY t.units DESC, t.revenue DESC, t.id`).
		Bind(dbx.Params{"from": from.Format(dayLayout), "to": to.Format(dayLayout), "limit": topProductsLimit}).
		All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]TopProduct, 0, len(rows))
	for _, r := range rows {
		name, _ := ParseLocalizedJSON([]byte(r.Current))
		if len(name) == 0 {
			if name, err = snapshotName(app, r.ID, from, to); err != nil {
				return nil, err
			}
		}
		out = append(out, TopProduct{ID: r.ID, Name: name.Get("en", ""), NameLocalized: name,
			Units: int(math.Round(r.Units)), Revenue: Amount(int64(math.Round(r.Revenue)))})
	}
	return out, nil
}

// snapshotName is the name on the latest line of productID in a
// non-cancelled order placed in [from, to): a deleted product's name. The
// product's index walks its lines newest first, so the first match ends it.
func snapshotName(app core.App, productID string, from, to time.Time) (Localized, error) {
	var snapshot string
	err := app.DB().NewQuery(`
		SELECT li.productName FROM order_items li INDEXED BY idx_order_items_product
		JOIN orders o ON o.id = li.orderRef
		WHERE li.productId = {:id} AND o.created >= {:from} AND o.created < {:to} AND o.status != {:cancelled}
		ORDER BY li.rowid DESC LIMIT 1`).
		Bind(dbx.Params{"id": productID, "from": storedTime(from), "to": storedTime(to), "cancelled": StatusCancelled}).
		Row(&snapshot)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	name, _ := ParseLocalizedJSON([]byte(snapshot))
	return name, nil
}

// lowStock lists the active products with LowStockLevel or fewer units,
// emptiest first (at most LowStockLimit), and counts them all.
func lowStock(app core.App) ([]LowStockProduct, int, error) {
	where := dbx.NewExp("isActive = 1 AND stockQuantity <= {:level}", dbx.Params{"level": lowStockLevel})
	var total int
	if err := app.DB().Select("COUNT(*)").From(ProductsCollection).Where(where).Row(&total); err != nil {
		return nil, 0, err
	}
	var rows []struct {
		ID            string  `db:"id"`
		Name          string  `db:"name"`
		NameLocalized string  `db:"nameLocalized"`
		Stock         float64 `db:"stockQuantity"`
	}
	err := app.DB().Select("id", "name", "nameLocalized", "stockQuantity").From(ProductsCollection).Where(where).
		OrderBy("stockQuantity ASC", "name ASC", "id ASC").Limit(lowStockLimit).All(&rows)
	if err != nil {
		return nil, 0, err
	}
	out := make([]LowStockProduct, 0, len(rows))
	for _, r := range rows {
		name, _ := ParseLocalizedJSON([]byte(r.NameLocalized))
		if len(name) == 0 && r.Name != "" {
			name = Localized{"en": r.Name}
		}
		out = append(out, LowStockProduct{ID: r.ID, Name: name.Get("en", r.Name), NameLocalized: name,
			StockQuantity: int(math.Round(r.Stock))})
	}
	return out, total, nil
}

// emailCounts counts the outbox's queued and failed e-mails, one count per
// status so the outbox's (status, nextAttemptAt) index answers them without
// reading the sent e-mails.
func emailCounts(app core.App, out *Overview) error {
	for _, c := range []struct {
		status string
		n      *int
	}{{mail.StatusQueued, &out.QueuedEmails}, {mail.StatusFailed, &out.FailedEmails}} {
		err := app.DB().Select("COUNT(*)").From(mail.Collection).Where(dbx.HashExp{"status": c.status}).Row(c.n)
		if err != nil {
			return err
		}
	}
	return nil
}
